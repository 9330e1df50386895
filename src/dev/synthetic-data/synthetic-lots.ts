import { boundaryArea, containsPoint, CountyBoundary } from '../../modules/counties/county-boundaries';
import type { Town } from './synthetic-places';

/**
 * Where a county's made-up parcels lie: a street grid of blocks grown outwards from the county's
 * towns, kept inside the county's boundary, each block cut into lots along its streets. Lots are
 * numbered in the order their blocks were laid (town centres first), and that number is the
 * parcel's slot (synthetic-parcels.ts): slot 2k and 2k + 1 are always neighbours in one row, so a
 * re-platted pair can be merged into one lot.
 *
 * Sizes are in metres on a plane around the main town (fine at county scale), converted to
 * longitude and latitude only when a lot is written.
 */

/** Street right of way (about 60 ft), block length and depth (two rows of lots back to back), at full scale. */
const STREET_M = 18;
const BLOCK_LENGTH_M = 240;
const BLOCK_DEPTH_M = 76;
/** How much of the county the blocks may cover before lots are made smaller to fit. */
const SETTLED_SHARE = 0.3;
const CHAMFER_M = 4;
const METRES_PER_DEGREE_LAT = 110_574;
const METRES_PER_DEGREE_LON = 111_320;

export const Density = { Urban: 0, Suburban: 1, Rural: 2 } as const;
export type Density = (typeof Density)[keyof typeof Density];

/** Lots per row by density: town blocks of narrow lots, suburbs of wider ones, one row of big rural lots. */
const LOTS_PER_ROW: Record<Density, number[]> = { 0: [10, 12, 14, 16], 1: [6, 8], 2: [2, 4] };

export interface Block {
  /** Grid column (west to east) and row (south to north). */
  i: number;
  j: number;
  town: number;
  density: Density;
  rows: 1 | 2;
  perRow: number;
  /** Where the line between the two rows meets the block's west and east ends, as a share of its depth. */
  rearWest: number;
  rearEast: number;
}

export interface CountyLayout {
  towns: Town[];
  blocks: Block[];
  /** Per lot: its block, row (0 faces the street south of the block, 1 the one north), place in the row, west and east ends. */
  lotBlock: Int32Array;
  lotRow: Uint8Array;
  lotIndex: Uint8Array;
  lotWest: Float64Array;
  lotEast: Float64Array;
  /** Block and street sizes in metres after scaling to the county. */
  cellWidth: number;
  cellHeight: number;
  scale: number;
  /** The plane's origin (the main town) and metres per degree there. */
  lon0: number;
  lat0: number;
  kx: number;
  ky: number;
  /** The grid column addresses count east and west from. */
  centerColumn: number;
}

/** What a parcel's lot is: its boundary and the measures an assessor records. */
export interface LotShape {
  wkt: string;
  lon: number;
  lat: number;
  areaM2: number;
  frontageM: number;
  depthM: number;
  corner: boolean;
  irregular: boolean;
  multipart: boolean;
}

export type Random = () => number;

/** Lays out at least `lots` lots in the county, around its towns (biggest first), the same every time for one seed. */
export function layoutCounty(boundary: CountyBoundary, towns: Town[], lots: number, random: Random): CountyLayout {
  const lat0 = towns[0].lat;
  const kx = METRES_PER_DEGREE_LON * Math.cos((lat0 * Math.PI) / 180);
  const averageCell = (BLOCK_LENGTH_M + STREET_M) * (BLOCK_DEPTH_M + STREET_M);
  const averageLotsPerCell = 16;
  const room = (SETTLED_SHARE * boundaryArea(boundary)) / ((lots * averageCell) / averageLotsPerCell);
  let scale = Math.min(1, Math.max(0.2, Math.sqrt(room)));
  for (;;) {
    const layout = tryLayout(boundary, towns, lots, scale, kx, random);
    if (layout) return layout;
    if (scale < 0.01) throw new Error(`no room for ${lots} lots in this county`);
    scale *= 0.7;
  }
}

