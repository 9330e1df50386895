import { useQuery } from '@tanstack/react-query';
import { useAfterFirstPaint } from './after-first-paint';
import { getJson } from './http';
import type { components } from '@web-shared/api-types';

/** One county of the catalog, as GET /api/counties lists it. */
export type County = components['schemas']['CatalogCountyDto'];

/** The whole catalog (about 3,200 counties, ordered by state then name); the server revalidates it by ETag. */
export const countiesQuery = {
  queryKey: ['counties'],
  queryFn: () => getJson<County[]>('/api/counties'),
} as const;

/** The catalog, asked for once the screen has first painted: no list shows it before a choice. */
export function useCounties() {
  return useQuery({ ...countiesQuery, enabled: useAfterFirstPaint() });
}

/** "matches name or state, case-insensitive substring" (docs/store-spec.md §2), the one rule both county lists use. */
export function matchesSearch(county: Pick<County, 'name' | 'state'>, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return county.name.toLowerCase().includes(needle) || county.state.toLowerCase().includes(needle);
}

/** The states of the catalog, alphabetical, each with its number of counties. */
export function statesWithCounts(counties: readonly Pick<County, 'state'>[]): { state: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const { state } of counties) counts.set(state, (counts.get(state) ?? 0) + 1);
  return [...counts.entries()]
    .map(([state, count]) => ({ state, count }))
    .sort((a, b) => a.state.localeCompare(b.state));
}
