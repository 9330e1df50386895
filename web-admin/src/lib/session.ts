import type { QueryClient } from '@tanstack/react-query';
import type { components } from '@web-shared/api-types';
import { adminKeys } from './api';
import { clearSignedInMarker, markSignedIn } from './signed-in-marker';

/**
 * Signed in with the shared password (the server has set the session cookie): mark it, and let the guard pass
 * without asking again. Break-glass sessions are admin.
 */
export function startSession(client: QueryClient): void {
  markSignedIn();
  client.setQueryData<components['schemas']['AdminAuthCheckDto']>(adminKeys.checkAuth, {
    authenticated: true,
    role: 'admin',
  });
}

/** Signed out (or the session ran out): forget the marker and every figure read in the session. */
export function endSession(client: QueryClient): void {
  clearSignedInMarker();
  client.clear();
}
