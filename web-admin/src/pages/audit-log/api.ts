import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '@web-shared/api-types';
import { adminKeys, getJson } from '../../lib/api';

/** One row of GET /api/admin/audit-log: a staff action with the record before and after it. */
export type AuditEntry = components['schemas']['AuditEntryDto'];

/** What the log needs of a subscription to name it: its county and customer. */
export interface SubscriptionName {
  id: string;
  user: { firstName: string | null; lastName: string | null; email: string | null };
  county: { name: string; state: string };
}

export const auditLogQuery = queryOptions({
  queryKey: adminKeys.auditLog,
  queryFn: () => getJson<AuditEntry[]>('/api/admin/audit-log'),
});

export const useAuditLog = () => useQuery(auditLogQuery);

/**
 * The subscriptions list, read only when the log names a subscription: a cancel's record holds just
 * the subscription's id and status, and staff recognise it by county and customer. Under the
 * subscriptions key, so a cancel refreshes it with the table's pages.
 */
export const useSubscriptionNames = (enabled: boolean) =>
  useQuery({
    queryKey: adminKeys.subscriptions,
    queryFn: () => getJson<SubscriptionName[]>('/api/admin/subscriptions'),
    enabled,
  });
