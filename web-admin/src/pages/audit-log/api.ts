import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components } from '@web-shared/api-types';
import { adminKeys, getJson } from '@/lib/api';

/** One row of GET /api/admin/audit-log: a staff action with the record before and after it. */
export type AuditEntry = components['schemas']['AuditEntryDto'];

/** What the log needs of a subscription to name it: its county and customer. */
export interface SubscriptionName {
  id: string;
  user: { firstName: string | null; lastName: string | null; email: string | null };
  county: { name: string; state: string };
}

/** One page of the log, as GET /api/admin/audit-log answers with page and pageSize. */
export type AuditLogPage = components['schemas']['AuditLogPageDto'];

/** What the log is narrowed to: each filter given narrows it; the server pages whatever matches. */
export interface AuditFilter {
  action?: string;
  /** A staff member's email, or "break-glass" for the shared password. */
  staff?: string;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
  targetId?: string;
}

/** "page=2&pageSize=20&action=order.refund&staff=jane%40example.com&from=2026-11-01&to=2026-11-30&targetId=…" */
export function auditLogQuery(filter: AuditFilter, page: number, pageSize: number): string {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  for (const [name, value] of Object.entries(filter) as [keyof AuditFilter, string | undefined][]) {
    const text = value?.trim();
    if (text) query.set(name, text);
  }
  return query.toString();
}

/** A page of the log: the server filters and pages, so a burst of entries never hides an earlier one. */
export const useAuditLog = (filter: AuditFilter, page: number, pageSize: number) =>
  useQuery({
    queryKey: [...adminKeys.auditLog, filter, page, pageSize],
    queryFn: () => getJson<AuditLogPage>(`/api/admin/audit-log?${auditLogQuery(filter, page, pageSize)}`),
    placeholderData: keepPreviousData,
  });

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
