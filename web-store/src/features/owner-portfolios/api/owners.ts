import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { FeatureCollection } from 'geojson';
import type { components } from '@web-shared/api-types';
import { getJson, HttpError } from '@/lib/http';

/** An owner found by name (GET /api/owners): what they hold in the customer's counties and elsewhere. */
export type OwnerMatch = components['schemas']['OwnerMatchDto'];
/** A page of an owner's portfolio (GET /api/owners/{ownerId}): the summary again with each page of parcels. */
export type OwnerPortfolio = components['schemas']['OwnerPortfolioDto'];
export type PortfolioParcel = components['schemas']['PortfolioParcelDto'];
export type ExportFormat = 'csv' | 'geojson';

/** Owners a search shows. */
const MATCHES = 20;
/** Parcels a page of the portfolio shows, and each "Show more" adds. */
export const PORTFOLIO_PAGE = 50;

/** A refusal (400, 403, 404) is the answer, not a hiccup: shown at once, not after retries. */
const retryHiccups = (count: number, error: Error) => !(error instanceof HttpError && error.status < 500) && count < 2;

const ownerPath = (ownerId: string) => `/api/owners/${encodeURIComponent(ownerId)}`;

/** The file of every parcel of the owner in the customer's counties; the server names it. */
export function exportUrl(ownerId: string, format: ExportFormat): string {
  return `${ownerPath(ownerId)}/export?format=${format}`;
}

/** Owners of parcels in the customer's counties by name, best first; asks nothing until there is a name. */
export function useOwnerSearch(name: string) {
  return useQuery({
    queryKey: ['owners', 'search', name],
    queryFn: () =>
      getJson<{ owners: OwnerMatch[] }>(`/api/owners?${new URLSearchParams({ name, limit: String(MATCHES) })}`),
    enabled: name !== '',
    retry: retryHiccups,
  });
}

/** The owner's portfolio, its parcels page by page (the `next` cursor of the page before). */
export function useOwnerPortfolio(ownerId: string) {
  return useInfiniteQuery({
    queryKey: ['owners', 'portfolio', ownerId],
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ limit: String(PORTFOLIO_PAGE) });
      if (pageParam) query.set('cursor', pageParam);
      return getJson<OwnerPortfolio>(`${ownerPath(ownerId)}?${query}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    retry: retryHiccups,
  });
}

/** Every parcel of the owner with its boundary (the GeoJSON export), once, for the map. */
export function useOwnerParcelShapes(ownerId: string) {
  return useQuery({
    queryKey: ['owners', 'shapes', ownerId],
    queryFn: () => getJson<FeatureCollection>(exportUrl(ownerId, 'geojson')),
    retry: retryHiccups,
    staleTime: Infinity,
  });
}
