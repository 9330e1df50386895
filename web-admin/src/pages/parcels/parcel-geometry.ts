/** A parcel's boundary as the API gives it: a GeoJSON MultiPolygon in WGS 84 (or a Polygon, which RFC 7946 allows too). */
export type Boundary =
  { type: 'MultiPolygon'; coordinates: number[][][][] } | { type: 'Polygon'; coordinates: number[][][] };

export interface BoundaryFacts {
  /** [west, south, east, north] */
  bbox: [number, number, number, number];
  /** [lon, lat]: the area-weighted centre of its parts, holes taken out. */
  centroid: [number, number];
}

const partsOf = (boundary: Boundary): number[][][][] =>
  boundary.type === 'Polygon' ? [boundary.coordinates] : boundary.coordinates;

/**
 * A ring's signed area and the sums its centroid is made of (the shoelace formula, in degrees), about
 * `origin`: a lot's corners differ in the fifth decimal, which products of whole longitudes would drown.
 */
function ringSums(ring: number[][], [ox, oy]: number[]) {
  let area = 0;
  let x = 0;
  let y = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [x0, y0] = [ring[i][0] - ox, ring[i][1] - oy];
    const [x1, y1] = [ring[i + 1][0] - ox, ring[i + 1][1] - oy];
    const cross = x0 * y1 - x1 * y0;
    area += cross;
    x += (x0 + x1) * cross;
    y += (y0 + y1) * cross;
  }
  return { area: area / 2, x, y };
}

/**
 * The box and centre of a boundary. Parcels are small enough that degrees serve as plane coordinates;
 * a boundary with no area (a degenerate sliver) is centred on its points' mean.
 */
export function boundaryFacts(boundary: Boundary | null): BoundaryFacts | null {
  if (!boundary) return null;
  const parts = partsOf(boundary);
  const points = parts.flat(2);
  if (points.length === 0) return null;
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  let area = 0;
  let sumX = 0;
  let sumY = 0;
  for (const rings of parts) {
    rings.forEach((ring, i) => {
      // The outer ring counts, holes take away, whichever way each is wound.
      const sums = ringSums(ring, points[0]);
      const sign = (i === 0 ? 1 : -1) * Math.sign(sums.area);
      area += sign * sums.area;
      sumX += sign * sums.x;
      sumY += sign * sums.y;
    });
  }
  const centroid: [number, number] =
    Math.abs(area) > 0
      ? [points[0][0] + sumX / (6 * area), points[0][1] + sumY / (6 * area)]
      : [xs.reduce((a, b) => a + b, 0) / xs.length, ys.reduce((a, b) => a + b, 0) / ys.length];
  return { bbox: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)], centroid };
}

/** Degrees as the API writes them: 7 decimals, about a centimetre. */
export const degrees = (value: number) => value.toFixed(7);
