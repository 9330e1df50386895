import { MAP_HEIGHT, MAP_WIDTH, insideRings, type ShapeCounty } from './county-shapes';

/**
 * Where the map sits in its box: a map pixel (x, y) is drawn at (x * scale + dx, y * scale + dy)
 * CSS pixels from the box's top-left corner. One transform for every county, so a pan or a zoom is
 * a change of three numbers and a redraw.
 */
export interface MapView {
  scale: number;
  dx: number;
  dy: number;
}

export interface Box {
  width: number;
  height: number;
}

/** The most a visitor can zoom in, relative to the whole country fitting the box. */
export const MAX_ZOOM = 48;

/** The whole country, fitted and centred. */
export function homeView(box: Box): MapView {
  return fitBounds(box, [0, 0, MAP_WIDTH, MAP_HEIGHT], 0);
}

const fitScale = (box: Box) => Math.min(box.width / MAP_WIDTH, box.height / MAP_HEIGHT);

/** The view that shows the bounds whole, with a margin around them, within the zoom limits. */
export function fitBounds(box: Box, [x0, y0, x1, y1]: readonly number[], margin = 0.08): MapView {
  const width = Math.max(x1 - x0, 1e-6);
  const height = Math.max(y1 - y0, 1e-6);
  const wanted = Math.min(box.width / width, box.height / height) * (1 - 2 * margin);
  const scale = clampScale(box, wanted);
  return clampView(box, {
    scale,
    dx: box.width / 2 - ((x0 + x1) / 2) * scale,
    dy: box.height / 2 - ((y0 + y1) / 2) * scale,
  });
}

function clampScale(box: Box, scale: number): number {
  const min = fitScale(box);
  return Math.min(Math.max(scale, min), min * MAX_ZOOM);
}

/** Keeps the country in sight: centred along an axis where it is smaller than the box, else covering the box. */
export function clampView(box: Box, view: MapView): MapView {
  const scale = clampScale(box, view.scale);
  const axis = (offset: number, size: number, boxSize: number) => {
    const drawn = size * scale;
    if (drawn <= boxSize) return (boxSize - drawn) / 2;
    return Math.min(0, Math.max(boxSize - drawn, offset));
  };
  return { scale, dx: axis(view.dx, MAP_WIDTH, box.width), dy: axis(view.dy, MAP_HEIGHT, box.height) };
}

/** Zooms by a factor, keeping the map point under (x, y) of the box where it is. */
export function zoomAt(box: Box, view: MapView, factor: number, x: number, y: number): MapView {
  const scale = clampScale(box, view.scale * factor);
  const k = scale / view.scale;
  return clampView(box, { scale, dx: x - (x - view.dx) * k, dy: y - (y - view.dy) * k });
}

export function panBy(box: Box, view: MapView, dx: number, dy: number): MapView {
  return clampView(box, { ...view, dx: view.dx + dx, dy: view.dy + dy });
}

/** How far in the view is zoomed, 1 for the whole country. */
export function zoomLevel(box: Box, view: MapView): number {
  return view.scale / fitScale(box);
}

export function toMap(view: MapView, x: number, y: number): [number, number] {
  return [(x - view.dx) / view.scale, (y - view.dy) / view.scale];
}

export function toBox(view: MapView, x: number, y: number): [number, number] {
  return [x * view.scale + view.dx, y * view.scale + view.dy];
}

/** A step of an animated move from one view to another, t from 0 to 1 (zooming evenly, not linearly). */
export function between(box: Box, from: MapView, to: MapView, t: number): MapView {
  const scale = from.scale * Math.pow(to.scale / from.scale, t);
  // The map point at the box's centre moves along a straight line.
  const [fx, fy] = toMap(from, box.width / 2, box.height / 2);
  const [tx, ty] = toMap(to, box.width / 2, box.height / 2);
  const [cx, cy] = [fx + (tx - fx) * t, fy + (ty - fy) * t];
  return { scale, dx: box.width / 2 - cx * scale, dy: box.height / 2 - cy * scale };
}

/**
 * Finds the county under a map point: a grid of cells over the map lists the counties whose
 * boxes touch each cell, so a pointer move tests a handful of polygons, not three thousand.
 */
export class CountyFinder {
  private static readonly CELL = 8;
  private readonly columns: number;
  private readonly rows: number;
  private readonly cells: number[][];

  constructor(private readonly counties: readonly ShapeCounty[]) {
    const cell = CountyFinder.CELL;
    // Alaska's western islands reach a little past the map's left edge.
    this.columns = Math.ceil((MAP_WIDTH + 2 * 64) / cell);
    this.rows = Math.ceil((MAP_HEIGHT + 2 * 64) / cell);
    this.cells = Array.from({ length: this.columns * this.rows }, () => []);
    counties.forEach((county, index) => {
      const [c0, r0] = this.cellOf(county.bbox[0], county.bbox[1]);
      const [c1, r1] = this.cellOf(county.bbox[2], county.bbox[3]);
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) this.cells[r * this.columns + c].push(index);
    });
  }

  private cellOf(x: number, y: number): [number, number] {
    const clamp = (value: number, size: number) => Math.min(size - 1, Math.max(0, value));
    return [
      clamp(Math.floor((x + 64) / CountyFinder.CELL), this.columns),
      clamp(Math.floor((y + 64) / CountyFinder.CELL), this.rows),
    ];
  }

  /** The index of the county at the map point, or -1. */
  at(x: number, y: number): number {
    const [c, r] = this.cellOf(x, y);
    for (const index of this.cells[r * this.columns + c]) {
      const { bbox, rings } = this.counties[index];
      if (x < bbox[0] || x > bbox[2] || y < bbox[1] || y > bbox[3]) continue;
      if (insideRings(rings, x, y)) return index;
    }
    return -1;
  }
}

export type Direction = 'left' | 'right' | 'up' | 'down';

/**
 * The county a keyboard arrow moves to: the nearest whose anchor lies in that direction, within
 * 60° of it either side, the angle counting against it; -1 when there is none.
 */
export function neighbourOf(
  counties: readonly ShapeCounty[],
  from: number,
  direction: Direction,
  eligible: (index: number) => boolean = () => true,
): number {
  const [x0, y0] = counties[from].anchor;
  const [ux, uy] = { left: [-1, 0], right: [1, 0], up: [0, -1], down: [0, 1] }[direction];
  let best = -1;
  let bestScore = Infinity;
  counties.forEach((county, index) => {
    if (index === from || !eligible(index)) return;
    const vx = county.anchor[0] - x0;
    const vy = county.anchor[1] - y0;
    const along = vx * ux + vy * uy;
    if (along <= 0) return;
    const across = Math.abs(vx * uy - vy * ux);
    if (across > along * Math.tan(Math.PI / 3)) return;
    const score = along + 2 * across;
    if (score < bestScore) [best, bestScore] = [index, score];
  });
  return best;
}
