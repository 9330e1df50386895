import request from 'supertest';
import { TEST_ADMIN_PASSWORD, useTestApp } from '../../support/test-app';

interface SubscriptionRow {
  id: string;
  user: { id: string; firstName: string | null; lastName: string | null; email: string | null };
  county: { name: string; state: string };
  purchaseType: string;
  amount: number;
  status: string;
  startDate: string;
  expirationDate: string | null;
  autoRenew: boolean;
}

interface UserRow {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  profileImageUrl: string | null;
  createdAt: string;
  subscriptions: { status: string; amount: number }[];
}

interface Page<Row> {
  items: Row[];
  total: number;
  page: number;
  pageSize: number;
}

/** A customer of the seeded store: the name parts as stored, and the day they joined. */
interface Customer {
  key: string;
  email: string | null;
  first: string | null;
  last: string | null;
  joined: string;
}

const CUSTOMERS: Customer[] = [
  { key: 'ada', email: 'ada@lists.example', first: 'Ada', last: 'Lovelace', joined: '2024-01-01' },
  { key: 'grace', email: 'grace@lists.example', first: 'Grace', last: 'Hopper', joined: '2024-02-01' },
  { key: 'guest', email: 'guest@lists.example', first: null, last: null, joined: '2024-03-01' },
  { key: 'nomail', email: null, first: 'Zed', last: null, joined: '2024-04-01' },
  // Wildcards of LIKE in stored text: a search for them must find them literally.
  { key: 'odd', email: 'per_cent%@lists.example', first: 'Odd', last: 'Chars', joined: '2024-05-01' },
  { key: 'bulk', email: 'bulk@lists.example', first: 'Bulk', last: 'Buyer', joined: '2023-06-01' },
  { key: 'idle', email: 'idle@lists.example', first: 'Ivy', last: 'Idle', joined: '2024-06-01' },
];

/** county FIPS, customer, plan, status, amount, bought (day, also the start), auto-renew */
type Seed = [fips: string, customer: string, plan: 'one-time' | 'annual', status: string, amount: number, day: string];
const SEEDS: Seed[] = [
  ['48201', 'ada', 'one-time', 'active', 500, '2024-03-10'],
  ['17031', 'ada', 'annual', 'cancelled', 1200, '2024-03-11'],
  ['53033', 'grace', 'annual', 'expired', 1200, '2023-02-01'],
  ['04013', 'grace', 'annual', 'active', 1200, '2024-08-15'],
  ['48201', 'guest', 'annual', 'active', 999.99, '2024-09-01'],
  ['06037', 'nomail', 'one-time', 'active', 0.5, '2024-09-02'],
  ['12086', 'odd', 'one-time', 'expired', 500, '2024-04-02'],
  // The county removed after its sale (below): its subscription keeps the name and state.
  ['36061', 'ada', 'one-time', 'active', 500, '2024-10-01'],
];
const BULK = 45;

const endOf = (row: { expirationDate: string | null }) =>
  row.expirationDate ? Date.parse(row.expirationDate) : Number.MAX_SAFE_INTEGER;
const sortedAs = <T>(values: T[], compare: (a: T, b: T) => number) =>
  values.every((value, i) => i === 0 || compare(values[i - 1], value) <= 0);
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const name = (user: { firstName: string | null; lastName: string | null }) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || 'Guest User';

