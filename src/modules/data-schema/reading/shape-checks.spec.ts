import { inspectShape } from './shape-checks';

const inspect = (wkt: string) => {
  const bytes = Buffer.from(`x,${wkt},y`);
  return inspectShape(bytes, 2, 2 + Buffer.byteLength(wkt));
};

// A lot of about 30 × 40 m near Georgetown, Delaware.
const LOT = 'POLYGON((-75.3850 38.6900,-75.38465 38.6900,-75.38465 38.69036,-75.3850 38.69036,-75.3850 38.6900))';

describe('a parcel boundary inspected', () => {
  it('reads a polygon: its area in square metres and its centroid', () => {
    const facts = inspect(LOT);
    expect(facts.verdict).toBe('shape');
    // 0.00035° of longitude at 38.69° is 30.4 m; 0.00036° of latitude is 40.0 m.
    expect(facts.area).toBeGreaterThan(1200);
    expect(facts.area).toBeLessThan(1230);
    expect(facts.lon).toBeCloseTo(-75.384825, 6);
    expect(facts.lat).toBeCloseTo(38.69018, 6);
  });

  it('takes a hole from the area, adds the parts of a multipolygon, and reads Z coordinates and any case', () => {
    const holed = inspect(
      'POLYGON((0 0,0.001 0,0.001 0.001,0 0.001,0 0),(0.0002 0.0002,0.0004 0.0002,0.0004 0.0004,0.0002 0.0004,0.0002 0.0002))',
    );
    const whole = inspect('POLYGON((0 0,0.001 0,0.001 0.001,0 0.001,0 0))');
    expect(holed.area / whole.area).toBeCloseTo(0.96, 3);
    const two = inspect(
      'multipolygon z (((0 0 1,0.001 0 1,0.001 0.001 1,0 0.001 1,0 0 1)),((0.002 0 1,0.003 0 1,0.003 0.001 1,0.002 0.001 1,0.002 0 1)))',
    );
    expect(two.verdict).toBe('shape');
    expect(two.area / whole.area).toBeCloseTo(2, 3);
    expect(two.lon).toBeCloseTo(0.0015, 6);
  });

  it('tells a missing, unreadable, invalid or flat boundary', () => {
    expect(inspect('').verdict).toBe('missing');
    expect(inspect('POLYGON EMPTY').verdict).toBe('missing');
    expect(inspect('POINT(1 2)').verdict).toBe('unreadable');
    expect(inspect('POLYGON((0 0,1 0,1 1').verdict).toBe('unreadable');
    expect(inspect('POLYGON((0 0,1 x,1 1,0 0))').verdict).toBe('unreadable');
    // A bow-tie: its two edges cross.
    expect(inspect('POLYGON((0 0,1 1,1 0,0 1,0 0))').verdict).toBe('invalid');
    // Not closed, or too few points.
    expect(inspect('POLYGON((0 0,1 0,1 1,0 1))').verdict).toBe('invalid');
    expect(inspect('POLYGON((0 0,1 0,0 0))').verdict).toBe('invalid');
    // Every point on one line: a shape of no area.
    expect(inspect('POLYGON((0 0,1 0,2 0,0 0))').verdict).toBe('no-area');
  });
});
