import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './project-root';

/**
 * A secret for local use only, made once and kept in var/local-secrets/, so
 * that what it signs (session cookies) survives a restart. Production sets
 * its secrets in the environment and never reaches this.
 */
export function localSecret(name: string): string {
  const dir = join(projectRoot(), 'var', 'local-secrets');
  const file = join(dir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
