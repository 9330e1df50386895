/** The callers of the access-control matrix: who sends a request, and with what credentials. */
export const ROLES = [
  'anonymous',
  'customerA',
  'customerB',
  'adminBearer',
  'adminCookie',
  'expiredAdminBearer',
  'expiredAdminCookie',
  'supportCookie',
  'tokenA',
  'tokenB',
  'revokedTokenA',
] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  anonymous: 'anonymous',
  customerA: 'customer A',
  customerB: 'customer B',
  adminBearer: 'admin (bearer)',
  adminCookie: 'admin (cookie)',
  expiredAdminBearer: 'expired admin (bearer)',
  expiredAdminCookie: 'expired admin (cookie)',
  supportCookie: 'support staff (cookie)',
  tokenA: "A's API token",
  tokenB: "B's API token",
  revokedTokenA: "A's revoked API token",
};

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The status each role should get. */
export type Expected = Record<Role, number>;

/** The same answer for everyone: a public route, or one whose key is in the request itself (a token, a signature). */
export const everyone = (status: number): Expected =>
  Object.fromEntries(ROLES.map((role) => [role, status])) as Expected;

/** A signed-in customer's route: 401 for anyone without a customer session (admins included). */
export const customers = (statuses: { a: number; b: number }): Expected => ({
  ...everyone(401),
  customerA: statuses.a,
  customerB: statuses.b,
});

/** A data API route: 401 for anyone without a live API token (a customer's session cookie included). */
export const tokenHolders = (statuses: { a: number; b: number }): Expected => ({
  ...everyone(401),
  tokenA: statuses.a,
  tokenB: statuses.b,
});

/** A staff route open to support: only a valid admin token, as a bearer token or as the admin cookie, of either role. */
export const staff = (status: number): Expected => ({
  ...everyone(401),
  adminBearer: status,
  adminCookie: status,
  supportCookie: status,
});

/** A staff route that changes data: an admin session only; a support session is told so (403). */
export const adminOnly = (status: number): Expected => ({ ...staff(status), supportCookie: 403 });

export interface Outcome {
  status: number | string;
  body: unknown;
  location?: string;
}

/** One line per route and case, one column per role: the status got, with the expected one beside any miss. */
export function formatMatrix(
  rows: { label: string; expect: Expected }[],
  outcomes: (rowIndex: number, role: Role) => Outcome | undefined,
): string {
  const header = ['route', ...ROLES.map((role) => ROLE_LABELS[role])];
  const lines = rows.map((row, i) => [
    row.label,
    ...ROLES.map((role) => {
      const got = outcomes(i, role)?.status ?? 'not run';
      return got === row.expect[role] ? String(got) : `${got} (want ${row.expect[role]})`;
    }),
  ]);
  const widths = header.map((_, c) => Math.max(...[header, ...lines].map((line) => line[c].length)));
  const render = (line: string[]) => line.map((cell, c) => cell.padEnd(widths[c])).join(' | ');
  return [render(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...lines.map(render)].join('\n');
}

/** Runs the tasks with at most `limit` under way at once, in their order. */
export async function inBatches<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, lane));
  return results;
}
