import type { components } from '@web-shared/api-types';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys, getJson } from '@/lib/api';
import { fetchEveryPage, listQuery, type ListFilter, type ListPage, type ListParams } from '@/lib/server-table';

/** One row of GET /api/admin/users (docs/store-spec.md §3 admin user row). Amounts in dollars. */
export type AdminUser = components['schemas']['AdminUserDto'];

/** The columns the server sorts by, named as the table's columns are. */
export type UserSortKey = 'name' | 'email' | 'joined' | 'status' | 'subscriptions' | 'spent';

const fetchPage = (params: ListParams<UserSortKey>) =>
  getJson<ListPage<AdminUser>>(`/api/admin/users?${listQuery(params)}`);

/** One page of the table, as sorted, searched and filtered; the last page stays on screen while the next loads. */
export const usersPageQuery = (params: ListParams<UserSortKey>) =>
  queryOptions({
    queryKey: [...adminKeys.users, 'page', params],
    queryFn: () => fetchPage(params),
    placeholderData: keepPreviousData,
  });

export const useUsersPage = (params: ListParams<UserSortKey>) => useQuery(usersPageQuery(params));

/** Every user the table's search and filter keep, in its order: for the export. */
export const fetchEveryUser = (filter: ListFilter<UserSortKey>, onProgress?: (read: number, total: number) => void) =>
  fetchEveryPage((page, pageSize) => fetchPage({ ...filter, page, pageSize }), onProgress);
