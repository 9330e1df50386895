import { planFor, type PurchaseType } from '@contracts/plans';
import { formatDate } from '@web-shared/format';
import type { CsvColumn } from '@/lib/csv';
import type { AdminSubscription } from './api';

/** The customer as staff call them: "First Last", else "Guest User" (checkout by email leaves the name empty). */
export function customerName(user: AdminSubscription['user']): string {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || 'Guest User';
}

export function customerEmail(user: AdminSubscription['user']): string {
  return user.email?.trim() || 'No email';
}

/** "Harris County, Texas". */
export const countyLabel = (county: AdminSubscription['county']) => `${county.name}, ${county.state}`;

/** The plan's name from the shared plan config, e.g. "County SnapShot". */
export const planName = (purchaseType: string) => planFor(purchaseType as PurchaseType).name;

/** "Jan 5, 2025", or "Never" for a subscription that does not end (a one-time purchase). */
export const expiresLabel = (expirationDate: string | null) => (expirationDate ? formatDate(expirationDate) : 'Never');

export const statusLabel = (status: string) => (status ? status[0].toUpperCase() + status.slice(1) : 'Unknown');

export interface StatusTag {
  label: string;
  color?: string;
  variant: 'solid' | 'filled' | 'outlined';
}

/**
 * docs/store-spec.md §4 admin badge styles as antd tags: active the default (primary, solid), cancelled
 * destructive (red), expired secondary (grey). A status the spec does not know is shown plainly.
 */
export function statusTag(status: string): StatusTag {
  const label = statusLabel(status);
  switch (status) {
    case 'active':
      return { label, color: 'blue', variant: 'solid' };
    case 'cancelled':
      return { label, color: 'red', variant: 'solid' };
    case 'expired':
      return { label, variant: 'filled' };
    default:
      return { label, variant: 'outlined' };
  }
}

/** Only an active subscription can be cancelled (docs/store-spec.md §4); the server refuses any other. */
export const canCancel = (subscription: Pick<AdminSubscription, 'status'>) => subscription.status === 'active';

/** A date for a spreadsheet: "2025-01-05", the calendar day in UTC as formatDate shows it. */
const isoDay = (value: string) => new Date(value).toISOString().slice(0, 10);

export const SUBSCRIPTION_CSV: CsvColumn<AdminSubscription>[] = [
  { header: 'Subscription ID', value: (row) => row.id },
  { header: 'Customer', value: (row) => customerName(row.user) },
  { header: 'Email', value: (row) => row.user.email ?? '' },
  { header: 'County', value: (row) => row.county.name },
  { header: 'State', value: (row) => row.county.state },
  { header: 'Plan', value: (row) => planName(row.purchaseType) },
  { header: 'Amount (USD)', value: (row) => row.amount },
  { header: 'Status', value: (row) => statusLabel(row.status) },
  { header: 'Start Date', value: (row) => isoDay(row.startDate) },
  { header: 'Expiration Date', value: (row) => (row.expirationDate ? isoDay(row.expirationDate) : 'Never') },
  { header: 'Auto-Renew', value: (row) => (row.autoRenew ? 'Yes' : 'No') },
];
