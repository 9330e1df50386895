import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components } from '@web-shared/api-types';
import { getJson } from '@/lib/api';
import { apiQueryOf, type ParcelSearch } from './parcel-search';

type Schemas = components['schemas'];
/** A parcel as GET /api/admin/parcels answers it: a GeoJSON Feature with `match`. */
export type Parcel = Schemas['ParcelFeatureDto'];
export type ParcelCollection = Schemas['ParcelCollectionDto'];
export type ParcelFieldCategory = Schemas['ParcelFieldCategoryDto'];
export type CoverageCounty = Schemas['CoverageCountyDto'];

const parcelsKey = ['admin', 'parcels'] as const;

/** GET /api/admin/parcels for the page's search; nothing is asked until the page has one. */
export const useParcelSearch = (search: ParcelSearch | null) =>
  useQuery({
    queryKey: [...parcelsKey, 'search', search && apiQueryOf(search)],
    queryFn: () => getJson<ParcelCollection>(`/api/admin/parcels?${apiQueryOf(search!)}`),
    enabled: search !== null,
    placeholderData: keepPreviousData,
    // A refused question stays refused: asking again would only repeat the message.
    retry: false,
  });

/** GET /api/admin/parcels/{key}: the parcel a drawer shows, whether a search found it or a link named it. */
export const useParcel = (parcelKey: string | undefined) =>
  useQuery({
    queryKey: [...parcelsKey, 'one', parcelKey],
    queryFn: () => getJson<Parcel>(`/api/admin/parcels/${encodeURIComponent(parcelKey!)}`),
    enabled: parcelKey !== undefined,
    retry: false,
  });

/** GET /api/admin/parcel-fields: the schema's categories and descriptions; fixed, so read once. */
export const useParcelFields = () =>
  useQuery({
    queryKey: [...parcelsKey, 'fields'],
    queryFn: () => getJson<{ categories: ParcelFieldCategory[] }>('/api/admin/parcel-fields'),
    staleTime: Infinity,
  });

/** The counties with a current release, which are those the parcel store holds (GET /api/admin/coverage). */
export const useCountiesWithParcels = () =>
  useQuery({
    queryKey: ['admin', 'coverage'],
    queryFn: () => getJson<Schemas['AdminCoverageDto']>('/api/admin/coverage'),
    select: (coverage) => coverage.counties.filter((county) => county.currentRelease !== null),
  });
