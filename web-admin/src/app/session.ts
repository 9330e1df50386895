import type { QueryClient } from '@tanstack/react-query';
import type { components } from '@web-shared/api-types';
import { adminKeys } from '../lib/api';
import { clearAdminToken, storeAdminToken } from '../lib/admin-token';

/** Signed in: keep the token and let the guard pass without asking the server again. */
export function startSession(client: QueryClient, token: string): void {
  storeAdminToken(token);
  client.setQueryData<components['schemas']['AdminAuthCheckDto']>(adminKeys.checkAuth, { authenticated: true });
}

/** Signed out (or the session ran out): forget the token and every figure read with it. */
export function endSession(client: QueryClient): void {
  clearAdminToken();
  client.clear();
}
