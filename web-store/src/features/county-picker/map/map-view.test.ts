import { insideRings, MAP_HEIGHT, MAP_WIDTH, type ShapeCounty } from './county-shapes';
import {
  clampView,
  CountyFinder,
  fitBounds,
  homeView,
  MAX_ZOOM,
  neighbourOf,
  panBy,
  toBox,
  zoomAt,
  zoomLevel,
} from './map-view';

const box = { width: 487.5, height: 305 };

/** A square county (with an optional square hole) at (x, y). */
function square(fips: string, x: number, y: number, size = 10, hole?: number): ShapeCounty {
  const ring = (x0: number, y0: number, s: number) =>
    Float32Array.from([x0, y0, x0 + s, y0, x0 + s, y0 + s, x0, y0 + s]);
  const rings = [ring(x, y, size)];
  if (hole) rings.push(ring(x + (size - hole) / 2, y + (size - hole) / 2, hole));
  return {
    fips,
    stateFips: fips.slice(0, 2),
    rings,
    bbox: [x, y, x + size, y + size],
    anchor: [x + size / 2, y + (hole ? (size - hole) / 4 : size / 2)],
    arcs: [],
  };
}

describe('the map view', () => {
  it('fits the whole country in the box, centred', () => {
    const view = homeView(box);
    expect(view.scale).toBeCloseTo(0.5);
    expect(toBox(view, MAP_WIDTH / 2, MAP_HEIGHT / 2)).toEqual([box.width / 2, box.height / 2]);
    expect(zoomLevel(box, view)).toBeCloseTo(1);
  });

  it('zooms to a state’s bounds, centred on them, within the deepest zoom', () => {
    const view = fitBounds(box, [840, 240, 865, 273]);
    const [x, y] = toBox(view, 852.5, 256.5);
    expect(x).toBeCloseTo(box.width / 2);
    expect(y).toBeCloseTo(box.height / 2);
    expect(zoomLevel(box, view)).toBeGreaterThan(10);
    // A county-sized box would zoom past the limit: it stops there.
    expect(zoomLevel(box, fitBounds(box, [500, 300, 500.5, 300.5]))).toBeCloseTo(MAX_ZOOM);
  });

  it('keeps the map point under the pointer in place while zooming', () => {
    const view = zoomAt(box, homeView(box), 4, 300, 100);
    const before = [(300 - homeView(box).dx) / homeView(box).scale, (100 - homeView(box).dy) / homeView(box).scale];
    const [x, y] = toBox(view, before[0], before[1]);
    expect(x).toBeCloseTo(300);
    expect(y).toBeCloseTo(100);
  });

  it('never zooms out past the whole country, nor pans it out of sight', () => {
    expect(zoomAt(box, homeView(box), 0.1, 10, 10)).toEqual(homeView(box));
    expect(panBy(box, homeView(box), 400, -300)).toEqual(homeView(box));
    const zoomed = zoomAt(box, homeView(box), 4, box.width / 2, box.height / 2);
    const dragged = clampView(box, { ...zoomed, dx: 10_000, dy: -10_000 });
    expect(dragged.dx).toBe(0);
    expect(dragged.dy).toBeCloseTo(box.height - MAP_HEIGHT * zoomed.scale);
  });
});

describe('finding counties', () => {
  // A donut county around an enclave, and a neighbour on each side.
  const counties = [
    square('01001', 100, 100, 30, 10),
    square('01003', 110, 110, 10),
    square('01005', 130, 100, 30),
    square('02001', 100, 130, 30),
  ];

  it('tells the county under a point, a hole belonging to the county inside it', () => {
    const finder = new CountyFinder(counties);
    expect(finder.at(103, 103)).toBe(0);
    expect(finder.at(115, 115)).toBe(1);
    expect(finder.at(140, 110)).toBe(2);
    expect(finder.at(115, 140)).toBe(3);
    expect(finder.at(500, 500)).toBe(-1);
    expect(insideRings(counties[0].rings, 115, 115)).toBe(false);
  });

  it('moves the keyboard cursor to the nearest county in the arrow’s direction', () => {
    expect(neighbourOf(counties, 0, 'right')).toBe(2);
    expect(neighbourOf(counties, 0, 'down')).toBe(1);
    expect(neighbourOf(counties, 1, 'down')).toBe(3);
    expect(neighbourOf(counties, 2, 'right')).toBe(-1);
    // Counties not on sale are passed over.
    expect(neighbourOf(counties, 0, 'down', (index) => index !== 1)).toBe(3);
  });
});
