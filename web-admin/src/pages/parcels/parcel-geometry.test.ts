import { boundaryFacts } from './parcel-geometry';

const square = (x: number, y: number, side: number) => [
  [x, y],
  [x + side, y],
  [x + side, y + side],
  [x, y + side],
  [x, y],
];

describe("a parcel boundary's box and centre", () => {
  it('has none without a boundary', () => {
    expect(boundaryFacts(null)).toBeNull();
  });

  it('boxes a lot and finds its middle', () => {
    const facts = boundaryFacts({ type: 'MultiPolygon', coordinates: [[square(-75.6, 39, 0.0004)]] })!;
    expect(facts.bbox).toEqual([-75.6, 39, -75.5996, 39.0004]);
    expect(facts.centroid[0]).toBeCloseTo(-75.5998, 9);
    expect(facts.centroid[1]).toBeCloseTo(39.0002, 9);
  });

  it('weighs the parts of a split lot by their areas, and takes holes out', () => {
    // A big part at x 0–2 and a small one at x 10–11: the centre lies nearer the big one.
    const split = boundaryFacts({ type: 'MultiPolygon', coordinates: [[square(0, 0, 2)], [square(10, 0, 1)]] })!;
    expect(split.centroid[0]).toBeCloseTo((4 * 1 + 1 * 10.5) / 5, 9);
    expect(split.bbox).toEqual([0, 0, 11, 2]);
    // A hole in the west half, wound either way, moves the centre east.
    const hole = square(0.1, 0.1, 0.8).reverse();
    const holed = boundaryFacts({ type: 'Polygon', coordinates: [square(0, 0, 2), hole] })!;
    expect(holed.centroid[0]).toBeCloseTo((4 * 1 - 0.64 * 0.5) / (4 - 0.64), 9);
    expect(holed.centroid[1]).toBeCloseTo((4 * 1 - 0.64 * 0.5) / (4 - 0.64), 9);
  });
});
