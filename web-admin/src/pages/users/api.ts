import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys, getJson } from '../../lib/api';

/** One row of GET /api/admin/users (docs/store-spec.md §3 admin user row). Amounts in dollars. */
export interface AdminUser {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  profileImageUrl: string | null;
  createdAt: string | null;
  subscriptions: { status: string; amount: number }[];
}

export const usersQuery = queryOptions({
  queryKey: adminKeys.users,
  queryFn: () => getJson<AdminUser[]>('/api/admin/users'),
});

export const useUsers = () => useQuery(usersQuery);
