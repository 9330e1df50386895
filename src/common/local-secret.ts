import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './project-root';

export interface LocalSecret {
  value: string;
  /** Where it is kept, for telling the developer. */
  file: string;
  /** Made by this call: the first start on this machine. */
  created: boolean;
}

export const localSecretsDir = () => join(projectRoot(), 'var', 'local-secrets');

/**
 * A secret for local use only, made once and kept in var/local-secrets/, so that what it signs
 * (session cookies) or opens (the console) survives a restart. Production sets its secrets in the
 * environment and never reaches this. Two processes starting at once keep the first one written.
 */
export function localSecret(name: string, dir = localSecretsDir()): LocalSecret {
  const file = join(dir, name);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
    return { value: readFileSync(file, 'utf8').trim(), file, created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { value: readFileSync(file, 'utf8').trim(), file, created: false };
  }
}
