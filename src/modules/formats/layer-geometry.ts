import type { NormalizedCsv } from './normalized-csv';

/** The geometry of a converted file's one layer. */
export type LayerGeometry = 'Point' | 'Polygon' | 'MultiPolygon';

/**
 * What a county's converted files carry, decided from what its normalized CSV met:
 * - no parcel with a boundary (every `geometry_wkt` empty or unreadable, or no such column): the
 *   points, from latitude/longitude, as before counties had shapes;
 * - else the boundaries: a Polygon layer when every parcel is one polygon, MultiPolygon when any
 *   has more than one (then every parcel is written as a MultiPolygon: a layer has one type). A
 *   parcel without a boundary in such a county has a null geometry.
 *
 * Why from the normalized CSV: every conversion writes it whole before GDAL or DuckDB starts, and
 * reads every boundary on the way, so the answer costs nothing more than counting. The county's key
 * field counts (county_datasets.key_field_counts) would say only that a value is filled, not that it
 * is a readable shape nor whether it is multipart, and are missing for files stored before they were
 * counted; a first pass of its own would read the county twice.
 */
export function layerGeometry(facts: Pick<NormalizedCsv, 'shapes' | 'multipart'>): LayerGeometry {
  if (facts.shapes === 0) return 'Point';
  return facts.multipart > 0 ? 'MultiPolygon' : 'Polygon';
}
