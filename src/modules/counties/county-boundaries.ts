import { readFileSync } from 'node:fs';
import { feature } from 'topojson-client';

/**
 * Every county's boundary, offline: the Census Bureau's cartographic boundaries at 1:10,000,000
 * as the `us-atlas` package ships them (TopoJSON, public domain data, ISC package). That scale
 * draws a county's outline within a few hundred metres, and its coast along the shoreline rather
 * than out to sea: right for placing made-up parcels and for telling that a point is in the
 * wrong county altogether, too coarse to judge a parcel a few metres from a county line.
 *
 * The file (about 800 KB) is read on first use, not at start, and each county is decoded once.
 */

/** [longitude, latitude] in degrees, WGS 84. */
export type Position = [number, number];

/** GeoJSON MultiPolygon: polygons of rings (the first ring the outline, the others holes). */
export interface CountyBoundary {
  type: 'MultiPolygon';
  coordinates: Position[][][];
}

export interface BoundingBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The mean radius of the Earth (IUGG), for areas on a sphere. */
const EARTH_RADIUS_M = 6_371_008.8;
const RADIANS = Math.PI / 180;

interface CountyTopology {
  objects: { counties: { type: 'GeometryCollection'; geometries: { id: string }[] } };
}

let topology: CountyTopology | null = null;
let geometriesByFips: Map<string, unknown> | null = null;
const decoded = new Map<string, CountyBoundary | null>();

function countyGeometries(): Map<string, unknown> {
  if (!geometriesByFips) {
    topology = JSON.parse(readFileSync(require.resolve('us-atlas/counties-10m.json'), 'utf8')) as CountyTopology;
    geometriesByFips = new Map(topology.objects.counties.geometries.map((geometry) => [geometry.id, geometry]));
  }
  return geometriesByFips;
}

/** The county's boundary by its 5-digit FIPS code, or null for a code the Census does not draw. */
export function countyBoundary(fips: string): CountyBoundary | null {
  if (decoded.has(fips)) return decoded.get(fips) ?? null;
  const geometry = countyGeometries().get(fips);
  const shape = geometry ? feature(topology, geometry).geometry : null;
  let boundary: CountyBoundary | null = null;
  if (shape?.type === 'Polygon') boundary = { type: 'MultiPolygon', coordinates: [shape.coordinates as Position[][]] };
  else if (shape?.type === 'MultiPolygon')
    boundary = { type: 'MultiPolygon', coordinates: shape.coordinates as Position[][][] };
  if (boundary && boundaryArea(boundary) < 1) boundary = squareAround(boundingBox(boundary));
  decoded.set(fips, boundary);
  return boundary;
}

/**
 * A county too small for the 1:10,000,000 drawing collapses to a line (Falls Church, Virginia,
 * 5 km²): it is given a square of about that size around where it is drawn, so a point in it is
 * still found in it.
 */
const SMALLEST_COUNTY_SIDE_M = 2300;

function squareAround(box: BoundingBox): CountyBoundary {
  const lat = (box.south + box.north) / 2;
  const lon = (box.west + box.east) / 2;
  const dLat = SMALLEST_COUNTY_SIDE_M / 2 / 110_574;
  const dLon = SMALLEST_COUNTY_SIDE_M / 2 / (111_320 * Math.cos(lat * RADIANS));
  const ring: Position[] = [
    [lon - dLon, lat - dLat],
    [lon + dLon, lat - dLat],
    [lon + dLon, lat + dLat],
    [lon - dLon, lat + dLat],
    [lon - dLon, lat - dLat],
  ];
  return { type: 'MultiPolygon', coordinates: [[ring]] };
}

/** Whether a point lies inside the boundary (inside an outline and outside that polygon's holes). */
export function containsPoint(boundary: CountyBoundary, lon: number, lat: number): boolean {
  return boundary.coordinates.some(
    ([outline, ...holes]) => ringContains(outline, lon, lat) && !holes.some((hole) => ringContains(hole, lon, lat)),
  );
}

/** Even-odd ray casting in degrees: exact enough at county scale, where rings are short and far from the poles. */
export function ringContains(ring: Position[], lon: number, lat: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The area inside the boundary in square metres, on a sphere (within a fraction of a percent of the ellipsoid's). */
export function boundaryArea(boundary: CountyBoundary): number {
  let total = 0;
  for (const [outline, ...holes] of boundary.coordinates) {
    total += ringArea(outline);
    for (const hole of holes) total -= ringArea(hole);
  }
  return total;
}

/** A ring's area on the sphere, whichever way it winds (Chamberlain and Duquette, JPL 2007). */
export function ringArea(ring: Position[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [lon1, lat1] = ring[j];
    const [lon2, lat2] = ring[i];
    sum += (lon2 - lon1) * RADIANS * (2 + Math.sin(lat1 * RADIANS) + Math.sin(lat2 * RADIANS));
  }
  return Math.abs((sum * EARTH_RADIUS_M * EARTH_RADIUS_M) / 2);
}

/** The smallest longitude/latitude box around the boundary. */
export function boundingBox(boundary: CountyBoundary): BoundingBox {
  const box = { west: Infinity, south: Infinity, east: -Infinity, north: -Infinity };
  for (const polygon of boundary.coordinates) {
    for (const [lon, lat] of polygon[0]) {
      if (lon < box.west) box.west = lon;
      if (lon > box.east) box.east = lon;
      if (lat < box.south) box.south = lat;
      if (lat > box.north) box.north = lat;
    }
  }
  return box;
}