function tryLayout(
  boundary: CountyBoundary,
  towns: Town[],
  lots: number,
  scale: number,
  kx: number,
  random: Random,
): CountyLayout | null {
  const { lon: lon0, lat: lat0 } = towns[0];
  const ky = METRES_PER_DEGREE_LAT;
  const cellWidth = (BLOCK_LENGTH_M + STREET_M) * scale;
  const cellHeight = (BLOCK_DEPTH_M + STREET_M) * scale;
  const street = STREET_M * scale;
  const inside = (x: number, y: number) => containsPoint(boundary, lon0 + x / kx, lat0 + y / ky);
  const townXY = towns.map((town) => [(town.lon - lon0) * kx, (town.lat - lat0) * ky]);
  const pull = towns.map((town) => 1 / Math.sqrt(town.weight));
  const cost = (i: number, j: number, t: number) =>
    Math.hypot((i + 0.5) * cellWidth - townXY[t][0], (j + 0.5) * cellHeight - townXY[t][1]) * pull[t];

  const heap = new CellHeap();
  const seen = new Set<number>();
  const key = (i: number, j: number) => (i + 1_048_576) * 2_097_152 + (j + 1_048_576);
  towns.forEach((_, t) => {
    const i = Math.floor(townXY[t][0] / cellWidth);
    const j = Math.floor(townXY[t][1] / cellHeight);
    heap.push(cost(i, j, t), i, j, t);
  });

  const blocks: Block[] = [];
  let laid = 0;
  const visitLimit = 60 * Math.ceil(lots / 8) + 20_000;
  while (laid < lots && heap.size > 0 && seen.size < visitLimit) {
    const [i, j, t] = heap.pop();
    const k = key(i, j);
    if (seen.has(k)) continue;
    seen.add(k);
    for (const [di, dj] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ]) {
      if (!seen.has(key(i + di, j + dj))) heap.push(cost(i + di, j + dj, t), i + di, j + dj, t);
    }
    const x0 = i * cellWidth + street / 2;
    const y0 = j * cellHeight + street / 2;
    const x1 = x0 + BLOCK_LENGTH_M * scale;
    const y1 = y0 + BLOCK_DEPTH_M * scale;
    if (!(inside(x0, y0) && inside(x1, y0) && inside(x1, y1) && inside(x0, y1))) continue;
    const settled = laid / lots;
    const density: Density = settled < 0.55 ? Density.Urban : settled < 0.85 ? Density.Suburban : Density.Rural;
    const perRow = LOTS_PER_ROW[density][Math.floor(random() * LOTS_PER_ROW[density].length)];
    const rows = density === Density.Rural ? 1 : 2;
    // One block in four has its rear line askew: lots of unequal depth, not quite rectangles.
    const askew = random() < 0.25 ? 0.08 + random() * 0.12 : 0;
    const middle = 0.42 + random() * 0.16;
    blocks.push({ i, j, town: t, density, rows, perRow, rearWest: middle - askew / 2, rearEast: middle + askew / 2 });
    laid += perRow * rows;
  }
  if (laid < lots) return null;

  const lotBlock = new Int32Array(laid);
  const lotRow = new Uint8Array(laid);
  const lotIndex = new Uint8Array(laid);
  const lotWest = new Float64Array(laid);
  const lotEast = new Float64Array(laid);
  let lot = 0;
  blocks.forEach((block, b) => {
    const { perRow } = block;
    const x0 = block.i * cellWidth + street / 2;
    for (let row = 0; row < block.rows; row++) {
      // Frontages vary lot to lot (0.7 to 1.3 of the row's average), summing to the block's length.
      const weights = Array.from({ length: perRow }, () => 0.7 + random() * 0.6);
      const total = weights.reduce((a, b) => a + b, 0);
      let west = x0;
      weights.forEach((weight, index) => {
        const east =
          index === perRow - 1 ? x0 + BLOCK_LENGTH_M * scale : west + (BLOCK_LENGTH_M * scale * weight) / total;
        lotBlock[lot] = b;
        lotRow[lot] = row;
        lotIndex[lot] = index;
        lotWest[lot] = west;
        lotEast[lot] = east;
        lot += 1;
        west = east;
      });
    }
  });
  return {
    towns,
    blocks,
    lotBlock,
    lotRow,
    lotIndex,
    lotWest,
    lotEast,
    cellWidth,
    cellHeight,
    scale,
    lon0,
    lat0,
    kx,
    ky,
    centerColumn: Math.floor(townXY[0][0] / cellWidth),
  };
}

/** A min-heap of grid cells by cost, in flat arrays: the layout of a million lots visits a few hundred thousand. */
class CellHeap {
  private costs: number[] = [];
  private cells: [number, number, number][] = [];

  get size(): number {
    return this.costs.length;
  }

  push(cost: number, i: number, j: number, town: number): void {
    const { costs, cells } = this;
    let at = costs.length;
    costs.push(cost);
    cells.push([i, j, town]);
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (costs[parent] <= cost) break;
      costs[at] = costs[parent];
      cells[at] = cells[parent];
      at = parent;
    }
    costs[at] = cost;
    cells[at] = [i, j, town];
  }

  pop(): [number, number, number] {
    const { costs, cells } = this;
    const top = cells[0];
    const lastCost = costs.pop()!;
    const lastCell = cells.pop()!;
    if (costs.length > 0) {
      let at = 0;
      for (;;) {
        let child = 2 * at + 1;
        if (child >= costs.length) break;
        if (child + 1 < costs.length && costs[child + 1] < costs[child]) child += 1;
        if (costs[child] >= lastCost) break;
        costs[at] = costs[child];
        cells[at] = cells[child];
        at = child;
      }
      costs[at] = lastCost;
      cells[at] = lastCell;
    }
    return top;
  }
}

