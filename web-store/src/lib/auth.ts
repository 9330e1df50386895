import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { components } from '@web-shared/api-types';
import { toast } from '../components/ui/toast';
import { useAfterFirstPaint } from './after-first-paint';
import { getJson, HttpError, isUnauthorized } from './http';

export type CurrentUser = components['schemas']['CurrentUserDto'];

export const currentUserQuery = {
  queryKey: ['auth', 'user'],
  queryFn: () => getJson<CurrentUser>('/api/auth/user'),
} as const;

/** docs/store-spec.md §4: signed in when the lookup returns a user; loading while it runs (or waits for the first paint); never retried. */
export function useCurrentUser() {
  const query = useQuery({ ...currentUserQuery, enabled: useAfterFirstPaint() });
  return {
    user: query.data ?? null,
    isLoading: query.isPending,
    isSignedIn: Boolean(query.data),
    error: query.error,
  };
}

/** Where sign-in starts: the API's login route, coming back to this page afterwards. */
export function loginUrl(returnTo: string = window.location.pathname + window.location.search): string {
  return `/api/login?returnTo=${encodeURIComponent(returnTo)}`;
}

export const LOGIN_REDIRECT_DELAY_MS = 500;

/** docs/store-spec.md §4/§8: a destructive toast, then the login page after 500 ms. */
export function sendToLogin(): void {
  toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  setTimeout(() => window.location.assign(loginUrl()), LOGIN_REDIRECT_DELAY_MS);
}

/** Handles a failed call on a signed-in screen: answers true when it was a lost session (and sends to login). */
export function handleUnauthorized(error: unknown): boolean {
  if (!isUnauthorized(error)) return false;
  sendToLogin();
  return true;
}

/**
 * For screens only a signed-in customer may see: the user once known. A visitor who is not
 * signed in is told so and sent to sign in; any other failure of the lookup is shown as an error.
 */
export function useRequiredUser() {
  const state = useCurrentUser();
  const signedOut = state.error instanceof HttpError && state.error.status === 401;
  useEffect(() => {
    if (signedOut) sendToLogin();
  }, [signedOut]);
  return state;
}
