import { useQuery } from '@tanstack/react-query';
import type { components } from '@web-shared/api-types';
import { getJson } from '@/lib/api';

type Coverage = components['schemas']['AdminCoverageDto'];
export type CountyRelease = components['schemas']['CountyReleaseDto'];

export const coverageKey = ['admin', 'coverage'] as const;

/** GET /api/admin/coverage: every county on sale with its current release. */
export const useCoverage = () =>
  useQuery({ queryKey: coverageKey, queryFn: () => getJson<Coverage>('/api/admin/coverage') });

/** GET /api/counties/{id}/releases: a county's published releases, newest first. */
export const useCountyReleases = (countyId: string | null) =>
  useQuery({
    queryKey: ['admin', 'county-releases', countyId],
    queryFn: () => getJson<CountyRelease[]>(`/api/counties/${encodeURIComponent(countyId!)}/releases`),
    enabled: countyId !== null,
  });
