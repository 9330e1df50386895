import { useEffect, useState } from 'react';
import type { TablePaginationConfig } from 'antd';
import type { FilterValue, SorterResult, SortOrder } from 'antd/es/table/interface';

/** One page of a staff list, as GET /api/admin/subscriptions and /users answer with page and pageSize. */
export interface ListPage<Row> {
  items: Row[];
  total: number;
  page: number;
  pageSize: number;
}

/** What a list is asked for: the search, filter and order, without the page. */
export interface ListFilter<SortKey extends string> {
  sort?: SortKey;
  order?: 'ascend' | 'descend';
  q?: string;
  status?: readonly string[];
}

export interface ListParams<SortKey extends string> extends ListFilter<SortKey> {
  page: number;
  pageSize: number;
}

/** The largest page the server gives; an export reads the list in pages of this size. */
export const MAX_PAGE_SIZE = 100;
const FIRST_PAGE_SIZE = 20;
/** Typing settles before the search goes to the server: one request per pause, not per key. */
export const SEARCH_DELAY_MS = 300;

/** The query string of a list request: "page=2&pageSize=20&sort=amount&order=descend&q=harris&status=active,expired". */
export function listQuery<SortKey extends string>(params: ListFilter<SortKey> & Partial<ListParams<SortKey>>): string {
  const query = new URLSearchParams();
  if (params.page !== undefined) query.set('page', String(params.page));
  if (params.pageSize !== undefined) query.set('pageSize', String(params.pageSize));
  if (params.sort) {
    query.set('sort', params.sort);
    query.set('order', params.order ?? 'ascend');
  }
  const q = params.q?.trim();
  if (q) query.set('q', q);
  if (params.status?.length) query.set('status', params.status.join(','));
  return query.toString();
}

/**
 * Every row of a list, read page by page at the largest page size, in the list's order: what an
 * export needs without the server building one answer of every row. A row that moves to a later page
 * while reading (a new subscription pushes the list down) is kept once.
 */
export async function fetchEveryPage<Row extends { id: string }>(
  fetchPage: (page: number, pageSize: number) => Promise<ListPage<Row>>,
  onProgress?: (read: number, total: number) => void,
): Promise<Row[]> {
  const rows = new Map<string, Row>();
  for (let page = 1; ; page++) {
    const answer = await fetchPage(page, MAX_PAGE_SIZE);
    for (const row of answer.items) if (!rows.has(row.id)) rows.set(row.id, row);
    onProgress?.(Math.min(rows.size, answer.total), answer.total);
    if (answer.items.length < MAX_PAGE_SIZE || page * MAX_PAGE_SIZE >= answer.total) return [...rows.values()];
  }
}

/**
 * The state of a table whose rows the server pages, sorts, searches and filters: the table's
 * onChange sets the page, sort and status filter (a new sort or filter starts again at page one),
 * the search box sets the search, sent once typing pauses.
 */
export function useServerTable<SortKey extends string>() {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(FIRST_PAGE_SIZE);
  const [sort, setSort] = useState<{ key?: SortKey; order?: SortOrder }>({});
  const [status, setStatus] = useState<string[]>([]);

  useEffect(() => {
    const next = search.trim();
    // Only a changed search starts again at page one: not the page's first render, which would
    // otherwise send a quick click on page 2 back to page 1 once the delay ran out.
    if (next === q) return;
    const settled = setTimeout(() => {
      setQ(next);
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(settled);
  }, [search, q]);

  const filter: ListFilter<SortKey> = {
    sort: sort.key && sort.order ? sort.key : undefined,
    order: sort.key && sort.order ? sort.order : undefined,
    q: q || undefined,
    status,
  };

  function onTableChange<Row>(
    pagination: TablePaginationConfig,
    filters: Record<string, FilterValue | null>,
    sorter: SorterResult<Row> | SorterResult<Row>[],
  ): void {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const next = { key: one?.columnKey as SortKey | undefined, order: one?.order ?? null };
    const nextStatus = (filters.status as string[] | null) ?? [];
    const changed =
      next.key !== sort.key || next.order !== (sort.order ?? null) || nextStatus.join(',') !== status.join(',');
    setSort(next);
    setStatus(nextStatus);
    setPageSize(pagination.pageSize ?? pageSize);
    setPage(changed ? 1 : (pagination.current ?? 1));
  }

  return {
    params: { ...filter, page, pageSize } as ListParams<SortKey>,
    filter,
    search,
    setSearch,
    onTableChange,
    /** Whether anything narrows the list (for the empty table's words). */
    narrowed: Boolean(filter.q || status.length),
    sortOrderOf: (key: SortKey): SortOrder => (sort.key === key ? (sort.order ?? null) : null),
    status,
  };
}
