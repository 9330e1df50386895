import { formatDate } from '@web-shared/format';
import type { CsvColumn } from '../../lib/csv';
import type { AdminUser } from './api';

type Named = Pick<AdminUser, 'firstName' | 'lastName'>;

/** "First Last"; "Guest User" when both are missing (docs/store-spec.md §2), as for customers who bought with an email only. */
export function displayName(user: Named): string {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || 'Guest User';
}

export const emailLabel = (user: Pick<AdminUser, 'email'>) => user.email?.trim() || 'No email';

/** "Jan 5, 2025", or "Unknown" when the join date is missing (docs/store-spec.md §2). */
export const joinDateLabel = (user: Pick<AdminUser, 'createdAt'>) =>
  user.createdAt ? formatDate(user.createdAt) : 'Unknown';

export type UserStatus = 'Active' | 'Inactive';

/** "Active" with at least one active subscription, else "Inactive" (docs/store-spec.md §2). */
export const userStatus = (user: Pick<AdminUser, 'subscriptions'>): UserStatus =>
  user.subscriptions.some((subscription) => subscription.status === 'active') ? 'Active' : 'Inactive';

/** Everything the user has paid for, cancelled and expired included; summed in cents so it is exact. */
export const totalSpent = (user: Pick<AdminUser, 'subscriptions'>) =>
  user.subscriptions.reduce((cents, subscription) => cents + Math.round(subscription.amount * 100), 0) / 100;

/** Free text matched, case-insensitively, against the name and the email. */
export function filterUsers(users: readonly AdminUser[], search: string, statuses: readonly UserStatus[] = []) {
  const needle = search.trim().toLowerCase();
  return users.filter((user) => {
    if (statuses.length && !statuses.includes(userStatus(user))) return false;
    if (!needle) return true;
    return [displayName(user), user.email ?? ''].some((text) => text.toLowerCase().includes(needle));
  });
}

const byText = (a: string, b: string) => a.localeCompare(b, 'en-US', { sensitivity: 'base' });
// A missing join date sorts before every date: nothing says it is recent.
const byTime = (a: string | null, b: string | null) => (a === b ? 0 : !a ? -1 : !b ? 1 : Date.parse(a) - Date.parse(b));

export type UserSortKey = 'name' | 'email' | 'joined' | 'status' | 'subscriptions' | 'spent';

export const USER_SORTERS: Record<UserSortKey, (a: AdminUser, b: AdminUser) => number> = {
  name: (a, b) => byText(displayName(a), displayName(b)),
  email: (a, b) => byText(a.email ?? '', b.email ?? ''),
  joined: (a, b) => byTime(a.createdAt, b.createdAt),
  status: (a, b) => byText(userStatus(a), userStatus(b)),
  subscriptions: (a, b) => a.subscriptions.length - b.subscriptions.length,
  spent: (a, b) => totalSpent(a) - totalSpent(b),
};

export interface SortState<Key extends string> {
  key?: Key;
  order?: 'ascend' | 'descend' | null;
}

/** The rows in the order the table shows them, so an export matches the screen. */
export function sortUsers(users: readonly AdminUser[], sort: SortState<UserSortKey>): AdminUser[] {
  if (!sort.key || !sort.order) return [...users];
  const compare = USER_SORTERS[sort.key];
  const sign = sort.order === 'descend' ? -1 : 1;
  return [...users].sort((a, b) => sign * compare(a, b));
}

export const USER_CSV: CsvColumn<AdminUser>[] = [
  { header: 'User ID', value: (user) => user.id },
  { header: 'Name', value: displayName },
  { header: 'Email', value: (user) => user.email ?? '' },
  { header: 'Joined', value: (user) => (user.createdAt ? new Date(user.createdAt).toISOString().slice(0, 10) : '') },
  { header: 'Status', value: userStatus },
  { header: 'Subscriptions', value: (user) => user.subscriptions.length },
  { header: 'Total Spent (USD)', value: totalSpent },
];
