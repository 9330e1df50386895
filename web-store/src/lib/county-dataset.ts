import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FillRateField } from '@contracts/county-dataset';
import type { components } from '@web-shared/api-types';
import { formatDate, formatRelease } from '@web-shared/format';
import { getJson, HttpError } from './http';

/** What a buyer gets for one county: GET /api/counties/:id/dataset-summary. */
export type CountyDatasetSummary = components['schemas']['CountyDatasetSummaryDto'];

/**
 * What a buyer gets for one county. The store's query defaults apply (never stale, no retry):
 * a summary changes only with a new monthly release, which a reload picks up.
 */
export function countyDatasetQuery(countyId: string) {
  return queryOptions({
    queryKey: ['county-dataset', countyId],
    queryFn: () => getJson<CountyDatasetSummary>(`/api/counties/${encodeURIComponent(countyId)}/dataset-summary`),
  });
}

export function useCountyDataset(countyId: string) {
  return useQuery(countyDatasetQuery(countyId));
}

/** The API's 409 for a county whose first release is not published yet (production has no stand-in data). */
export function isDataPending(error: unknown): boolean {
  return error instanceof HttpError && error.status === 409;
}

/**
 * A fill rate (0–1) as a whole percent. Rounding alone would call 99.6% "100%" and 0.3% "0%", telling
 * a buyer that every record, or none, carries a field when that is not so: only exact ends show as such.
 */
export function formatFillRate(rate: number): string {
  if (!Number.isFinite(rate) || rate <= 0) return '0%';
  if (rate >= 1) return '100%';
  return `${Math.min(99, Math.max(1, Math.round(rate * 100)))}%`;
}

/** What the panel shows of a release's key fields. */
export type KeyFieldsView =
  | { kind: 'counting'; message: string }
  | {
      kind: 'rates';
      /** Each field's share as the buyer reads it, and its bar's length in percent of the track. */
      fields: { field: FillRateField; label: string; percent: string; width: number }[];
    };

/** Shown in place of the bars while the worker is still counting a release's key fields. */
const FILL_RATES_COUNTING = 'Counting how complete each field is… check back in a minute.';

/**
 * The key fields' fill rates, or a line saying they are still being counted: the API sends null
 * rather than zeros for a release stored before the counts were kept, and zeros would read as empty fields.
 */
export function keyFieldsView(fillRates: CountyDatasetSummary['fillRates'] | undefined): KeyFieldsView {
  if (!fillRates) return { kind: 'counting', message: FILL_RATES_COUNTING };
  return {
    kind: 'rates',
    fields: fillRates.map(({ field, label, rate }) => ({
      field,
      label,
      percent: formatFillRate(rate),
      width: Number.isFinite(rate) ? Math.min(100, Math.max(0, rate * 100)) : 0,
    })),
  };
}

/**
 * What the GIS formats carry for this county, under its file list: parcel boundaries, or points
 * where the county's source has no shapes. Nothing while its fields are still being counted.
 */
export function shapesLine(shapes: CountyDatasetSummary['shapes'] | undefined): string | null {
  if (shapes === 'polygons')
    return 'Parcel boundaries: GeoPackage, Shapefile, GeoJSON and Parquet have each parcel as a polygon.';
  if (shapes === 'points')
    return 'Points only: this county publishes no parcel boundaries, so each parcel is a point at its centroid.';
  return null;
}

/** "Latest release: November 2026, published Nov 3, 2026". */
export function releaseLine(release: string, publishedAt: string): string {
  return `Latest release: ${formatRelease(release)}, published ${formatDate(publishedAt)}`;
}
