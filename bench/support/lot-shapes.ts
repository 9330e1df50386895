import { countyBoundary } from '../../src/modules/counties/county-boundaries';
import { innerPoint } from '../../src/dev/synthetic-data/synthetic-places';

/** Lots a row of the grid holds before the next row starts north of it. */
const LOTS_A_ROW = 1000;
/** About 30 m: a lot and its share of the street. */
const CELL_DEGREES = 0.0003;

/** Where a county's lots start: a point inside it, so that its boundaries lie where its parcels would. */
export function lotOrigin(fips: string): { lon: number; lat: number } {
  const boundary = countyBoundary(fips);
  if (!boundary) return { lon: -86.9, lat: 32.3 };
  const [lon, lat] = innerPoint(boundary);
  return { lon, lat };
}

/**
 * Lot n's boundary as WKT: a grid of lots about 22 m by 33 m east and north of the
 * origin, every tenth irregular (a corner cut: five vertices), one in a hundred in two parts
 * (a MultiPolygon). `shift` moves the lot a little, as a redrawn boundary does.
 */
export function lotWkt(n: number, origin = { lon: -86.9, lat: 32.3 }, shift = 0): string {
  const x0 = origin.lon + (n % LOTS_A_ROW) * CELL_DEGREES + shift;
  const y0 = origin.lat + Math.floor(n / LOTS_A_ROW) * CELL_DEGREES;
  const w = 0.00018 + (n % 7) * 0.00001;
  const h = 0.00024 + (n % 5) * 0.00001;
  const f = (v: number) => v.toFixed(7);
  const ring = (x: number, y: number, pts: [number, number][]) =>
    `(${[...pts, pts[0]].map(([dx, dy]) => `${f(x + dx)} ${f(y + dy)}`).join(',')})`;
  const box: [number, number][] = [
    [0, 0],
    [w, 0],
    [w, h],
    [0, h],
  ];
  if (n % 100 === 0) {
    const half: [number, number][] = box.map(([dx, dy]) => [dx / 2.5, dy]);
    return `MULTIPOLYGON ((${ring(x0, y0, half)}),(${ring(x0 + w * 0.6, y0, half)}))`;
  }
  const shape: [number, number][] =
    n % 10 === 0
      ? [
          [0, 0],
          [w, 0],
          [w, h * 0.7],
          [w * 0.6, h],
          [0, h],
        ]
      : box;
  return `POLYGON (${ring(x0, y0, shape)})`;
}