describe('The staff lists of subscriptions and users, paged, sorted and filtered on the server', () => {
  const context = useTestApp();
  const api = () => request(context.store.server);
  let token: string;
  const userIds = new Map<string, string>();
  let removedCounty: { name: string; state: string };
  let total: number;

  const get = (path: string) => api().get(path).set('Authorization', `Bearer ${token}`);
  const ok = async <T>(path: string): Promise<T> => (await get(path).expect(200)).body as T;

  /** Every row of a list, read page by page. */
  async function everyPage<Row>(path: string, query: string, pageSize: number): Promise<Row[]> {
    const rows: Row[] = [];
    for (let page = 1; ; page++) {
      const body = await ok<Page<Row>>(`${path}?${query}${query ? '&' : ''}page=${page}&pageSize=${pageSize}`);
      expect(body.page).toBe(page);
      expect(body.pageSize).toBe(pageSize);
      rows.push(...body.items);
      if (page * pageSize >= body.total) {
        expect(rows).toHaveLength(body.total);
        return rows;
      }
      expect(body.items).toHaveLength(pageSize);
    }
  }

  beforeAll(async () => {
    const db = context.store.db;
    for (const customer of CUSTOMERS) {
      const [{ id }] = await db.query(
        `INSERT INTO users (email, first_name, last_name, created_at) VALUES ($1, $2, $3, $4) RETURNING id`,
        [customer.email, customer.first, customer.last, customer.joined],
      );
      userIds.set(customer.key, id);
    }
    for (const [fips, customer, plan, status, amount, day] of SEEDS) {
      await db.query(
        `INSERT INTO subscriptions (user_id, county_id, purchase_type, status, auto_renew, amount, start_date,
                                    expiration_date, created_at)
         SELECT $1::uuid, id, $2::varchar, $3::varchar, $2::varchar = 'annual' AND $3::varchar = 'active', $4::numeric,
                $5::timestamptz, CASE WHEN $2::varchar = 'annual' THEN $5::timestamptz + interval '1 year' END,
                $5::timestamptz
         FROM counties WHERE fips = $6`,
        [userIds.get(customer), plan, status, amount, `${day}T12:00:00Z`, fips],
      );
    }
    // A bulk buyer: many subscriptions bought at the same moment, the same amount and plan, so that
    // pages must break ties the same way on every page.
    await db.query(
      `INSERT INTO subscriptions (user_id, county_id, purchase_type, status, auto_renew, amount, start_date, created_at)
       SELECT $1, id, 'one-time', 'active', false, 500, '2023-07-01T00:00:00Z', '2023-07-01T00:00:00Z'
       FROM counties WHERE fips NOT IN (${SEEDS.map(([fips]) => `'${fips}'`).join(',')}) ORDER BY fips LIMIT $2`,
      [userIds.get('bulk'), BULK],
    );
    // An UPDATE answers [rows, count].
    [[removedCounty]] = await db.query(
      `UPDATE counties SET deleted_at = now() WHERE fips = '36061' RETURNING name, state`,
    );
    total = SEEDS.length + BULK;

    const res = await api().post('/api/admin/login').send({ password: TEST_ADMIN_PASSWORD }).expect(200);
    token = res.body.token;
  });

  describe('subscriptions', () => {
    it('answers every row, newest first, in the spec row shape when no page is asked for', async () => {
      const rows = await ok<SubscriptionRow[]>('/api/admin/subscriptions');
      expect(rows).toHaveLength(total);
      const stored: { id: string }[] = await context.store.db.query(
        `SELECT id FROM subscriptions ORDER BY created_at DESC, id`,
      );
      expect(rows.map((row) => row.id)).toEqual(stored.map((row) => row.id));
      const guest = rows.find((row) => row.user.email === 'guest@lists.example')!;
      expect(guest).toEqual({
        id: expect.any(String),
        user: { id: userIds.get('guest'), firstName: null, lastName: null, email: 'guest@lists.example' },
        county: { name: 'Harris', state: 'Texas' },
        purchaseType: 'annual',
        amount: 999.99,
        status: 'active',
        startDate: '2024-09-01T12:00:00.000Z',
        expirationDate: '2025-09-01T12:00:00.000Z',
        autoRenew: true,
      });
      expect(Object.keys(guest)).toEqual([
        'id',
        'user',
        'county',
        'purchaseType',
        'amount',
        'status',
        'startDate',
        'expirationDate',
        'autoRenew',
      ]);
      expect(rows.map((row) => row.county)).toContainEqual(removedCounty);
      // Sent as it is read (a batch of rows at a time), still one JSON array.
      const res = await get('/api/admin/subscriptions').expect(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(res.text)).toEqual(rows);
      expect(await ok('/api/admin/subscriptions?q=no-such-thing')).toEqual([]);
      expect(await ok('/api/admin/users?q=no-such-thing')).toEqual([]);
    });

    it('answers one page with the total, and the pages put together are the whole list', async () => {
      const first = await ok<Page<SubscriptionRow>>('/api/admin/subscriptions?page=1&pageSize=10');
      expect(first).toEqual({ items: expect.any(Array), total, page: 1, pageSize: 10 });
      expect(first.items).toHaveLength(10);
      const last = await ok<Page<SubscriptionRow>>(
        `/api/admin/subscriptions?page=${Math.ceil(total / 10)}&pageSize=10`,
      );
      expect(last.items).toHaveLength(total % 10 || 10);
      const beyond = await ok<Page<SubscriptionRow>>('/api/admin/subscriptions?page=99&pageSize=10');
      expect(beyond).toEqual({ items: [], total, page: 99, pageSize: 10 });

      const unpaged = await ok<SubscriptionRow[]>('/api/admin/subscriptions');
      expect(await everyPage('/api/admin/subscriptions', '', 7)).toEqual(unpaged);
    });

    const sorts: [string, (a: SubscriptionRow, b: SubscriptionRow) => number][] = [
      ['customer', (a, b) => byText(name(a.user).toLowerCase(), name(b.user).toLowerCase())],
      [
        'county',
        (a, b) =>
          byText(a.county.name.toLowerCase(), b.county.name.toLowerCase()) ||
          byText(a.county.state.toLowerCase(), b.county.state.toLowerCase()),
      ],
      // By the plan's name: County SnapShot before County Tracker.
      ['plan', (a, b) => Number(a.purchaseType === 'annual') - Number(b.purchaseType === 'annual')],
      ['amount', (a, b) => a.amount - b.amount],
      ['status', (a, b) => byText(a.status, b.status)],
      ['startDate', (a, b) => Date.parse(a.startDate) - Date.parse(b.startDate)],
      // No end date sorts after every date going up (it runs the longest).
      ['expirationDate', (a, b) => endOf(a) - endOf(b)],
      ['autoRenew', (a, b) => Number(a.autoRenew) - Number(b.autoRenew)],
    ];

    it.each(sorts)('sorts by %s both ways, the same on every page, each row once', async (sort, compare) => {
      for (const order of ['ascend', 'descend']) {
        const rows = await everyPage<SubscriptionRow>('/api/admin/subscriptions', `sort=${sort}&order=${order}`, 6);
        expect(new Set(rows.map((row) => row.id)).size).toBe(total);
        expect(sortedAs(rows, order === 'ascend' ? compare : (a, b) => compare(b, a))).toBe(true);
        // The unpaged form takes the same order.
        const unpaged = await ok<SubscriptionRow[]>(`/api/admin/subscriptions?sort=${sort}&order=${order}`);
        expect(unpaged.map((row) => row.id)).toEqual(rows.map((row) => row.id));
      }
      const ascending = await ok<Page<SubscriptionRow>>(`/api/admin/subscriptions?sort=${sort}&page=1&pageSize=100`);
      const explicit = await ok<Page<SubscriptionRow>>(
        `/api/admin/subscriptions?sort=${sort}&order=ascend&page=1&pageSize=100`,
      );
      expect(ascending.items).toEqual(explicit.items);
    });

    it('puts a customer without a name where "Guest User" sorts', async () => {
      const rows = (await ok<Page<SubscriptionRow>>('/api/admin/subscriptions?sort=customer&page=1&pageSize=100'))
        .items;
      const names = [...new Set(rows.map((row) => name(row.user)))];
      expect(names).toEqual(['Ada Lovelace', 'Bulk Buyer', 'Grace Hopper', 'Guest User', 'Odd Chars', 'Zed']);
    });

    it.each([
      ['ADA@LISTS', ['ada']],
      ['hopper', ['grace']],
      ['guest user', ['guest']],
      ['  zed ', ['nomail']],
      ['%', ['odd']],
      ['per_cent', ['odd']],
      ['a_', []],
    ])('searches customer email and name for %j', async (q, customers) => {
      const page = await ok<Page<SubscriptionRow>>(
        `/api/admin/subscriptions?q=${encodeURIComponent(q)}&page=1&pageSize=100`,
      );
      const found = [...new Set(page.items.map((row) => row.user.id))];
      expect(found.sort()).toEqual(customers.map((key) => userIds.get(key)).sort());
      expect(page.total).toBe(page.items.length);
    });

    it('searches the county as "Name, State", a removed county included', async () => {
      const harris = await ok<Page<SubscriptionRow>>('/api/admin/subscriptions?q=harris,%20tex&page=1&pageSize=20');
      expect(harris.items.map((row) => row.county.name)).toEqual(['Harris', 'Harris']);
      const removed = await ok<Page<SubscriptionRow>>(
        `/api/admin/subscriptions?q=${encodeURIComponent(removedCounty.name)}&page=1&pageSize=20`,
      );
      expect(removed.items.map((row) => row.county)).toContainEqual(removedCounty);
      const nothing = await ok<Page<SubscriptionRow>>('/api/admin/subscriptions?q=no-such-thing&page=1&pageSize=20');
      expect(nothing).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
    });

    it('keeps only the statuses asked for, with a search and a sort too, paged or not', async () => {
      const expired = await ok<Page<SubscriptionRow>>('/api/admin/subscriptions?status=expired&page=1&pageSize=20');
      expect(expired.total).toBe(2);
      expect(expired.items.every((row) => row.status === 'expired')).toBe(true);
      const two = await ok<Page<SubscriptionRow>>(
        '/api/admin/subscriptions?status=expired,cancelled&sort=amount&order=descend&page=1&pageSize=20',
      );
      expect(two.items.map((row) => row.status).sort()).toEqual(['cancelled', 'expired', 'expired']);
      expect(two.items.map((row) => row.amount)).toEqual([1200, 1200, 500]);
      const adaActive = await ok<SubscriptionRow[]>('/api/admin/subscriptions?status=active&q=lovelace');
      expect(adaActive.map((row) => row.county.name).sort()).toEqual(['Harris', removedCounty.name].sort());
    });
  });

  describe('users', () => {
    it('answers every user with their subscriptions, newest first, in the row shape when no page is asked for', async () => {
      const rows = await ok<UserRow[]>('/api/admin/users');
      expect(rows.map((row) => row.id)).toEqual(
        [...CUSTOMERS].sort((a, b) => byText(b.joined, a.joined)).map((c) => userIds.get(c.key)),
      );
      const ada = rows.find((row) => row.email === 'ada@lists.example')!;
      expect(ada).toEqual({
        id: userIds.get('ada'),
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@lists.example',
        profileImageUrl: null,
        createdAt: '2024-01-01T00:00:00.000Z',
        subscriptions: [
          { status: 'active', amount: 500 },
          { status: 'cancelled', amount: 1200 },
          { status: 'active', amount: 500 },
        ],
      });
      expect(Object.keys(ada)).toEqual([
        'id',
        'firstName',
        'lastName',
        'email',
        'profileImageUrl',
        'createdAt',
        'subscriptions',
      ]);
      expect(rows.find((row) => row.email === 'idle@lists.example')!.subscriptions).toEqual([]);
      expect(rows.find((row) => row.email === 'bulk@lists.example')!.subscriptions).toHaveLength(BULK);
    });

    it('pages, and the pages put together are the whole list', async () => {
      const unpaged = await ok<UserRow[]>('/api/admin/users');
      expect(await everyPage('/api/admin/users', '', 3)).toEqual(unpaged);
      const first = await ok<Page<UserRow>>('/api/admin/users?page=1&pageSize=2');
      expect(first).toEqual({ items: unpaged.slice(0, 2), total: CUSTOMERS.length, page: 1, pageSize: 2 });
    });

    const spent = (user: UserRow) => user.subscriptions.reduce((sum, s) => sum + Math.round(s.amount * 100), 0);
    const active = (user: UserRow) => user.subscriptions.some((s) => s.status === 'active');
    const sorts: [string, (a: UserRow, b: UserRow) => number][] = [
      ['name', (a, b) => byText(name(a).toLowerCase(), name(b).toLowerCase())],
      ['email', (a, b) => (a.email === null ? 1 : b.email === null ? -1 : byText(a.email, b.email))],
      ['joined', (a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt)],
      // Active before Inactive going up, as the words sort.
      ['status', (a, b) => Number(active(b)) - Number(active(a))],
      ['subscriptions', (a, b) => a.subscriptions.length - b.subscriptions.length],
      ['spent', (a, b) => spent(a) - spent(b)],
    ];

    it.each(sorts)('sorts by %s both ways, the same on every page', async (sort, compare) => {
      for (const order of ['ascend', 'descend']) {
        const rows = await everyPage<UserRow>('/api/admin/users', `sort=${sort}&order=${order}`, 2);
        expect(new Set(rows.map((row) => row.id)).size).toBe(CUSTOMERS.length);
        expect(sortedAs(rows, order === 'ascend' ? compare : (a, b) => compare(b, a))).toBe(true);
      }
    });

    it('keeps Active or Inactive users, and searches email and name', async () => {
      const ids = (rows: UserRow[]) => rows.map((row) => row.email ?? row.firstName).sort();
      const actives = await ok<Page<UserRow>>('/api/admin/users?status=active&page=1&pageSize=20');
      expect(ids(actives.items)).toEqual(
        ['ada@lists.example', 'bulk@lists.example', 'grace@lists.example', 'guest@lists.example', 'Zed'].sort(),
      );
      const inactive = await ok<Page<UserRow>>('/api/admin/users?status=inactive&page=1&pageSize=20');
      expect(ids(inactive.items)).toEqual(['idle@lists.example', 'per_cent%@lists.example']);
      expect(inactive.total).toBe(2);
      const both = await ok<UserRow[]>('/api/admin/users?status=active,inactive');
      expect(both).toHaveLength(CUSTOMERS.length);
      expect(ids(await ok<UserRow[]>('/api/admin/users?q=GUEST'))).toEqual(['guest@lists.example']);
      expect(ids(await ok<UserRow[]>('/api/admin/users?q=ivy%20idle'))).toEqual(['idle@lists.example']);
      expect(ids(await ok<UserRow[]>('/api/admin/users?q=lists.example&status=inactive'))).toEqual([
        'idle@lists.example',
        'per_cent%@lists.example',
      ]);
    });
  });

  describe('refuses what it cannot answer, with a message naming the parameter', () => {
    const pairing = 'page and pageSize go together: give both for one page of the list, or neither for all of it';
    it.each([
      ['page=0&pageSize=10', 'page must be a whole number from 1 to 1,000,000'],
      ['page=-1&pageSize=10', 'page must be a whole number from 1 to 1,000,000'],
      ['page=abc&pageSize=10', 'page must be a whole number from 1 to 1,000,000'],
      ['page=1.5&pageSize=10', 'page must be a whole number from 1 to 1,000,000'],
      ['page=1e3&pageSize=10', 'page must be a whole number from 1 to 1,000,000'],
      ['page=1000001&pageSize=10', 'page must be a whole number from 1 to 1,000,000'],
      ['page=1&page=2&pageSize=10', 'page must be a whole number from 1 to 1,000,000'],
      ['page=1&pageSize=101', 'pageSize must be a whole number from 1 to 100'],
      ['page=1&pageSize=0', 'pageSize must be a whole number from 1 to 100'],
      ['page=1', pairing],
      ['pageSize=20', pairing],
      [
        'sort=price',
        'sort must be one of: customer, county, plan, amount, status, startDate, expirationDate, autoRenew',
      ],
      ['sort=amount&order=up', 'order must be one of: ascend, descend'],
      ['order=descend', 'order goes with sort: name the column to sort by'],
      ['status=paused', 'status must be one or more of active, expired, cancelled, separated by commas'],
      ['status=active,', 'status must be one or more of active, expired, cancelled, separated by commas'],
      ['status=', 'status must be one or more of active, expired, cancelled, separated by commas'],
      [`q=${'x'.repeat(101)}`, 'q must be at most 100 characters'],
      ['q=a%00b', 'q cannot hold control characters'],
      ['q=a&q=b', 'q must be text'],
      ['limit=10', 'property limit should not exist'],
    ])('GET /api/admin/subscriptions?%s', async (query, message) => {
      const res = await get(`/api/admin/subscriptions?${query}`).expect(400);
      expect(res.body).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.stringContaining(message) });
    });

    it.each([
      ['page=1&pageSize=500', 'pageSize must be a whole number from 1 to 100'],
      ['sort=customer', 'sort must be one of: name, email, joined, status, subscriptions, spent'],
      ['status=expired', 'status must be one or more of active, inactive, separated by commas'],
      ['order=ascend', 'order goes with sort: name the column to sort by'],
    ])('GET /api/admin/users?%s', async (query, message) => {
      const res = await get(`/api/admin/users?${query}`).expect(400);
      expect(res.body.message).toContain(message);
    });
  });

  it('documents both answers, the whole list and one page, and every parameter', async () => {
    const { body: spec } = await api().get('/api/docs-json').expect(200);
    for (const [path, row, page] of [
      ['/api/admin/subscriptions', 'AdminSubscriptionDto', 'AdminSubscriptionPageDto'],
      ['/api/admin/users', 'AdminUserDto', 'AdminUserPageDto'],
    ]) {
      const operation = spec.paths[path].get;
      expect(operation.responses['200'].content['application/json'].schema.oneOf).toEqual([
        { type: 'array', items: { $ref: `#/components/schemas/${row}` } },
        { $ref: `#/components/schemas/${page}` },
      ]);
      expect(operation.parameters.map((p: { name: string; in: string }) => `${p.in} ${p.name}`).sort()).toEqual(
        ['query order', 'query page', 'query pageSize', 'query q', 'query sort', 'query status'].sort(),
      );
      expect(Object.keys(spec.components.schemas[page].properties).sort()).toEqual([
        'items',
        'page',
        'pageSize',
        'total',
      ]);
    }
    expect(Object.keys(spec.components.schemas.AdminSubscriptionDto.properties)).toEqual([
      'id',
      'user',
      'county',
      'purchaseType',
      'amount',
      'status',
      'startDate',
      'expirationDate',
      'autoRenew',
    ]);
  });
});
