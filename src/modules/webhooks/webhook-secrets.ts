import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** A new endpoint secret, shown to its owner once: `whsec_` and 32 random bytes. */
export function newEndpointSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * Endpoint secrets at rest. Signing needs the secret itself (unlike API tokens, of which a hash is
 * enough), so it is stored encrypted (AES-256-GCM) under a key derived from SESSION_SECRET: a copy of
 * the database alone signs nothing. Sealed under the current session secret; opened under it or the
 * previous one while session secrets are rotated.
 */
export class EndpointSecrets {
  private readonly keys: Buffer[];

  constructor(sessionSecrets: string[]) {
    this.keys = sessionSecrets.map((secret) =>
      Buffer.from(hkdfSync('sha256', secret, 'county-data-store', 'webhook endpoint secrets', 32)),
    );
  }

  /** `v1.<iv>.<tag>.<ciphertext>`, base64url. */
  seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys[0], iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), sealed]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1') throw new Error('An endpoint secret sealed in an unknown way');
    for (const key of this.keys) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        // Sealed under another session secret: try the next.
      }
    }
    throw new Error('An endpoint secret sealed under a session secret no longer configured');
  }
}
