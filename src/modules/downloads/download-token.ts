import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUUID } from 'class-validator';

export const LINK_LIFETIME_MS = 15 * 60 * 1000;

export interface DownloadGrant {
  subscriptionId: string;
  datasetId: string;
  expiresAt: number;
}

export type TokenCheck = { valid: true; grant: DownloadGrant } | { valid: false; reason: 'malformed' | 'expired' };

/**
 * Download links: which subscription may fetch which file, until when, signed
 * so that nothing in them can be changed. The key is derived for this use only.
 */
export class DownloadTokens {
  /** The current secret's key signs; a previous secret's still verifies links it signed. */
  private readonly keys: Buffer[];

  constructor(secrets: string | readonly string[]) {
    this.keys = [secrets]
      .flat()
      .map((secret) => createHmac('sha256', secret).update('county-data-store download links').digest());
  }

  private sign(payload: string, key = this.keys[0]): string {
    return createHmac('sha256', key).update(payload).digest('base64url');
  }

  private signedByUs(payload: string, signature: string): boolean {
    const given = Buffer.from(signature);
    return this.keys.some((key) => {
      const expected = Buffer.from(this.sign(payload, key));
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
  }

  issue(grant: Omit<DownloadGrant, 'expiresAt'>, now = Date.now()): { token: string; expiresAt: Date } {
    const expiresAt = now + LINK_LIFETIME_MS;
    const payload = Buffer.from(`${grant.subscriptionId}.${grant.datasetId}.${expiresAt}`).toString('base64url');
    return { token: `${payload}.${this.sign(payload)}`, expiresAt: new Date(expiresAt) };
  }

  check(token: string, now = Date.now()): TokenCheck {
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return { valid: false, reason: 'malformed' };
    if (!this.signedByUs(payload, signature)) return { valid: false, reason: 'malformed' };
    const [subscriptionId, datasetId, expires] = Buffer.from(payload, 'base64url').toString('utf8').split('.');
    const expiresAt = Number(expires);
    // Only this server signs tokens, but a token signed over something else must not reach the database as an id.
    if (!isUUID(subscriptionId) || !isUUID(datasetId) || !Number.isFinite(expiresAt))
      return { valid: false, reason: 'malformed' };
    if (expiresAt <= now) return { valid: false, reason: 'expired' };
    return { valid: true, grant: { subscriptionId, datasetId, expiresAt } };
  }
}
