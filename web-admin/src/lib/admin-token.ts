/** docs/store-spec.md §3: the admin token lives in local storage under this key. */
export const ADMIN_TOKEN_KEY = 'adminToken';

export function readAdminToken(): string | null {
  try {
    return localStorage.getItem(ADMIN_TOKEN_KEY);
  } catch {
    return null; // storage blocked: the httpOnly cookie still carries the session
  }
}

export function storeAdminToken(token: string): void {
  localStorage.setItem(ADMIN_TOKEN_KEY, token);
}

export function clearAdminToken(): void {
  try {
    localStorage.removeItem(ADMIN_TOKEN_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
