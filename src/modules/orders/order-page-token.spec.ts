import { DerivedOrderPageTokens } from './order-page-token';

describe('Order page tokens', () => {
  const tokens = new DerivedOrderPageTokens('a session secret of at least thirty-two characters');
  const orderId = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';

  it('names the order they were issued for', () => {
    expect(tokens.orderIdOf(tokens.issue(orderId))).toBe(orderId);
  });

  it('are long enough that guessing one is hopeless', () => {
    expect(tokens.issue(orderId).length).toBeGreaterThanOrEqual(80);
  });

  it('refuse a token whose order id was changed', () => {
    const [, mac] = tokens.issue(orderId).split('.');
    expect(tokens.orderIdOf(`${orderId.replace('6f1c', '6f1d')}.${mac}`)).toBeNull();
  });

  it('refuse tokens made with another secret, and malformed ones', () => {
    const foreign = new DerivedOrderPageTokens('another secret of at least thirty-two characters!').issue(orderId);
    expect(tokens.orderIdOf(foreign)).toBeNull();
    expect(tokens.orderIdOf('not-a-token')).toBeNull();
    expect(tokens.orderIdOf(`${tokens.issue(orderId)}.extra`)).toBeNull();
  });

  it('open links made with the previous secret after a rotation, and make new ones with the new secret', () => {
    const current = 'the new session secret, rotated in, thirty-two+';
    const rotated = new DerivedOrderPageTokens([current, 'a session secret of at least thirty-two characters']);
    expect(rotated.orderIdOf(tokens.issue(orderId))).toBe(orderId);
    expect(new DerivedOrderPageTokens(current).orderIdOf(rotated.issue(orderId))).toBe(orderId);
    expect(tokens.orderIdOf(rotated.issue(orderId))).toBeNull();
  });
});
