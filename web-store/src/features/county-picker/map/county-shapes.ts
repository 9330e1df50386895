/**
 * The map's county shapes, read from the binary topology scripts/build-county-map.mjs writes (its
 * header describes the format). Coordinates are us-atlas's Albers USA map pixels, 975 × 610.
 */

export const MAP_WIDTH = 975;
export const MAP_HEIGHT = 610;

export interface ShapeCounty {
  /** Five-digit FIPS code, the catalog's `fips`. */
  fips: string;
  /** Two-digit state FIPS code. */
  stateFips: string;
  /** Every ring of every polygon as x, y pairs in map pixels; holes included, so fill with the even-odd rule. */
  rings: Float32Array[];
  /** [minX, minY, maxX, maxY] in map pixels. */
  bbox: [number, number, number, number];
  /** A point inside the county's largest ring, where a tooltip or a keyboard cursor points. */
  anchor: [number, number];
  /** The arcs (indices) its outline runs along. */
  arcs: number[];
}

export interface CountyShapes {
  counties: ShapeCounty[];
  /** Each arc as x, y pairs in map pixels: the borders, every shared one once. */
  arcs: Float32Array[];
  /** For each arc, the indices of the (one or two) counties it bounds. */
  arcCounties: number[][];
}

class Reader {
  private at = 0;
  constructor(private readonly bytes: Uint8Array) {}

  unsigned(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      if (this.at >= this.bytes.length) throw new Error('county shapes: unexpected end of data');
      const byte = this.bytes[this.at++];
      value += (byte & 127) * scale;
      if (byte < 128) return value;
      scale *= 128;
    }
  }

  signed(): number {
    const value = this.unsigned();
    return value % 2 ? -(value + 1) / 2 : value / 2;
  }

  get done(): boolean {
    return this.at === this.bytes.length;
  }
}

/** Signed area and centroid of one ring (shoelace). */
function ringGeometry(ring: Float32Array): { area: number; x: number; y: number } {
  let area = 0;
  let cx = 0;
  let cy = 0;
  const n = ring.length / 2;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const x0 = ring[2 * j];
    const y0 = ring[2 * j + 1];
    const x1 = ring[2 * i];
    const y1 = ring[2 * i + 1];
    const cross = x0 * y1 - x1 * y0;
    area += cross;
    cx += (x0 + x1) * cross;
    cy += (y0 + y1) * cross;
  }
  area /= 2;
  return area === 0 ? { area, x: ring[0], y: ring[1] } : { area, x: cx / (6 * area), y: cy / (6 * area) };
}

