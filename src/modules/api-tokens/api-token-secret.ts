import { createHash, randomBytes } from 'node:crypto';

/** Marks a County Data Store token, so secret scanners and people recognise one in a script or a log. */
export const TOKEN_MARK = 'cds_';
const RANDOM_LENGTH = 40;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** The mark and 40 base62 characters: about 238 random bits. */
export const TOKEN_SHAPE = new RegExp(`^${TOKEN_MARK}[0-9A-Za-z]{${RANDOM_LENGTH}}$`);
/** What the dashboard shows of a token: the mark and 4 characters, enough to tell tokens apart, far too few to guess the rest. */
export const PREFIX_LENGTH = TOKEN_MARK.length + 4;

/** A new secret: random base62 characters, drawn without bias (bytes of 248 and over are skipped, 248 = 4 × 62). */
export function newTokenSecret(): string {
  let random = '';
  while (random.length < RANDOM_LENGTH) {
    for (const byte of randomBytes(RANDOM_LENGTH * 2)) {
      if (byte < 248 && random.length < RANDOM_LENGTH) random += BASE62[byte % 62];
    }
  }
  return TOKEN_MARK + random;
}

/** What is stored of a token: its SHA-256 (the secret has far too much entropy for a slow hash to add anything). */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

export const tokenPrefix = (token: string): string => token.slice(0, PREFIX_LENGTH);
