import { boundaryOf } from './boundary-wkt';

const SQUARE = '(-75.5 38.7,-75.4 38.7,-75.4 38.8,-75.5 38.8,-75.5 38.7)';

describe('a boundary read for the parcel store', () => {
  it('promotes a Polygon to a MultiPolygon in WGS 84, and keeps a MultiPolygon as it is', () => {
    expect(boundaryOf(`POLYGON(${SQUARE})`)).toEqual({ kind: 'shape', ewkt: `SRID=4326;MULTIPOLYGON((${SQUARE}))` });
    expect(boundaryOf(`polygon (${SQUARE}, ${SQUARE})`)).toEqual({
      kind: 'shape',
      ewkt: `SRID=4326;MULTIPOLYGON((${SQUARE}, ${SQUARE}))`,
    });
    expect(boundaryOf(`MULTIPOLYGON(((0 0,1 0,1 1,0 0)),((2 2,3 2,3 3,2.0 2e0)))`)).toEqual({
      kind: 'shape',
      ewkt: `SRID=4326;MULTIPOLYGON(((0 0,1 0,1 1,0 0)),((2 2,3 2,3 3,2.0 2e0)))`,
    });
  });

  it('gives no boundary for an empty value or an EMPTY shape', () => {
    expect(boundaryOf('')).toEqual({ kind: 'none' });
    expect(boundaryOf('POLYGON EMPTY')).toEqual({ kind: 'none' });
  });

  it('finds unreadable what PostGIS would refuse, so one parcel cannot fail a county', () => {
    for (const wkt of [
      'POINT(1 2)',
      'POLYGON((0 0,1 0,1 1,0 0)', // unbalanced
      'POLYGON((0 0,1 0,1 1,0 1))', // not closed
      'POLYGON((0 0,1 0,0 0))', // too few points
      'POLYGON Z((0 0 1,1 0 1,1 1 1,0 0 1))',
      'POLYGON((0 0 1,1 0 1,1 1 1,0 0 1))',
      'POLYGON((0 0,1 0,1 1,0 0)) trailing',
      'POLYGON((a b,1 0,1 1,a b))',
      'MULTIPOLYGON((0 0,1 0,1 1,0 0))',
    ]) {
      expect([wkt, boundaryOf(wkt)]).toEqual([wkt, { kind: 'unreadable' }]);
    }
  });
});