/** Where a lot is on its street: its house number, the street's direction prefix and its grid line. */
export interface LotAddress {
  houseNumber: number;
  direction: 'E' | 'W';
  /** The street's grid line (east-west streets, south to north). */
  street: number;
}

/**
 * House numbers follow the grid as in a county that numbers its streets from the main town: a
 * hundred per block east or west of the town's column, odd on a street's north side and even on
 * its south side, rising away from the town.
 */
export function lotAddress(layout: CountyLayout, lot: number): LotAddress {
  const block = layout.blocks[layout.lotBlock[lot]];
  const row = layout.lotRow[lot];
  const index = layout.lotIndex[lot];
  const east = block.i >= layout.centerColumn;
  const hundred = east ? block.i - layout.centerColumn + 1 : layout.centerColumn - block.i;
  const fromTown = east ? index : block.perRow - 1 - index;
  // Row 0 lies north of the street below the block (odd side); row 1 south of the street above it.
  const side = row === 0 ? 1 : 2;
  return {
    houseNumber: hundred * 100 + 2 * fromTown + side,
    direction: east ? 'E' : 'W',
    street: block.j + row,
  };
}

/**
 * The lot's shape: a quadrilateral between its street and the block's rear line, with the street
 * corner cut at a block's ends (corner lots), and for one lot in sixty a drainage strip across it
 * that leaves it in two parts (a MultiPolygon). A merged lot spans its own place and its neighbour's.
 */
export function lotShape(layout: CountyLayout, lot: number, merged: boolean, multipart: boolean): LotShape {
  const block = layout.blocks[layout.lotBlock[lot]];
  const row = layout.lotRow[lot];
  const { scale, cellWidth, cellHeight } = layout;
  const street = STREET_M * scale;
  const length = BLOCK_LENGTH_M * scale;
  const depth = BLOCK_DEPTH_M * scale;
  const x0 = block.i * cellWidth + street / 2;
  const y0 = block.j * cellHeight + street / 2;
  const west = layout.lotWest[lot];
  const east = merged && lot + 1 < layout.lotEast.length ? layout.lotEast[lot + 1] : layout.lotEast[lot];
  const rearAt = (x: number) =>
    block.rows === 1
      ? y0 + depth
      : y0 + depth * (block.rearWest + ((block.rearEast - block.rearWest) * (x - x0)) / length);
  const front = row === 0 ? y0 : y0 + depth;
  const point = (x: number, t: number): [number, number] => [x, front + t * (rearAt(x) - front)];
  const cornerWest = west - x0 < 0.01;
  const cornerEast = x0 + length - east < 0.01;
  const chamfer = CHAMFER_M * scale;

  const ring = (from: number, to: number): [number, number][] => {
    const points: [number, number][] = [];
    const depthWest = Math.abs(rearAt(west) - front);
    const depthEast = Math.abs(rearAt(east) - front);
    if (from === 0 && cornerWest) points.push(point(west, chamfer / depthWest), point(west + chamfer, 0));
    else points.push(point(west, from));
    if (from === 0 && cornerEast) points.push(point(east - chamfer, 0), point(east, chamfer / depthEast));
    else points.push(point(east, from));
    points.push(point(east, to), point(west, to));
    // Counter-clockwise outlines: the row north of its street runs the other way round.
    return row === 0 ? points : points.reverse();
  };
  const parts = multipart ? [ring(0, 0.6), ring(0.68, 1)] : [ring(0, 1)];

  let area = 0;
  let cx = 0;
  let cy = 0;
  for (const part of parts) {
    for (let p = 0, q = part.length - 1; p < part.length; q = p++) {
      const cross = part[q][0] * part[p][1] - part[p][0] * part[q][1];
      area += cross;
      cx += (part[q][0] + part[p][0]) * cross;
      cy += (part[q][1] + part[p][1]) * cross;
    }
  }
  area /= 2;
  const toLonLat = ([x, y]: [number, number]) =>
    `${(layout.lon0 + x / layout.kx).toFixed(7)} ${(layout.lat0 + y / layout.ky).toFixed(7)}`;
  const ringText = (part: [number, number][]) => `(${[...part, part[0]].map(toLonLat).join(', ')})`;
  const wkt =
    parts.length === 1
      ? `POLYGON (${ringText(parts[0])})`
      : `MULTIPOLYGON (${parts.map((part) => `(${ringText(part)})`).join(', ')})`;
  return {
    wkt,
    lon: layout.lon0 + cx / (6 * area) / layout.kx,
    lat: layout.lat0 + cy / (6 * area) / layout.ky,
    areaM2: area,
    frontageM: east - west,
    depthM: (Math.abs(rearAt(west) - front) + Math.abs(rearAt(east) - front)) / 2,
    corner: cornerWest || cornerEast,
    irregular: block.rearWest !== block.rearEast || cornerWest || cornerEast,
    multipart,
  };
}
