import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '@web-shared/api-types';
import { getJson } from './http';

/** One published release of a county: GET /api/counties/:id/releases, newest first. */
export type CountyRelease = components['schemas']['CountyReleaseDto'];

/** How many releases the "What you get" panel lists: half a year tells how the data moves. */
export const RELEASES_SHOWN = 6;

/** A county's published releases. Like the summary, it changes only with a monthly release. */
export function countyReleasesQuery(countyId: string) {
  return queryOptions({
    queryKey: ['county-releases', countyId],
    queryFn: () => getJson<CountyRelease[]>(`/api/counties/${encodeURIComponent(countyId)}/releases`),
  });
}

export function useCountyReleases(countyId: string) {
  return useQuery(countyReleasesQuery(countyId));
}

/** What a history row shows of its change counts. */
export type ChangeCounts =
  { kind: 'counts'; added: string; removed: string; changed: string } | { kind: 'none'; label: string };

/**
 * A release's change counts as a buyer reads them; without counts, the oldest release listed is the
 * county's first (nothing to compare), any other was published without a comparison.
 */
export function changeCounts(release: CountyRelease, oldest: boolean): ChangeCounts {
  if (release.added === null || release.removed === null || release.changed === null)
    return { kind: 'none', label: oldest ? 'First release' : 'Not compared' };
  return {
    kind: 'counts',
    added: release.added.toLocaleString('en-US'),
    removed: release.removed.toLocaleString('en-US'),
    changed: release.changed.toLocaleString('en-US'),
  };
}
