import { DownloadTokens, LINK_LIFETIME_MS } from './download-token';

describe('DownloadTokens', () => {
  const tokens = new DownloadTokens('a secret of sufficient length for the test');
  const grant = {
    subscriptionId: '0f8e6b1e-2d0c-4f57-9f4e-9a3b2c1d0e5f',
    datasetId: '1f8e6b1e-2d0c-4f57-9f4e-9a3b2c1d0e5f',
  };

  it('checks out a link it issued, until it expires 15 minutes later', () => {
    const { token } = tokens.issue(grant, 1_000);
    expect(tokens.check(token, 1_000 + LINK_LIFETIME_MS - 1)).toEqual({
      valid: true,
      grant: { ...grant, expiresAt: 1_000 + LINK_LIFETIME_MS },
    });
    expect(tokens.check(token, 1_000 + LINK_LIFETIME_MS)).toEqual({ valid: false, reason: 'expired' });
  });

  it('refuses a link that was changed or signed with another key', () => {
    const { token } = tokens.issue(grant);
    const [payload, signature] = token.split('.');
    const other = Buffer.from(`${grant.subscriptionId}.another-dataset.${Date.now() + 60_000}`).toString('base64url');
    expect(tokens.check(`${other}.${signature}`).valid).toBe(false);
    expect(tokens.check(`${payload}.${signature.slice(1)}x`).valid).toBe(false);
    expect(new DownloadTokens('another secret entirely, also long').check(token).valid).toBe(false);
    expect(tokens.check('garbage').valid).toBe(false);
  });

  it('refuses a link signed with the right key over ids that are not ids', () => {
    const { token } = tokens.issue({ subscriptionId: 'not-a-uuid', datasetId: grant.datasetId });
    expect(tokens.check(token)).toEqual({ valid: false, reason: 'malformed' });
  });

  it('accepts a link signed with the previous secret after a rotation, and signs new ones with the new secret', () => {
    const previous = 'a secret of sufficient length for the test';
    const current = 'the new secret, rotated in, also long enough';
    const rotated = new DownloadTokens([current, previous]);
    expect(rotated.check(tokens.issue(grant).token).valid).toBe(true);
    const fresh = rotated.issue(grant).token;
    expect(new DownloadTokens(current).check(fresh).valid).toBe(true);
    expect(tokens.check(fresh).valid).toBe(false);
  });
});
