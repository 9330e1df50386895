/** Where the staff-account button goes: the server starts the OpenID Connect sign-in there. */
export const STAFF_SIGN_IN_PATH = '/api/admin/staff-login';

/** The server sends staff back to /admin/login?error=<code> (src/modules/admin/staff-access/staff-sign-in.controller.ts). */
const MESSAGES: Record<string, string> = {
  'not-staff':
    'Your account is not in the staff group, so it cannot open the admin console. Ask an administrator to add you to the staff group.',
  'staff-sign-in-failed': 'Staff sign-in did not complete. Please try again.',
  'staff-sign-in-unavailable': 'Staff sign-in is not set up for this store. Use the admin password instead.',
};

/** The sentence for a staff sign-in error code in the login page's address, or null. */
export function staffSignInError(search: string): string | null {
  const code = new URLSearchParams(search).get('error');
  return code ? (MESSAGES[code] ?? MESSAGES['staff-sign-in-failed']) : null;
}
