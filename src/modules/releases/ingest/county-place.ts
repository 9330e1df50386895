import { boundaryArea, boundingBox, containsPoint, countyBoundary, type CountyBoundary } from '../../counties';
import type { ShapeCounts, ShapeFacts } from '../../data-schema';

/**
 * How far (in degrees, about 500 m) a centroid may lie outside the county's drawn line and still
 * count as inside: the Census outlines the store holds are drawn to a few hundred metres.
 */
const LINE_ACCURACY_DEGREES = 0.005;

/** A county's drawn boundary, for judging where its parcels lie and how large they are. */
export class CountyPlace {
  private readonly boundary: CountyBoundary | null;
  private readonly area: number;
  private readonly box: { west: number; south: number; east: number; north: number } | null;

  constructor(fips: string) {
    this.boundary = countyBoundary(fips);
    this.area = this.boundary ? boundaryArea(this.boundary) : Infinity;
    this.box = this.boundary ? boundingBox(this.boundary) : null;
  }

  /** Counts a shape lying outside the county, or larger than it. A county the Census does not draw judges none. */
  check(shape: ShapeFacts, counts: ShapeCounts): void {
    if (!this.boundary || !this.box) return;
    if (shape.area > this.area) counts.largerThanCounty++;
    if (!this.holds(shape.lon, shape.lat)) counts.outsideCounty++;
  }

  private holds(lon: number, lat: number): boolean {
    const box = this.box!;
    const d = LINE_ACCURACY_DEGREES;
    if (lon < box.west - d || lon > box.east + d || lat < box.south - d || lat > box.north + d) return false;
    if (containsPoint(this.boundary!, lon, lat)) return true;
    // Outside the line: inside all the same when a point half a kilometre away is in.
    return [
      [d, 0],
      [-d, 0],
      [0, d],
      [0, -d],
    ].some(([dx, dy]) => containsPoint(this.boundary!, lon + dx, lat + dy));
  }
}
