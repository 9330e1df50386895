/**
 * docs/store-spec.md §3 keeps the console's sign-in "in local storage under an admin token key". Only a
 * marker that this browser signed in is kept there, never the credential: any script on the page can
 * read local storage, so the session itself travels only in the httpOnly, SameSite=Strict cookie the
 * server sets (security audit, finding 7). The marker grants nothing; the server decides on every call.
 */
export const ADMIN_TOKEN_KEY = 'adminToken';
export const SIGNED_IN_MARKER = 'cookie-session';

export function markSignedIn(): void {
  try {
    localStorage.setItem(ADMIN_TOKEN_KEY, SIGNED_IN_MARKER);
  } catch {
    // Storage blocked: the cookie still carries the session.
  }
}

export function clearSignedInMarker(): void {
  try {
    localStorage.removeItem(ADMIN_TOKEN_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
