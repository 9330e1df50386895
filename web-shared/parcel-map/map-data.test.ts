import type { FeatureCollection } from 'geojson';
import { boundsOf } from './map-data';

const square = (x: number, y: number): FeatureCollection['features'][number] => ({
  type: 'Feature',
  properties: {},
  geometry: {
    type: 'MultiPolygon',
    coordinates: [
      [
        [
          [x, y],
          [x + 1, y],
          [x + 1, y + 1],
          [x, y],
        ],
      ],
    ],
  },
});

describe('the bounds of features on a map (an owner’s parcels, a chosen parcel)', () => {
  it('spans every coordinate of every feature, points included, and skips features without a shape', () => {
    const collection: FeatureCollection = {
      type: 'FeatureCollection',
      features: [
        square(-75.5, 39),
        square(-76.6, 39.2),
        { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [-75, 38.5] } },
        { type: 'Feature', properties: {}, geometry: null as never },
      ],
    };
    expect(boundsOf(collection.features)).toEqual([-76.6, 38.5, -74.5, 40.2]);
  });

  it('has none without a shape to show', () => {
    expect(boundsOf([])).toBeNull();
  });
});
