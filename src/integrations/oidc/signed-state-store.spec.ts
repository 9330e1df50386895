import { SignInState, SignInStateSeal } from './signed-state-store';

describe('SignInStateSeal', () => {
  const seal = new SignInStateSeal('a session secret', 'customer');
  const now = Date.UTC(2026, 0, 1);
  const state: SignInState = { handle: 'h4ndle', nonce: 'n0nce', returnTo: '/dashboard', expires: now + 600_000 };

  it('opens what it sealed, before it expires', () => {
    expect(seal.open(seal.seal(state), now)).toEqual({ state });
  });

  it('refuses a state once it has expired', () => {
    expect(seal.open(seal.seal(state), state.expires)).toEqual({
      refused: 'The sign-in took too long: its state expired',
    });
  });

  it('refuses a state whose content or signature was changed', () => {
    const [payload, mac] = seal.seal(state).split('.');
    const forged = Buffer.from(JSON.stringify({ ...state, returnTo: '//evil.example' })).toString('base64url');
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    for (const value of [`${forged}.${mac}`, `${payload}.${flipped}`, `${payload}.`, payload, `${payload}.${mac}.x`]) {
      expect(seal.open(value, now)).toEqual({ refused: 'The sign-in state cookie is not one this store signed' });
    }
  });

  it('refuses a state sealed under another secret', () => {
    const other = new SignInStateSeal('another secret', 'customer').seal(state);
    expect(seal.open(other, now)).toEqual({ refused: 'The sign-in state cookie is not one this store signed' });
  });

  it('refuses the state of the other sign-in', () => {
    const staff = new SignInStateSeal('a session secret', 'staff').seal(state);
    expect(seal.open(staff, now)).toEqual({ refused: 'The sign-in state cookie is not one this store signed' });
  });

  it('refuses a missing state', () => {
    expect(seal.open(undefined, now)).toEqual({
      refused: 'No sign-in in progress in this browser (its state cookie is missing)',
    });
  });

  it('opens a state sealed before a rotation, and seals new ones with the new secret', () => {
    const rotated = new SignInStateSeal(['the new secret', 'a session secret'], 'customer');
    expect(rotated.open(seal.seal(state), now)).toEqual({ state });
    expect(new SignInStateSeal('the new secret', 'customer').open(rotated.seal(state), now)).toEqual({ state });
    expect('refused' in seal.open(rotated.seal(state), now)).toBe(true);
  });
});
