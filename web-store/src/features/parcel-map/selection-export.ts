import type { FeatureCollection } from 'geojson';
import { csvCell } from '@contracts/csv-cell';
import type { ParcelFeature } from './api/parcel-map';

/**
 * The parcels as CSV: one row each, every property a column in the order the API gives them, the boundary as GeoJSON;
 * text a spreadsheet would run as a formula is guarded (src/contracts/csv-cell.ts).
 */
export function selectionCsv(features: ParcelFeature[]): string {
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const feature of features) {
    for (const name of Object.keys(feature.properties)) {
      if (!seen.has(name)) {
        seen.add(name);
        columns.push(name);
      }
    }
  }
  const header = [...columns, 'geometry'];
  const rows = features.map((feature) =>
    [...columns.map((name) => feature.properties[name]), feature.geometry].map(csvCell).join(','),
  );
  return [header.map(csvCell).join(','), ...rows].join('\r\n') + '\r\n';
}

/** The parcels as a GeoJSON FeatureCollection (RFC 7946), as the API answered them. */
export function selectionGeoJson(features: ParcelFeature[]): string {
  const collection: FeatureCollection = {
    type: 'FeatureCollection',
    features: features.map(({ type, id, geometry, properties }) => ({ type, id, geometry, properties })),
  };
  return JSON.stringify(collection);
}

/** Saves text as a file through the browser's download. */
export function download(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
