import { BadRequestException } from '@nestjs/common';
import { DATA_FIELDS, DATA_SCHEMA_PATH, type DataField } from '../../data-schema';
import type { FoundParcel } from './parcel-lookup.repository';

/** How a parcel matched what was asked: the kind of question, and its score or distance where it has one. */
export interface ParcelMatch {
  kind: 'point' | 'nearest' | 'parcel' | 'address' | 'owner' | 'bbox' | 'key';
  score?: number;
  distance_m?: number;
}

/** A parcel as the API answers it: a GeoJSON Feature (RFC 7946) with `match` as a foreign member. */
export interface ParcelFeature {
  type: 'Feature';
  id: string;
  geometry: object | null;
  properties: Record<string, string | number | boolean | null>;
  match?: ParcelMatch;
}

/** The schema's fields a Feature carries as properties: every one but the boundary, which is its geometry. */
export const PROPERTY_FIELDS: readonly DataField[] = DATA_FIELDS.filter((field) => field.type !== 'geometry');
const PROPERTY_NAMES = new Set(PROPERTY_FIELDS.map((field) => field.name));

/**
 * The names a `fields=` list gives, in its order; refused when one is not a field of the schema
 * (geometry_wkt among them: the boundary is the geometry).
 */
export function fieldNamesOf(list: string): string[] {
  const names = list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !PROPERTY_NAMES.has(name));
  if (unknown.length > 0) {
    throw new BadRequestException(
      `fields names what the data schema does not have: ${unknown.slice(0, 5).join(', ')} (/${DATA_SCHEMA_PATH} lists the fields)`,
    );
  }
  return names;
}

/** A value as JSON gives it: numbers and booleans typed by the schema, dates and text as written, empty as null. */
function typed(field: DataField, value: string | undefined): string | number | boolean | null {
  if (value === undefined || value === '') return null;
  switch (field.type) {
    case 'integer':
    case 'decimal':
    case 'money': {
      const number = Number(value);
      return Number.isFinite(number) ? number : value;
    }
    case 'boolean':
      return value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;
    default:
      return value;
  }
}

/** The owner ids of a parcel's owner_name and owner2_name (see the owners module), where grouping gave them. */
export type ParcelOwnerIds = [owner?: string, owner2?: string];

/**
 * The Feature of a found parcel: its key, county, release and owners' ids, then the chosen schema
 * fields (all when none are chosen).
 */
export function parcelFeature(
  parcel: FoundParcel,
  fields: readonly DataField[],
  owners: ParcelOwnerIds = [],
  match?: ParcelMatch,
): ParcelFeature {
  const properties: ParcelFeature['properties'] = {
    parcel_key: parcel.parcelKey,
    county_fips: parcel.countyFips,
    release: parcel.release,
    owner_id: owners[0] ?? null,
    owner2_id: owners[1] ?? null,
  };
  for (const field of fields) properties[field.name] = typed(field, parcel.fields[field.name]);
  return { type: 'Feature', id: parcel.parcelKey, geometry: parcel.geometry, properties, ...(match && { match }) };
}
