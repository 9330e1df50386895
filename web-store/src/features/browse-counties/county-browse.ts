import type { PurchaseType } from '@contracts/plans';
import { countOf } from '@web-shared/format';
import { matchesSearch } from '@/lib/counties';

/** How many cards show at first and with each "Show more": thousands of cards at once make the page crawl. */
export const PAGE_SIZE = 60;

/** The "All States" choice of the state filter. */
export const ALL_STATES = '';

interface Browsable {
  name: string;
  state: string;
}

/** docs/store-spec.md §2: the search (name or state, case-insensitive substring) combined with the chosen state. */
export function filterCounties<T extends Browsable>(counties: readonly T[], state: string, search: string): T[] {
  return counties.filter((county) => (state === ALL_STATES || county.state === state) && matchesSearch(county, search));
}

/** What the count line says: how many match, and how many of them show while not all do. */
export function resultSummary(shown: number, matching: number): string {
  if (shown >= matching) return `${countOf(matching, 'county', 'counties')} found`;
  return `Showing ${shown.toLocaleString('en-US')} of ${countOf(matching, 'county', 'counties')}`;
}

/** The next "Show more" step, never past the end. */
export function nextLimit(limit: number, matching: number): number {
  return Math.min(limit + PAGE_SIZE, Math.max(matching, PAGE_SIZE));
}

/** docs/store-spec.md §2: a county's checkout; a plan chosen in its "What you get" panel comes along. */
export function checkoutPath(countyId: string, purchaseType?: PurchaseType): string {
  const path = `/checkout/${encodeURIComponent(countyId)}`;
  return purchaseType ? `${path}?plan=${purchaseType}` : path;
}
