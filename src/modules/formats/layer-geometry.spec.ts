import { layerGeometry } from './layer-geometry';

describe("A converted file's geometry", () => {
  it('is the points when no parcel has a boundary', () => {
    expect(layerGeometry({ shapes: 0, multipart: 0 })).toBe('Point');
  });

  it('is Polygon when every boundary is one polygon, MultiPolygon as soon as one has two parts', () => {
    expect(layerGeometry({ shapes: 1_000_000, multipart: 0 })).toBe('Polygon');
    expect(layerGeometry({ shapes: 1_000_000, multipart: 1 })).toBe('MultiPolygon');
    expect(layerGeometry({ shapes: 1, multipart: 0 })).toBe('Polygon');
  });
});
