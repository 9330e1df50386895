import { newTokenSecret, TOKEN_SHAPE, tokenHash, tokenPrefix } from './api-token-secret';

describe('API token secrets', () => {
  it('makes tokens of the documented shape, each different', () => {
    const tokens = Array.from({ length: 1_000 }, newTokenSecret);
    for (const token of tokens) expect(token).toMatch(TOKEN_SHAPE);
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('uses every base62 character', () => {
    const seen = new Set(
      Array.from({ length: 200 }, () => newTokenSecret().slice(4))
        .join('')
        .split(''),
    );
    expect(seen.size).toBe(62);
  });

  it('keeps a 64-character hash and shows only the mark and 4 characters', () => {
    const token = newTokenSecret();
    expect(tokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenHash(token)).not.toContain(token.slice(4));
    expect(tokenPrefix(token)).toBe(token.slice(0, 8));
    expect(tokenPrefix(token)).toMatch(/^cds_[0-9A-Za-z]{4}$/);
  });
});
