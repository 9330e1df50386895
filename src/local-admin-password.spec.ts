import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureLocalAdminPassword } from './bootstrap';

describe('The local admin password', () => {
  let secrets: string;
  let printed: string[];
  const saved = process.env.ADMIN_PASSWORD;

  /** One start of the store on this machine, as a new process sees it: no ADMIN_PASSWORD set. */
  function start(env: Record<string, string> = { NODE_ENV: 'development' }): string | undefined {
    delete process.env.ADMIN_PASSWORD;
    ensureLocalAdminPassword(env, secrets);
    return process.env.ADMIN_PASSWORD;
  }

  beforeEach(() => {
    secrets = mkdtempSync(join(tmpdir(), 'cds-local-secrets-'));
    printed = [];
    jest.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
  });

  afterEach(() => {
    jest.restoreAllMocks();
    rmSync(secrets, { recursive: true, force: true });
    process.env.ADMIN_PASSWORD = saved;
  });

  it('is made once per machine, kept where only its owner reads it, and shown with where it is kept', () => {
    const password = start()!;
    expect(password.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(secrets, 'admin-password')).mode & 0o777).toBe(0o600);
    expect(printed.join('\n')).toContain(`kept in ${join(secrets, 'admin-password')}: ${password}`);
  });

  it('survives a restart, and is not printed again', () => {
    const first = start();
    printed = [];
    expect(start()).toBe(first);
    expect(printed.join('\n')).toContain(`the one kept in ${join(secrets, 'admin-password')}`);
    expect(printed.join('\n')).not.toContain(first);
  });

  it('leaves a configured ADMIN_PASSWORD, and production, alone', () => {
    process.env.ADMIN_PASSWORD = 'set by the developer, at least 32 characters';
    ensureLocalAdminPassword({ NODE_ENV: 'development', ADMIN_PASSWORD: process.env.ADMIN_PASSWORD }, secrets);
    expect(process.env.ADMIN_PASSWORD).toBe('set by the developer, at least 32 characters');
    expect(start({ NODE_ENV: 'production' })).toBeUndefined();
    expect(printed).toEqual([]);
  });
});
