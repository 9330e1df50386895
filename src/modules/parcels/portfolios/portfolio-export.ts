import { csvCell } from '../../../contracts/csv-cell';
import type { ExportFormat } from './dto/owner-query.dto';
import type { ExportedParcel } from './owner-portfolio.service';

/** The columns of a portfolio's CSV, and the properties of its GeoJSON Features, in this order. */
export const EXPORT_COLUMNS = [
  'owner_id',
  'parcel_key',
  'county_fips',
  'county',
  'state',
  'role',
  'owner_name',
  'owner2_name',
  'mail_address',
  'site_address',
  'assessed_total_value',
  'last_sale_date',
  'last_sale_price',
] as const satisfies readonly (keyof ExportedParcel)[];

export const EXPORT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  geojson: 'application/geo+json',
};

/**
 * A portfolio's file as it is written, a parcel at a time: CSV (a header, then a row a parcel, each
 * text cell safe from spreadsheet formulas as every CSV of the store is) or a GeoJSON
 * FeatureCollection (RFC 7946: WGS 84, a Feature a parcel with its boundary, null without).
 */
export async function* exportChunks(
  format: ExportFormat,
  parcels: AsyncIterable<ExportedParcel>,
): AsyncGenerator<string> {
  if (format === 'csv') {
    yield EXPORT_COLUMNS.join(',') + '\r\n';
    for await (const parcel of parcels) yield EXPORT_COLUMNS.map((c) => csvCell(parcel[c])).join(',') + '\r\n';
    return;
  }
  yield '{"type":"FeatureCollection","features":[';
  let first = true;
  for await (const parcel of parcels) {
    const properties = Object.fromEntries(EXPORT_COLUMNS.map((c) => [c, parcel[c]]));
    const feature = { type: 'Feature', id: parcel.parcel_key, geometry: parcel.geometry, properties };
    yield (first ? '\n' : ',\n') + JSON.stringify(feature);
    first = false;
  }
  yield '\n]}\n';
}
