/** One mailbox, one spelling: emails are stored and compared trimmed and lower-case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