/** Whether the point is inside the rings under the even-odd rule (holes excluded). */
export function insideRings(rings: readonly Float32Array[], x: number, y: number): boolean {
  let inside = false;
  for (const ring of rings) {
    const n = ring.length / 2;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const xi = ring[2 * i];
      const yi = ring[2 * i + 1];
      const xj = ring[2 * j];
      const yj = ring[2 * j + 1];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/**
 * A point inside the county: its largest ring's centroid when that is inside (most counties), else
 * the middle of the widest stretch inside along a line across it (a crescent, a county around an
 * enclave). A county that has shrunk to a line at this scale gets its box's middle.
 */
function anchorOf(
  rings: readonly Float32Array[],
  largest: Float32Array,
  [x0, y0, x1, y1]: readonly number[],
): [number, number] {
  const { x, y } = ringGeometry(largest);
  if (insideRings(rings, x, y)) return [x, y];
  for (const line of [y, (y0 + y1) / 2]) {
    const crossings: number[] = [];
    for (const ring of rings) {
      const n = ring.length / 2;
      for (let i = 0, j = n - 1; i < n; j = i++) {
        const [xi, yi, xj, yj] = [ring[2 * i], ring[2 * i + 1], ring[2 * j], ring[2 * j + 1]];
        if (yi > line !== yj > line) crossings.push(((xj - xi) * (line - yi)) / (yj - yi) + xi);
      }
    }
    crossings.sort((a, b) => a - b);
    let best: [number, number] | null = null;
    let widest = 0;
    // Under the even-odd rule the stretches inside run from each even crossing to the next.
    for (let i = 0; i + 1 < crossings.length; i += 2) {
      if (crossings[i + 1] - crossings[i] > widest) {
        widest = crossings[i + 1] - crossings[i];
        best = [(crossings[i] + crossings[i + 1]) / 2, line];
      }
    }
    if (best) return best;
  }
  return [(x0 + x1) / 2, (y0 + y1) / 2];
}

export function decodeCountyShapes(buffer: ArrayBuffer | Uint8Array): CountyShapes {
  const input = new Reader(buffer instanceof Uint8Array ? buffer : new Uint8Array(buffer));
  const grid = input.unsigned();
  const arcCount = input.unsigned();
  const lengths = Array.from({ length: arcCount }, () => input.unsigned());
  let x = 0;
  let y = 0;
  const arcs = lengths.map((length) => {
    const points = new Float32Array(length * 2);
    for (let i = 0; i < length; i++) {
      x += input.signed();
      y += input.signed();
      points[2 * i] = x / grid;
      points[2 * i + 1] = y / grid;
    }
    return points;
  });

  const arcCounties: number[][] = Array.from({ length: arcCount }, () => []);
  const counties: ShapeCounty[] = [];
  const countyCount = input.unsigned();
  let fipsNumber = 0;
  let reference = 0;
  for (let c = 0; c < countyCount; c++) {
    fipsNumber += input.unsigned();
    const fips = String(fipsNumber).padStart(5, '0');
    const rings: Float32Array[] = [];
    const used: number[] = [];
    const polygons = input.unsigned();
    for (let p = 0; p < polygons; p++) {
      const ringCount = input.unsigned();
      for (let r = 0; r < ringCount; r++) {
        const refs = input.unsigned();
        const points: number[] = [];
        for (let a = 0; a < refs; a++) {
          reference += input.signed();
          const index = reference < 0 ? ~reference : reference;
          if (!arcs[index]) throw new Error(`county shapes: county ${fips} names arc ${index} of ${arcCount}`);
          used.push(index);
          const arc = arcs[index];
          const n = arc.length / 2;
          // Each arc starts where the previous one ended: that shared point is written once.
          for (let i = a === 0 ? 0 : 1; i < n; i++) {
            const k = reference < 0 ? n - 1 - i : i;
            points.push(arc[2 * k], arc[2 * k + 1]);
          }
        }
        rings.push(Float32Array.from(points));
      }
    }
    const bbox: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
    let largest = rings[0];
    let largestArea = -1;
    for (const ring of rings) {
      for (let i = 0; i < ring.length; i += 2) {
        bbox[0] = Math.min(bbox[0], ring[i]);
        bbox[1] = Math.min(bbox[1], ring[i + 1]);
        bbox[2] = Math.max(bbox[2], ring[i]);
        bbox[3] = Math.max(bbox[3], ring[i + 1]);
      }
      const area = Math.abs(ringGeometry(ring).area);
      if (area > largestArea) [largest, largestArea] = [ring, area];
    }
    const arcsOfCounty = [...new Set(used)];
    for (const index of arcsOfCounty) arcCounties[index].push(counties.length);
    counties.push({
      fips,
      stateFips: fips.slice(0, 2),
      rings,
      bbox,
      anchor: anchorOf(rings, largest, bbox),
      arcs: arcsOfCounty,
    });
  }
  if (!input.done) throw new Error('county shapes: data after the last county');
  return { counties, arcs, arcCounties };
}

/** Arcs that bound one state's counties on one side only: the outline of those counties together. */
export function outlineArcs(shapes: CountyShapes, inside: (county: ShapeCounty) => boolean): number[] {
  const outline: number[] = [];
  shapes.arcCounties.forEach((owners, index) => {
    const inner = owners.filter((owner) => inside(shapes.counties[owner])).length;
    if (inner === 1) outline.push(index);
  });
  return outline;
}

/** Arcs between two states, or on the country's edge: drawn heavier than county borders. */
export function stateBorderArcs(shapes: CountyShapes): number[] {
  const borders: number[] = [];
  shapes.arcCounties.forEach((owners, index) => {
    if (owners.length === 1 || shapes.counties[owners[0]].stateFips !== shapes.counties[owners[1]].stateFips) {
      borders.push(index);
    }
  });
  return borders;
}

/**
 * The country's outline (coasts, borders and lakes): the arcs that bound one county only, joined
 * end to end into closed rings. Filled with the even-odd rule it covers every county in one pass,
 * far cheaper than filling three thousand counties whose every shared border is an edge twice.
 */
export function exteriorRings(shapes: CountyShapes): Float32Array[] {
  const exterior = shapes.arcCounties.flatMap((owners, index) => (owners.length === 1 ? [index] : []));
  const key = (arc: Float32Array, end: boolean) => {
    const i = end ? arc.length - 2 : 0;
    return `${arc[i]},${arc[i + 1]}`;
  };
  const atPoint = new Map<string, number[]>();
  for (const index of exterior) {
    for (const end of [false, true]) {
      const k = key(shapes.arcs[index], end);
      atPoint.set(k, [...(atPoint.get(k) ?? []), index]);
    }
  }
  const used = new Set<number>();
  const rings: Float32Array[] = [];
  for (const first of exterior) {
    if (used.has(first)) continue;
    used.add(first);
    const start = key(shapes.arcs[first], false);
    const points = Array.from(shapes.arcs[first]);
    let at = key(shapes.arcs[first], true);
    // Every point of the outline joins an even number of its arcs, so a walk can only stop where it began.
    while (at !== start) {
      const next = atPoint.get(at)?.find((index) => !used.has(index));
      if (next === undefined) break;
      used.add(next);
      const arc = shapes.arcs[next];
      const forward = key(arc, false) === at;
      const n = arc.length / 2;
      for (let i = 1; i < n; i++) {
        const k = forward ? i : n - 1 - i;
        points.push(arc[2 * k], arc[2 * k + 1]);
      }
      at = forward ? key(arc, true) : key(arc, false);
    }
    rings.push(Float32Array.from(points));
  }
  return rings;
}

/** The box around a group of counties, or null when none is on the map. */
export function boundsOf(counties: readonly ShapeCounty[]): [number, number, number, number] | null {
  if (counties.length === 0) return null;
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const { bbox } of counties) {
    box[0] = Math.min(box[0], bbox[0]);
    box[1] = Math.min(box[1], bbox[1]);
    box[2] = Math.max(box[2], bbox[2]);
    box[3] = Math.max(box[3], bbox[3]);
  }
  return box;
}
