import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header each delivery carries: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, one v1 per live secret. */
export const SIGNATURE_HEADER = 'Cds-Signature';

const hmac = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');

/**
 * The signature header of a body sent at `timestamp`: signed with every secret given (the current
 * one, and the one it replaced while their overlap lasts), so a receiver holding either verifies it.
 */
export function signatureHeader(body: string, secrets: string[], timestamp: number): string {
  return [`t=${timestamp}`, ...secrets.map((secret) => `v1=${hmac(secret, timestamp, body)}`)].join(',');
}

/**
 * What a receiver does (the docs' Node snippet is this): the header's time within `toleranceSeconds`
 * of now (a replayed old delivery fails), and one of its v1 signatures the HMAC of "t.body" under the
 * secret, compared in constant time.
 */
export function verifySignature(
  header: string,
  body: string,
  secret: string,
  now = Date.now(),
  toleranceSeconds = 300,
): boolean {
  const parts = header.split(',').map((part) => part.split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(hmac(secret, timestamp, body), 'hex');
  return parts
    .filter(([key, value]) => key === 'v1' && /^[0-9a-f]{64}$/.test(value ?? ''))
    .some(([, value]) => timingSafeEqual(Buffer.from(value, 'hex'), expected));
}
