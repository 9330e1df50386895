import type { StyleSpecification } from 'maplibre-gl';
import { parcelMapStyle } from './parcel-map-style';

const ORIGIN = 'https://store.example.com';

describe('the parcel maps’ style', () => {
  it('asks nothing of any host but the store without a base map: no glyph server, no sprites, own tiles', () => {
    const style = parcelMapStyle({ tilesPath: '/api/tiles', kind: 'subscriber', origin: ORIGIN });
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    const urls = JSON.stringify(style.sources).match(/https?:\/\/[^"/]+/g) ?? [];
    expect(new Set(urls)).toEqual(new Set([ORIGIN]));
    expect(style.sources.parcels).toMatchObject({
      type: 'vector',
      tiles: [`${ORIGIN}/api/tiles/{z}/{x}/{y}.mvt`],
      minzoom: 13,
    });
  });

  it('starts the preview’s tiles at zoom 15, where the API draws them', () => {
    const style = parcelMapStyle({ tilesPath: '/api/tiles/preview', kind: 'preview', origin: ORIGIN });
    expect(style.sources.parcels).toMatchObject({ minzoom: 15 });
  });

  it('draws its layers over a base map, with the base map’s label font', () => {
    const base: StyleSpecification = {
      version: 8,
      glyphs: 'https://maps.example.com/fonts/{fontstack}/{range}.pbf',
      sources: { streets: { type: 'vector', url: 'https://maps.example.com/streets.json' } },
      layers: [
        { id: 'land', type: 'background', paint: { 'background-color': '#eee' } },
        {
          id: 'names',
          type: 'symbol',
          source: 'streets',
          'source-layer': 'names',
          layout: { 'text-font': ['Open Sans Regular'] },
        },
      ],
    };
    const style = parcelMapStyle({ tilesPath: '/api/tiles', kind: 'subscriber', base, origin: ORIGIN });
    const ids = style.layers.map((layer) => layer.id);
    expect(ids.slice(0, 2)).toEqual(['land', 'names']);
    expect(ids).not.toContain('background');
    expect(ids.indexOf('parcels-fill')).toBeGreaterThan(ids.indexOf('names'));
    expect(style.glyphs).toBe(base.glyphs);
    const numbers = style.layers.find((layer) => layer.id === 'parcel-numbers');
    expect(numbers?.layout).toMatchObject({ 'text-font': ['Open Sans Regular'] });
  });
});
