import { useQuery } from '@tanstack/react-query';
import { getJson, HttpError } from '@/lib/http';
import type { Feature } from 'geojson';
import type { components } from '@web-shared/api-types';

/** Where the map opens: the customer's County Tracker counties (GET /api/parcel-map). */
export type MapStart = components['schemas']['ParcelMapStartDto'];
export type MapCounty = components['schemas']['ParcelMapCountyDto'];

/** A parcel as /api/parcels answers it: a GeoJSON Feature whose id is the parcel_key. */
export type ParcelFeature = Omit<Feature, 'id' | 'properties'> & {
  id: string;
  properties: Record<string, string | number | boolean | null>;
};
interface ParcelPage {
  type: 'FeatureCollection';
  features: ParcelFeature[];
  next?: string | null;
}

export type SearchKind = 'address' | 'owner' | 'parcel';

/** The most parcels a selection holds: what an export carries at most. */
export const MAX_SELECTION = 10_000;
/** A selection is read in pages of this many (the API's largest). */
const PAGE = 1000;

const MAP_START_PATH = '/api/parcel-map';
let started: Promise<MapStart> | null = null;

/**
 * Asks for the map's start at once, beside the page's code (a megabyte of MapLibre to fetch and
 * run): the page's first query takes this answer instead of asking only after the code has run.
 */
export function startMapStart(): void {
  started ??= getJson<MapStart>(MAP_START_PATH);
  // A refusal (signed out) is the page's query's to report, not an unhandled rejection here.
  started.catch(() => undefined);
}

export const mapStartQuery = {
  queryKey: ['parcel-map'],
  /** The answer startMapStart asked for, once; a new request after that. */
  queryFn: (): Promise<MapStart> => {
    const answer = started ?? getJson<MapStart>(MAP_START_PATH);
    started = null;
    return answer;
  },
} as const;

export function useMapStart() {
  return useQuery({
    ...mapStartQuery,
    // A customer without a County Tracker is told so at once, not after retries.
    retry: (count, error) => !(error instanceof HttpError && error.status < 500) && count < 2,
  });
}

export function useParcel(key: string | null) {
  return useQuery({
    queryKey: ['parcel', key],
    queryFn: () => getJson<ParcelFeature>(`/api/parcels/${encodeURIComponent(key!)}`),
    enabled: key !== null,
  });
}

export async function searchParcels(kind: SearchKind, text: string, county?: string): Promise<ParcelFeature[]> {
  const query = new URLSearchParams(kind === 'parcel' ? { parcel: text, county: county ?? '' } : { [kind]: text });
  if (kind !== 'parcel' && county) query.set('county', county);
  query.set('limit', '10');
  return (await getJson<ParcelPage>(`/api/parcels?${query}`)).features;
}

/**
 * The parcels meeting a box, page after page, up to MAX_SELECTION; `onProgress` hears the count
 * so far. Stops early when `signal` aborts (a new selection replaces it).
 */
export async function selectParcels(
  bbox: [number, number, number, number],
  onProgress: (count: number) => void,
  signal: AbortSignal,
): Promise<{ features: ParcelFeature[]; complete: boolean }> {
  const features: ParcelFeature[] = [];
  let cursor: string | null | undefined = undefined;
  let cut = false;
  do {
    const query = new URLSearchParams({ bbox: bbox.map((n) => n.toFixed(7)).join(','), limit: String(PAGE) });
    if (cursor) query.set('cursor', cursor);
    const page: ParcelPage = await getJson<ParcelPage>(`/api/parcels?${query}`);
    if (signal.aborted) throw new DOMException('Replaced by another selection', 'AbortError');
    const room = MAX_SELECTION - features.length;
    cut = page.features.length > room;
    features.push(...page.features.slice(0, room));
    onProgress(features.length);
    cursor = page.next;
  } while (cursor && features.length < MAX_SELECTION);
  // Complete only when the box had no more: neither a next page nor parcels of the last page left out.
  return { features, complete: !cursor && !cut };
}
