import { tileOf } from './parcel-map';

describe('tileOf', () => {
  it('finds the Web Mercator tile of a point: the world’s corners, its middle and a Delaware lot', () => {
    expect(tileOf(-180, 85.05, 3)).toEqual({ x: 0, y: 0 });
    expect(tileOf(179.99, -85.05, 3)).toEqual({ x: 7, y: 7 });
    expect(tileOf(0.0001, -0.0001, 1)).toEqual({ x: 1, y: 1 });
    expect(tileOf(-75.62, 39.036, 16)).toEqual({ x: 19001, y: 25038 });
  });
});
