import type { CountyShapes } from './county-shapes';
import { exteriorRings, stateBorderArcs } from './county-shapes';
import type { MapView } from './map-view';
import { Shade, SHADE_COLOURS } from './map-shades';

const COUNTY_LINE = '#a9b8cc';
const STATE_LINE = '#475569';
const OUTLINE = '#0f172a';
const HOVER_FILL = 'rgba(15, 23, 42, 0.22)';
const FOCUS_LINE = '#2563eb';

function polylines(arcs: readonly Float32Array[], indices: Iterable<number>): Path2D {
  const path = new Path2D();
  for (const index of indices) {
    const arc = arcs[index];
    path.moveTo(arc[0], arc[1]);
    for (let i = 2; i < arc.length; i += 2) path.lineTo(arc[i], arc[i + 1]);
  }
  return path;
}

function ringsInto(path: Path2D, rings: readonly Float32Array[]): void {
  for (const ring of rings) {
    path.moveTo(ring[0], ring[1]);
    for (let i = 2; i < ring.length; i += 2) path.lineTo(ring[i], ring[i + 1]);
    path.closePath();
  }
}

export interface Highlights {
  hover: number;
  focus: number;
  active: number;
}

/**
 * Draws the map on two stacked canvases. Every county's Path2D is built once; the base layer
 * (fills and borders) is a handful of draw calls — the country's outline in the colour of most
 * counties, then one path per other shade, then the borders — redrawn on a pan or a zoom; the overlay holds only the hovered, focused and
 * active county, so moving the pointer redraws one small path.
 */
export class MapRenderer {
  private readonly paths: Path2D[];
  private readonly country = new Path2D();
  private readonly countyLines: Path2D;
  private readonly stateLines: Path2D;
  private shaded: [Shade, Path2D][] = [];
  private outline: Path2D | null = null;

  constructor(private readonly shapes: CountyShapes) {
    this.paths = shapes.counties.map(({ rings }) => {
      const path = new Path2D();
      ringsInto(path, rings);
      return path;
    });
    ringsInto(this.country, exteriorRings(shapes));
    this.countyLines = polylines(shapes.arcs, shapes.arcs.keys());
    this.stateLines = polylines(shapes.arcs, stateBorderArcs(shapes));
  }

  /** The shade of each county (by index); counties do not overlap, so one even-odd path per shade fills them right. */
  setShades(shades: Uint8Array): void {
    const groups = new Map<Shade, Path2D>();
    shades.forEach((value, index) => {
      const shade = value as Shade;
      if (shade === Shade.Available) return;
      let path = groups.get(shade);
      if (!path) groups.set(shade, (path = new Path2D()));
      ringsInto(path, this.shapes.counties[index].rings);
    });
    this.shaded = [...groups];
  }

  /** A heavier line around the chosen state (arcs from outlineArcs), or none. */
  setOutline(arcs: readonly number[] | null): void {
    this.outline = arcs && arcs.length ? polylines(this.shapes.arcs, arcs) : null;
  }

  private begin(canvas: HTMLCanvasElement, view: MapView, dpr: number): CanvasRenderingContext2D {
    const ctx = canvas.getContext('2d')!;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.setTransform(view.scale * dpr, 0, 0, view.scale * dpr, view.dx * dpr, view.dy * dpr);
    return ctx;
  }

  drawBase(canvas: HTMLCanvasElement, view: MapView, dpr: number, zoom: number): void {
    const ctx = this.begin(canvas, view, dpr);
    const px = 1 / view.scale;
    ctx.fillStyle = SHADE_COLOURS[Shade.Available];
    ctx.fill(this.country, 'evenodd');
    for (const [shade, path] of this.shaded) {
      ctx.fillStyle = SHADE_COLOURS[shade];
      ctx.fill(path, 'evenodd');
    }
    // Thin county lines while the country is small, so the East does not turn white.
    ctx.lineWidth = Math.min(1, 0.3 + 0.1 * zoom) * px;
    ctx.strokeStyle = COUNTY_LINE;
    ctx.stroke(this.countyLines);
    ctx.lineWidth = Math.min(1.5, 0.7 + 0.1 * zoom) * px;
    ctx.strokeStyle = STATE_LINE;
    ctx.stroke(this.stateLines);
    if (this.outline) {
      ctx.lineWidth = 2.25 * px;
      ctx.strokeStyle = OUTLINE;
      ctx.stroke(this.outline);
    }
  }

  drawOverlay(canvas: HTMLCanvasElement, view: MapView, dpr: number, { hover, focus, active }: Highlights): void {
    const ctx = this.begin(canvas, view, dpr);
    const px = 1 / view.scale;
    if (hover >= 0) {
      ctx.fillStyle = HOVER_FILL;
      ctx.fill(this.paths[hover], 'evenodd');
      ctx.lineWidth = 1.5 * px;
      ctx.strokeStyle = OUTLINE;
      ctx.stroke(this.paths[hover]);
    }
    if (active >= 0) {
      ctx.lineWidth = 2.5 * px;
      ctx.strokeStyle = OUTLINE;
      ctx.stroke(this.paths[active]);
    }
    if (focus >= 0) {
      ctx.lineWidth = 3 * px;
      ctx.strokeStyle = FOCUS_LINE;
      ctx.setLineDash([4 * px, 3 * px]);
      ctx.stroke(this.paths[focus]);
      ctx.setLineDash([]);
    }
  }
}
