/**
 * What a parcel's boundary (`geometry_wkt`) is worth, read from its WKT where it lies in the
 * record's bytes: empty, unreadable, invalid (a ring not closed, too short, or crossing itself),
 * of no area, or a shape with its area and centroid. Checked on every record ingested, so it
 * parses without building strings or objects per vertex.
 */
export type ShapeVerdict = 'missing' | 'unreadable' | 'invalid' | 'no-area' | 'shape';

export interface ShapeFacts {
  verdict: ShapeVerdict;
  /** Square metres (rings on a local equirectangular plane: within a fraction of a percent at parcel size). */
  area: number;
  /** The area-weighted centroid of the outer rings, WGS 84. */
  lon: number;
  lat: number;
}

/** A ring longer than this is not searched for crossings (O(n²)); such rings are rare, and counted as read. */
export const MAX_CHECKED_RING_POINTS = 2000;

const EARTH_RADIUS = 6_371_008.8;
const RAD = Math.PI / 180;
const OPEN = 0x28;
const CLOSE = 0x29;
const COMMA = 0x2c;

/** Reusable coordinate storage: one record's rings, as [lon, lat, lon, lat, …] with ring bounds. */
class Rings {
  coords = new Float64Array(4096);
  length = 0;
  /** Ring i is coords[starts[i] … ends[i]); the first ring of each polygon is its outer ring, the others holes. */
  starts: number[] = [];
  ends: number[] = [];
  outer: boolean[] = [];

  reset(): void {
    this.length = 0;
    this.starts.length = 0;
    this.ends.length = 0;
    this.outer.length = 0;
  }

  push(value: number): void {
    if (this.length === this.coords.length) {
      const grown = new Float64Array(this.coords.length * 2);
      grown.set(this.coords);
      this.coords = grown;
    }
    this.coords[this.length++] = value;
  }
}

const rings = new Rings();

export function inspectShape(bytes: Buffer, start: number, end: number): ShapeFacts {
  if (end <= start) return verdict('missing');
  if (!parse(bytes, start, end)) return verdict('unreadable');
  if (rings.starts.length === 0) return verdict('missing');
  let area = 0;
  let cx = 0;
  let cy = 0;
  // The plane's origin: the first vertex, so that coordinates stay small and products exact enough.
  const lon0 = rings.coords[rings.starts[0]];
  const lat0 = rings.coords[rings.starts[0] + 1];
  const kx = EARTH_RADIUS * RAD * Math.cos(lat0 * RAD);
  const ky = EARTH_RADIUS * RAD;
  for (let r = 0; r < rings.starts.length; r++) {
    const from = rings.starts[r];
    const to = rings.ends[r];
    const points = (to - from) / 2;
    const c = rings.coords;
    if (points < 4 || c[from] !== c[to - 2] || c[from + 1] !== c[to - 1]) return verdict('invalid');
    if (points <= MAX_CHECKED_RING_POINTS && crossesItself(c, from, to)) return verdict('invalid');
    let twice = 0;
    let sx = 0;
    let sy = 0;
    for (let i = from; i < to - 2; i += 2) {
      const x1 = (c[i] - lon0) * kx;
      const y1 = (c[i + 1] - lat0) * ky;
      const x2 = (c[i + 2] - lon0) * kx;
      const y2 = (c[i + 3] - lat0) * ky;
      const cross = x1 * y2 - x2 * y1;
      twice += cross;
      sx += (x1 + x2) * cross;
      sy += (y1 + y2) * cross;
    }
    const ringArea = Math.abs(twice) / 2;
    if (rings.outer[r]) {
      area += ringArea;
      if (twice !== 0) {
        cx += (sx / (3 * twice)) * ringArea;
        cy += (sy / (3 * twice)) * ringArea;
      }
    } else {
      area -= ringArea;
    }
  }
  if (!(area > 0)) return verdict('no-area');
  const outerArea = outerRingsArea(lon0, lat0, kx, ky);
  return {
    verdict: 'shape',
    area,
    lon: lon0 + cx / outerArea / kx,
    lat: lat0 + cy / outerArea / ky,
  };
}

function verdict(kind: ShapeVerdict): ShapeFacts {
  return { verdict: kind, area: 0, lon: NaN, lat: NaN };
}

function outerRingsArea(lon0: number, lat0: number, kx: number, ky: number): number {
  let total = 0;
  const c = rings.coords;
  for (let r = 0; r < rings.starts.length; r++) {
    if (!rings.outer[r]) continue;
    let twice = 0;
    for (let i = rings.starts[r]; i < rings.ends[r] - 2; i += 2) {
      twice += (c[i] - lon0) * kx * (c[i + 3] - lat0) * ky - (c[i + 2] - lon0) * kx * (c[i + 1] - lat0) * ky;
    }
    total += Math.abs(twice) / 2;
  }
  return total;
}

/**
 * Reads POLYGON / MULTIPOLYGON WKT (Z, M or ZM coordinates: the first two are kept) into `rings`.
 * False when it is not such WKT. EMPTY reads as no rings.
 */
