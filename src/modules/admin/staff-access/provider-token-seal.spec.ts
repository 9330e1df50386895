import { ProviderTokenSeal } from './provider-token-seal';

describe('ProviderTokenSeal', () => {
  const tokens = { accessToken: 'access-1', refreshToken: 'refresh-1' };

  it('opens what it sealed, and the sealed text shows none of it', () => {
    const seal = new ProviderTokenSeal('secret-a');
    const sealed = seal.seal(tokens);
    expect(sealed).not.toContain('access-1');
    expect(seal.open(sealed)).toEqual(tokens);
  });

  it('opens nothing altered, sealed under another secret, or empty', () => {
    const sealed = new ProviderTokenSeal('secret-a').seal(tokens);
    const [iv, tag, body] = sealed.split('.');
    const flipped = `${iv}.${tag}.${body.slice(0, -2)}${body.endsWith('AA') ? 'BA' : 'AA'}`;
    expect(new ProviderTokenSeal('secret-a').open(flipped)).toBeNull();
    expect(new ProviderTokenSeal('secret-b').open(sealed)).toBeNull();
    expect(new ProviderTokenSeal('secret-a').open(null)).toBeNull();
    expect(new ProviderTokenSeal('secret-a').open('not.sealed.text')).toBeNull();
  });

  it('still opens what the previous secret sealed, after a rotation', () => {
    const sealed = new ProviderTokenSeal('old').seal(tokens);
    expect(new ProviderTokenSeal(['new', 'old']).open(sealed)).toEqual(tokens);
  });
});
