import { fetchEveryPage, listQuery, MAX_PAGE_SIZE, type ListPage } from './server-table';

describe('asking the server for a page of a staff list', () => {
  it('sends the page, the sort with its direction, the trimmed search and the statuses, and nothing empty', () => {
    expect(listQuery({ page: 2, pageSize: 20 })).toBe('page=2&pageSize=20');
    expect(
      listQuery({
        page: 1,
        pageSize: 50,
        sort: 'amount',
        order: 'descend',
        q: '  Harris, TX ',
        status: ['active', 'expired'],
      }),
    ).toBe('page=1&pageSize=50&sort=amount&order=descend&q=Harris%2C+TX&status=active%2Cexpired');
    expect(listQuery({ sort: 'customer' })).toBe('sort=customer&order=ascend');
    expect(listQuery({ page: 1, pageSize: 20, q: '   ', status: [] })).toBe('page=1&pageSize=20');
    expect(listQuery({ q: 'a&b=c' })).toBe('q=a%26b%3Dc');
  });

  it('reads every row for an export in pages of the largest size, each row once, reporting its progress', async () => {
    const all = Array.from({ length: 230 }, (_, i) => ({ id: `row-${i}` }));
    const asked: [number, number][] = [];
    const progress: [number, number][] = [];
    const rows = await fetchEveryPage(
      async (page, pageSize): Promise<ListPage<{ id: string }>> => {
        asked.push([page, pageSize]);
        // A row added at the top while reading pushes the next page down by one: its first row repeats.
        const shift = page > 1 ? 1 : 0;
        const start = (page - 1) * pageSize - shift;
        return { items: all.slice(start, start + pageSize), total: all.length, page, pageSize };
      },
      (read, total) => progress.push([read, total]),
    );
    expect(asked).toEqual([
      [1, MAX_PAGE_SIZE],
      [2, MAX_PAGE_SIZE],
      [3, MAX_PAGE_SIZE],
    ]);
    expect(rows.map((row) => row.id)).toEqual(all.map((row) => row.id));
    expect(progress).toEqual([
      [100, 230],
      [199, 230],
      [230, 230],
    ]);
  });

  it('stops at an empty list after one request', async () => {
    const fetchPage = jest.fn(async () => ({ items: [], total: 0, page: 1, pageSize: MAX_PAGE_SIZE }));
    await expect(fetchEveryPage(fetchPage)).resolves.toEqual([]);
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });
});
