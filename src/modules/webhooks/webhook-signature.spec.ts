import { createHmac } from 'node:crypto';
import { signatureHeader, verifySignature } from './webhook-signature';

describe('Webhook signatures (Cds-Signature)', () => {
  const body = '{"id":"evt_1","type":"release.published"}';
  const now = Date.parse('2026-11-29T12:00:00Z');
  const t = now / 1000;

  it('signs "t.body" with HMAC-SHA256, as a receiver computes it with the secret alone', () => {
    const expected = createHmac('sha256', 'whsec_a').update(`${t}.${body}`).digest('hex');
    expect(signatureHeader(body, ['whsec_a'], t)).toBe(`t=${t},v1=${expected}`);
    expect(verifySignature(signatureHeader(body, ['whsec_a'], t), body, 'whsec_a', now)).toBe(true);
  });

  it('carries one signature per live secret during a roll, each verifying on its own', () => {
    const header = signatureHeader(body, ['whsec_new', 'whsec_old'], t);
    expect(header.match(/v1=/g)).toHaveLength(2);
    expect(verifySignature(header, body, 'whsec_new', now)).toBe(true);
    expect(verifySignature(header, body, 'whsec_old', now)).toBe(true);
    expect(verifySignature(header, body, 'whsec_other', now)).toBe(false);
  });

  it('fails a changed body, a replay older than five minutes, and a malformed header', () => {
    const header = signatureHeader(body, ['whsec_a'], t);
    expect(verifySignature(header, body.replace('evt_1', 'evt_2'), 'whsec_a', now)).toBe(false);
    expect(verifySignature(header, body, 'whsec_a', now + 301_000)).toBe(false);
    expect(verifySignature(header.replace(`t=${t}`, `t=${t + 1}`), body, 'whsec_a', now)).toBe(false);
    expect(verifySignature('v1=abc', body, 'whsec_a', now)).toBe(false);
    expect(verifySignature(`t=${t},v1=zz`, body, 'whsec_a', now)).toBe(false);
  });
});