function parse(bytes: Buffer, start: number, end: number): boolean {
  rings.reset();
  let i = start;
  while (i < end && bytes[i] <= 0x20) i++;
  const tagStart = i;
  while (i < end && bytes[i] !== OPEN && !(bytes[i] <= 0x20)) i++;
  const tag = bytes.toString('latin1', tagStart, i).toUpperCase();
  const multi = tag === 'MULTIPOLYGON';
  if (!multi && tag !== 'POLYGON') return false;
  while (i < end && bytes[i] <= 0x20) i++;
  let dims = 2;
  const dimensionTag = i < end && bytes[i] !== OPEN ? readWord(bytes, i, end) : '';
  if (dimensionTag === 'EMPTY') return true;
  if (dimensionTag === 'Z' || dimensionTag === 'M') dims = 3;
  else if (dimensionTag === 'ZM') dims = 4;
  else if (dimensionTag !== '') return false;
  i += dimensionTag.length;
  const ringDepth = multi ? 3 : 2;
  let depth = 0;
  let inRing = false;
  let ringOfPolygon = 0;
  let values = 0;
  let dim = 0;
  while (i < end) {
    const byte = bytes[i];
    if (byte === OPEN) {
      depth++;
      if (depth > ringDepth) return false;
      if (depth === ringDepth) {
        inRing = true;
        dim = 0;
        rings.starts.push(rings.length);
        rings.outer.push(ringOfPolygon === 0);
        ringOfPolygon++;
      }
      i++;
    } else if (byte === CLOSE) {
      if (depth === ringDepth) {
        if (dim !== 0 && dim !== dims) return false;
        rings.ends.push(rings.length);
        inRing = false;
      } else if (depth === ringDepth - 1) {
        ringOfPolygon = 0;
      }
      depth--;
      if (depth < 0) return false;
      i++;
    } else if (byte === COMMA || byte <= 0x20) {
      if (byte === COMMA && inRing && dim !== dims) return false;
      if (byte === COMMA) dim = 0;
      i++;
    } else if (inRing) {
      const next = readNumber(bytes, i, end);
      if (next < 0) return false;
      if (dim < 2) rings.push(numberRead);
      dim++;
      if (dim > dims) return false;
      values++;
      i = next;
    } else {
      return false;
    }
  }
  return depth === 0 && values > 0;
}

function readWord(bytes: Buffer, start: number, end: number): string {
  let i = start;
  while (i < end && ((bytes[i] >= 0x41 && bytes[i] <= 0x5a) || (bytes[i] >= 0x61 && bytes[i] <= 0x7a))) i++;
  return bytes.toString('latin1', start, i).toUpperCase();
}

let numberRead = 0;

/** Reads a decimal number at `start` into numberRead; answers where it ends, or -1. */
function readNumber(bytes: Buffer, start: number, end: number): number {
  let i = start;
  while (i < end) {
    const b = bytes[i];
    // Digits, sign, point and exponent: what a coordinate may be written with.
    if ((b >= 0x30 && b <= 0x39) || b === 0x2d || b === 0x2b || b === 0x2e || b === 0x65 || b === 0x45) i++;
    else break;
  }
  if (i === start) return -1;
  numberRead = Number(bytes.toString('latin1', start, i));
  return Number.isFinite(numberRead) ? i : -1;
}

/** Whether two non-adjacent edges of the ring meet (a bow-tie, a loop). */
function crossesItself(c: Float64Array, from: number, to: number): boolean {
  const last = to - 2;
  for (let i = from; i < last; i += 2) {
    for (let j = i + 4; j < last; j += 2) {
      // The first and the last edge share the ring's closing vertex.
      if (i === from && j === last - 2) continue;
      if (segmentsMeet(c[i], c[i + 1], c[i + 2], c[i + 3], c[j], c[j + 1], c[j + 2], c[j + 3])) return true;
    }
  }
  return false;
}

function orientation(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const value = (by - ay) * (cx - bx) - (bx - ax) * (cy - by);
  return value > 0 ? 1 : value < 0 ? -1 : 0;
}

function onSegment(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): boolean {
  return Math.min(ax, cx) <= bx && bx <= Math.max(ax, cx) && Math.min(ay, cy) <= by && by <= Math.max(ay, cy);
}

function segmentsMeet(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
): boolean {
  const o1 = orientation(ax, ay, bx, by, cx, cy);
  const o2 = orientation(ax, ay, bx, by, dx, dy);
  const o3 = orientation(cx, cy, dx, dy, ax, ay);
  const o4 = orientation(cx, cy, dx, dy, bx, by);
  if (o1 !== o2 && o3 !== o4) return true;
  if (o1 === 0 && onSegment(ax, ay, cx, cy, bx, by)) return true;
  if (o2 === 0 && onSegment(ax, ay, dx, dy, bx, by)) return true;
  if (o3 === 0 && onSegment(cx, cy, ax, ay, dx, dy)) return true;
  return o4 === 0 && onSegment(cx, cy, bx, by, dx, dy);
}

/** A county file's boundaries counted by what they are worth (each parcel in one count). */
export interface ShapeCounts {
  /** Parcels with a readable, valid boundary of some area. */
  shapes: number;
  missing: number;
  /** Unreadable as WKT of a polygon, a ring not closed or too short, or crossing itself: as the source had them. */
  invalid: number;
  /** Invalid boundaries the ingest made valid (GEOS's MakeValid): counted in `invalid` too, delivered repaired. */
  repaired: number;
  /** A boundary of no area (its points on one line). */
  noArea: number;
  /** Parcels whose boundary is another's of the file too: counted by the comparison, not at ingest. */
  duplicated?: number;
  /** Shapes whose centroid lies outside the county (by more than its drawn line's accuracy). */
  outsideCounty: number;
  /** Shapes larger than the county itself. */
  largerThanCounty: number;
}

export const noShapeCounts = (): ShapeCounts => ({
  shapes: 0,
  missing: 0,
  invalid: 0,
  repaired: 0,
  noArea: 0,
  outsideCounty: 0,
  largerThanCounty: 0,
});

/** Adds one parcel's verdict to the counts. */
export function countShape(counts: ShapeCounts, facts: ShapeFacts): void {
  if (facts.verdict === 'shape') counts.shapes++;
  else if (facts.verdict === 'missing') counts.missing++;
  else if (facts.verdict === 'no-area') counts.noArea++;
  else counts.invalid++;
}
