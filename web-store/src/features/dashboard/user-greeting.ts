import type { CurrentUser } from '@/lib/auth';

/** The parts of the signed-in user the greeting uses. */
export type GreetedUser = Pick<CurrentUser, 'email' | 'firstName' | 'lastName'>;

const initial = (text: string | null | undefined) => text?.trim().charAt(0) ?? '';

/** docs/store-spec.md §2: first letters of first and last name, else the first letter of the email, else "U"; upper case. */
export function initialsOf(user: GreetedUser): string {
  const first = initial(user.firstName);
  const last = initial(user.lastName);
  if (first && last) return (first + last).toUpperCase();
  return (initial(user.email) || 'U').toUpperCase();
}

/**
 * "Welcome back, {firstName}!"; with no first name the greeting drops the name ("Welcome back!")
 * rather than guess one from the email address.
 */
export function welcomeOf(user: GreetedUser): string {
  const name = user.firstName?.trim();
  return name ? `Welcome back, ${name}!` : 'Welcome back!';
}
