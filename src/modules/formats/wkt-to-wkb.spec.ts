import { Geometry } from 'wkx';
import { MULTIPOLYGON_OF_ONE_PREFIX, polygonalWkbOf } from './wkt-to-wkb';

/** Decodes WKB with wkx, a reader written independently of this module. */
const decoded = (wkb: Buffer) => Geometry.parse(Buffer.from(wkb)).toGeoJSON() as { type: string };

describe('A parcel boundary from WKT to WKB', () => {
  it('writes a polygon with its hole, coordinates exact as Number() reads them, and its extent', () => {
    const shape = polygonalWkbOf(
      'POLYGON ((-75.4012345 38.7012345, -75.4 38.7012345, -75.4 38.7, -75.4012345 38.7, -75.4012345 38.7012345),' +
        '(-75.401 38.701, -75.4005 38.701, -75.4005 38.7005, -75.401 38.701))',
    );
    expect(shape).not.toBeNull();
    expect(shape!.parts).toBe(1);
    expect(decoded(shape!.wkb)).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [-75.4012345, 38.7012345],
          [-75.4, 38.7012345],
          [-75.4, 38.7],
          [-75.4012345, 38.7],
          [-75.4012345, 38.7012345],
        ],
        [
          [-75.401, 38.701],
          [-75.4005, 38.701],
          [-75.4005, 38.7005],
          [-75.401, 38.701],
        ],
      ],
    });
    expect(shape).toMatchObject({ xmin: -75.4012345, ymin: 38.7, xmax: -75.4, ymax: 38.7012345 });
  });

  it('keeps every part of a multipolygon', () => {
    const shape = polygonalWkbOf('multipolygon(((0 0,1 0,1 1,0 0)),((5 5,6 5,6 6,5 5)))');
    expect(shape!.parts).toBe(2);
    expect(decoded(shape!.wkb)).toEqual({
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
        ],
        [
          [
            [5, 5],
            [6, 5],
            [6, 6],
            [5, 5],
          ],
        ],
      ],
    });
    expect(shape).toMatchObject({ xmin: 0, ymin: 0, xmax: 6, ymax: 6 });
  });

  it('writes a multipolygon of one part as that polygon, which the prefix makes a multipolygon again', () => {
    const shape = polygonalWkbOf('MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)))');
    expect(shape!.parts).toBe(1);
    expect(decoded(shape!.wkb).type).toBe('Polygon');
    const promoted = Buffer.concat([Buffer.from(MULTIPOLYGON_OF_ONE_PREFIX, 'hex'), shape!.wkb]);
    expect(decoded(promoted)).toEqual({
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      ],
    });
  });

  it('drops Z and M ordinates, and reads exponents and long fractions as Number() does', () => {
    const shape = polygonalWkbOf('POLYGON Z ((1e1 2.5E-1 7, 0.12345678901234567 -0 8, 1 1 9, 1e1 2.5E-1 7))');
    expect(decoded(shape!.wkb)).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [10, 0.25],
          // More digits than a double holds: read as Number() reads them.
          [Number('0.12345678901234567'), -0],
          [1, 1],
          [10, 0.25],
        ],
      ],
    });
    const untagged = polygonalWkbOf('POLYGON ((0 0 1 2, 1 0 1 2, 1 1 1 2, 0 0 1 2))');
    expect(decoded(untagged!.wkb)).toMatchObject({ type: 'Polygon' });
  });

  it('reads no shape from an empty or malformed boundary, or one that is not polygonal', () => {
    for (const wkt of [
      'POLYGON EMPTY',
      'MULTIPOLYGON EMPTY',
      'POLYGON ((0 0, 1 0, 1',
      'POLYGON ((0 0, 1 0, 1 1, 0 0)) trailing',
      'POLYGON (())',
      'POLYGON ((a b, 1 0, 1 1, 0 0))',
      'POINT (1 2)',
      'LINESTRING (0 0, 1 1)',
      '',
    ]) {
      expect(polygonalWkbOf(wkt)).toBeNull();
    }
  });
});
