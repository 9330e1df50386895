import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '@web-shared/api-types';
import { adminKeys, getJson } from './api';
import { markSignedIn } from './signed-in-marker';

export type StaffRole = components['schemas']['AdminAuthCheckDto']['role'];

/** The admin session check: whether the session is valid, and its staff role (read once per session). */
export const checkAuthQuery = queryOptions({
  queryKey: adminKeys.checkAuth,
  queryFn: async () => {
    const answer = await getJson<components['schemas']['AdminAuthCheckDto']>('/api/admin/check-auth');
    // A session the server opened without this page's login form (staff sign-in) is marked here.
    markSignedIn();
    return answer;
  },
  meta: { signIn: true }, // a failed check is answered by the guard's redirect
});

export const ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Admin',
  support: 'Support (read, resend emails, order links)',
};

/** This session's role; until the check answers, support, so no admin-only action shows and then vanishes. */
export function useStaffRole(): StaffRole {
  return useQuery(checkAuthQuery).data?.role ?? 'support';
}

/**
 * Whether this session may change data (refunds, extensions, releases, counties, queues): admins only.
 * The server refuses the rest with 403 whatever the console shows; the console hides what would be refused.
 */
export const useCanChangeData = () => useStaffRole() === 'admin';
