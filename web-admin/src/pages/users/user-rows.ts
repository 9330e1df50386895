import { formatDate } from '@web-shared/format';
import type { CsvColumn } from '@/lib/csv';
import type { AdminUser } from './api';

/** A user as the rows show one: the spec shows a missing join date as "Unknown". */
export type UserRow = Omit<AdminUser, 'createdAt'> & { createdAt: string | null };

type Named = Pick<UserRow, 'firstName' | 'lastName'>;

/** "First Last"; "Guest User" when both are missing (docs/store-spec.md §2), as for customers who bought with an email only. */
export function displayName(user: Named): string {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || 'Guest User';
}

export const emailLabel = (user: Pick<UserRow, 'email'>) => user.email?.trim() || 'No email';

/** "Jan 5, 2025", or "Unknown" when the join date is missing (docs/store-spec.md §2). */
export const joinDateLabel = (user: Pick<UserRow, 'createdAt'>) =>
  user.createdAt ? formatDate(user.createdAt) : 'Unknown';

export type UserStatus = 'Active' | 'Inactive';

/** "Active" with at least one active subscription, else "Inactive" (docs/store-spec.md §2). */
export const userStatus = (user: Pick<UserRow, 'subscriptions'>): UserStatus =>
  user.subscriptions.some((subscription) => subscription.status === 'active') ? 'Active' : 'Inactive';

/** Everything the user has paid for, cancelled and expired included; summed in cents so it is exact. */
export const totalSpent = (user: Pick<UserRow, 'subscriptions'>) =>
  user.subscriptions.reduce((cents, subscription) => cents + Math.round(subscription.amount * 100), 0) / 100;

export const USER_CSV: CsvColumn<UserRow>[] = [
  { header: 'User ID', value: (user) => user.id },
  { header: 'Name', value: displayName },
  { header: 'Email', value: (user) => user.email ?? '' },
  { header: 'Joined', value: (user) => (user.createdAt ? new Date(user.createdAt).toISOString().slice(0, 10) : '') },
  { header: 'Status', value: userStatus },
  { header: 'Subscriptions', value: (user) => user.subscriptions.length },
  { header: 'Total Spent (USD)', value: totalSpent },
];
