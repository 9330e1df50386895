import { staffSignInError } from './staff-sign-in';

describe('staff sign-in errors', () => {
  it('says plainly that a person outside the staff group cannot sign in', () => {
    expect(staffSignInError('?error=not-staff')).toMatch(/not in the staff group/);
  });

  it('reads an unknown code as a failed sign-in, and no code as no error', () => {
    expect(staffSignInError('?error=whatever')).toBe('Staff sign-in did not complete. Please try again.');
    expect(staffSignInError('')).toBeNull();
  });
});
