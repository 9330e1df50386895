import { SetMetadata } from '@nestjs/common';

/**
 * What a staff session may do. support: read everything, resend emails, make order-page links.
 * admin: all that and every other change (refunds, extensions, releases and uploads, counties, queues).
 */
export const STAFF_ROLES = ['support', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_KEY = 'cds:staff-role';

/**
 * The least role a route (or every route of a controller) is open to. AdminGuard denies by default:
 * a route that declares none is admin-only, and a test checks that every admin route declares one.
 */
export const StaffRoleRequired = (role: StaffRole) => SetMetadata(STAFF_ROLE_KEY, role);

/** What a person's groups make them: admin, support, or nothing (not staff). */
export function staffRoleOf(groups: string[], staffGroup: string | undefined, adminGroup: string | undefined) {
  if (adminGroup && groups.includes(adminGroup)) return 'admin' as const;
  if (staffGroup && groups.includes(staffGroup)) return 'support' as const;
  return null;
}
