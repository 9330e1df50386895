/**
 * A small county file with parcel boundaries, as a county with shapes sends one: a lot as a
 * POLYGON, one of two parts (a MULTIPOLYGON: a lot split by a road), a lot with a hole, a
 * MULTIPOLYGON of one part, and a parcel without a boundary (it keeps its point attributes).
 */
export const BOUNDARY_FIPS = '10005';

export const LOT = 'POLYGON ((-75.4002 38.7001,-75.4 38.7001,-75.4 38.7003,-75.4002 38.7003,-75.4002 38.7001))';
export const SPLIT_LOT =
  'MULTIPOLYGON (((-75.4102 38.7101,-75.41 38.7101,-75.41 38.7103,-75.4102 38.7103,-75.4102 38.7101)),' +
  '((-75.4097 38.7101,-75.4095 38.7101,-75.4095 38.7103,-75.4097 38.7103,-75.4097 38.7101)))';
export const HOLED_LOT =
  'POLYGON ((-75.42 38.72,-75.419 38.72,-75.419 38.721,-75.42 38.721,-75.42 38.72),' +
  '(-75.4197 38.7203,-75.4193 38.7203,-75.4193 38.7207,-75.4197 38.7207,-75.4197 38.7203))';
export const ONE_PART = 'MULTIPOLYGON (((-75.43 38.73,-75.4298 38.73,-75.4298 38.7302,-75.43 38.73)))';

/** The parcels, in file order: parcel_id, latitude, longitude, geometry_wkt. */
export const BOUNDARY_PARCELS: [id: string, lat: string, lon: string, wkt: string][] = [
  ['L-1', '38.7002', '-75.4001', LOT],
  ['L-2', '38.7102', '-75.40985', SPLIT_LOT],
  ['L-3', '38.7205', '-75.4195', HOLED_LOT],
  ['L-4', '38.73007', '-75.42993', ONE_PART],
  ['L-5', '38.74', '-75.44', ''],
];

const quoted = (value: string) => (value.includes(',') ? `"${value}"` : value);

/** The county file's CSV text: a few schema columns, the boundary among them. */
export function boundaryCsv(options: { shapes?: boolean; change?: boolean; fips?: string } = {}): string {
  const shapes = options.shapes ?? true;
  const header = [
    ...(options.change ? ['change'] : []),
    'county_fips',
    'parcel_id',
    'owner_name',
    'latitude',
    'longitude',
    ...(shapes ? ['geometry_wkt'] : []),
  ];
  const rows = BOUNDARY_PARCELS.map(([id, lat, lon, wkt], i) => [
    ...(options.change ? [i % 2 === 0 ? 'changed' : 'added'] : []),
    options.fips ?? BOUNDARY_FIPS,
    id,
    `OWNER ${i + 1}`,
    lat,
    lon,
    ...(shapes ? [quoted(wkt)] : []),
  ]);
  return [header, ...rows].map((row) => row.join(',')).join('\n') + '\n';
}

/** Counted rings: [polygons][rings][points][x, y], as GeoJSON writes a MultiPolygon. */
export type MultiPolygonCoordinates = number[][][][];

/** The parts of each parcel's boundary as GeoJSON MultiPolygon coordinates (null: none). */
export function expectedParts(): (MultiPolygonCoordinates | null)[] {
  const ring = (text: string) => text.split(',').map((pair) => pair.trim().split(' ').map(Number));
  const polygon = (text: string) => text.split(/\),\s*\(/).map((r) => ring(r.replace(/[()]/g, '')));
  return BOUNDARY_PARCELS.map(([, , , wkt]) => {
    if (!wkt) return null;
    const body = wkt.replace(/^[A-Z]+\s*/, '');
    if (wkt.startsWith('MULTI')) {
      return body
        .slice(1, -1)
        .split(/\)\),\s*\(\(/)
        .map((p) => polygon(p));
    }
    return [polygon(body.slice(1, -1))];
  });
}

/**
 * A boundary's parts as comparable values whatever way a format winds its rings (a Shapefile winds
 * outer rings clockwise, GeoJSON counter-clockwise): each ring's points sorted, rounded to 1e-9.
 */
export function comparableParts(parts: MultiPolygonCoordinates | null): string[][] | null {
  if (!parts) return null;
  return parts.map((rings) =>
    rings.map((ring) =>
      ring
        .slice(0, -1)
        .map(([x, y]) => `${x.toFixed(9)} ${y.toFixed(9)}`)
        .sort()
        .join(','),
    ),
  );
}

/** A GeoJSON geometry's parts as MultiPolygon coordinates: a Polygon is one part. */
export function partsOf(geometry: { type: string; coordinates: unknown } | null): MultiPolygonCoordinates | null {
  if (!geometry) return null;
  if (geometry.type === 'Polygon') return [geometry.coordinates as number[][][]];
  if (geometry.type === 'MultiPolygon') return geometry.coordinates as MultiPolygonCoordinates;
  throw new Error(`Not a polygonal geometry: ${geometry.type}`);
}
