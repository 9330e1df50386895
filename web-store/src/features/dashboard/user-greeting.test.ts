import { initialsOf, welcomeOf } from './user-greeting';

const user = (firstName: string | null, lastName: string | null, email: string | null) => ({
  firstName,
  lastName,
  email,
});

describe('the avatar initials', () => {
  it('are the first letters of the first and last name, in upper case', () => {
    expect(initialsOf(user('ada', 'lovelace', 'ada@example.com'))).toBe('AL');
    expect(initialsOf(user(' Grace ', 'Hopper', null))).toBe('GH');
  });

  it('fall back to the first letter of the email when a name is missing', () => {
    expect(initialsOf(user('Ada', null, 'zed@example.com'))).toBe('Z');
    expect(initialsOf(user(null, 'Lovelace', 'zed@example.com'))).toBe('Z');
    expect(initialsOf(user('', '  ', 'zed@example.com'))).toBe('Z');
  });

  it('are "U" when there is neither a full name nor an email', () => {
    expect(initialsOf(user(null, null, null))).toBe('U');
    expect(initialsOf(user('Ada', null, ''))).toBe('U');
  });
});

describe('the welcome line', () => {
  it('greets by first name', () => {
    expect(welcomeOf(user('Ada', 'Lovelace', null))).toBe('Welcome back, Ada!');
  });

  it('drops the name when there is no first name', () => {
    expect(welcomeOf(user(null, 'Lovelace', 'ada@example.com'))).toBe('Welcome back!');
    expect(welcomeOf(user('  ', null, null))).toBe('Welcome back!');
  });
});
