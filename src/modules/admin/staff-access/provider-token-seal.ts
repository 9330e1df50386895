import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * Seals the provider's tokens of a named staff session (kept to re-check the person's groups) with
 * AES-256-GCM under a key derived from the session secret for this use only: a copy of the database
 * alone gives no token to use at the provider. A previous secret's key still opens what it sealed.
 */
export class ProviderTokenSeal {
  private readonly keys: Buffer[];

  constructor(secrets: string | readonly string[]) {
    this.keys = [secrets]
      .flat()
      .map((secret) => createHmac('sha256', secret).update('cds staff provider tokens v1').digest());
  }

  seal(value: object): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys[0], iv);
    const sealed = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
  }

  /** What was sealed, or null when no key of ours sealed it (or it was altered). */
  open<T>(value: string | null): T | null {
    const [iv, tag, sealed] = (value ?? '').split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !sealed) return null;
    for (const key of this.keys) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAuthTag(tag);
        return JSON.parse(Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8')) as T;
      } catch {
        // Another key, or not ours.
      }
    }
    return null;
  }
}
