import { EndpointSecrets, newEndpointSecret } from './webhook-secrets';

describe('Endpoint secrets at rest', () => {
  it('stores a secret sealed, never as itself, and opens it again', () => {
    const secret = newEndpointSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const secrets = new EndpointSecrets(['session secret one']);
    const sealed = secrets.seal(secret);
    expect(sealed).not.toContain(secret.slice(6));
    expect(secrets.open(sealed)).toBe(secret);
  });

  it('opens what was sealed under the previous session secret while it is rotated, and nothing under another', () => {
    const sealed = new EndpointSecrets(['old session secret']).seal('whsec_x');
    expect(new EndpointSecrets(['new session secret', 'old session secret']).open(sealed)).toBe('whsec_x');
    expect(() => new EndpointSecrets(['another secret']).open(sealed)).toThrow(/no longer configured/);
  });
});
