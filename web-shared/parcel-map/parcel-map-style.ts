import type { FeatureCollection } from 'geojson';
import type { ExpressionSpecification, LayerSpecification, SourceSpecification, StyleSpecification } from 'maplibre-gl';
import { PARCEL_TILE_ZOOMS, type ParcelTileKind } from '@contracts/parcel-map';

export type { ParcelTileKind };

/** The zoom the API draws each kind of tile from: farther out, a map shows no parcels. */
export const PARCEL_MIN_ZOOM: Record<ParcelTileKind, number> = {
  subscriber: PARCEL_TILE_ZOOMS.subscriber.min,
  preview: PARCEL_TILE_ZOOMS.preview.min,
};
/** Past this zoom the map enlarges the tiles it has rather than fetching closer ones: a lot is large enough to see. */
const FETCHED_TILE_MAX_ZOOM = 18;

export const SOURCES = { counties: 'counties', parcels: 'parcels', selection: 'selection', chosen: 'chosen' } as const;
const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

export const COLOURS = {
  background: '#f4f1ea',
  county: '#8a8f99',
  state: '#4b5563',
  parcelFill: '#d8e3f5',
  parcelLine: '#1d4ed8',
  selection: '#f59e0b',
  chosen: '#b91c1c',
  label: '#1f2937',
};

export interface ParcelStyleOptions {
  /** Where the tiles are, e.g. /api/tiles: `{z}/{x}/{y}.mvt` is added. */
  tilesPath: string;
  kind: ParcelTileKind;
  /** The base map (MAP_STYLE_URL) already fetched: our layers go on top of it. */
  base?: StyleSpecification | null;
  /** The store's origin (MapLibre wants absolute tile URLs); the page's own by default. */
  origin?: string;
}

/** The text-font of the base map's first label, so that our labels use a font its glyph server has. */
function baseFont(base: StyleSpecification): string[] | undefined {
  for (const layer of base.layers) {
    const font = layer.type === 'symbol' ? layer.layout?.['text-font'] : undefined;
    if (Array.isArray(font) && font.every((name) => typeof name === 'string')) return font as string[];
  }
  return undefined;
}

/**
 * The parcel maps' style: our county outlines (filled in once loaded), the parcels' vector tiles
 * from the store's own API, the selection and the chosen parcel. Without a base map no request
 * leaves the store (labels are drawn with the browser's fonts: the style names no glyph server).
 */
export function parcelMapStyle({
  tilesPath,
  kind,
  base,
  origin = window.location.origin,
}: ParcelStyleOptions): StyleSpecification {
  const tiles = `${origin}${tilesPath}/{z}/{x}/{y}.mvt`;
  const sources: Record<string, SourceSpecification> = {
    [SOURCES.counties]: { type: 'geojson', data: EMPTY },
    [SOURCES.parcels]: {
      type: 'vector',
      tiles: [tiles],
      minzoom: PARCEL_MIN_ZOOM[kind],
      maxzoom: FETCHED_TILE_MAX_ZOOM,
      promoteId: kind === 'subscriber' ? 'parcel_key' : undefined,
    },
    [SOURCES.selection]: { type: 'geojson', data: EMPTY },
    [SOURCES.chosen]: { type: 'geojson', data: EMPTY },
  };
  const stateLine: ExpressionSpecification = ['==', ['get', 'state'], true];
  const font = base ? baseFont(base) : undefined;
  const layers: LayerSpecification[] = [
    ...(base
      ? []
      : [{ id: 'background', type: 'background', paint: { 'background-color': COLOURS.background } } as const]),
    {
      id: 'parcels-fill',
      type: 'fill',
      source: SOURCES.parcels,
      'source-layer': 'parcels',
      paint: { 'fill-color': COLOURS.parcelFill, 'fill-opacity': base ? 0.35 : 0.8 },
    },
    {
      id: 'parcels-line',
      type: 'line',
      source: SOURCES.parcels,
      'source-layer': 'parcels',
      paint: {
        'line-color': COLOURS.parcelLine,
        'line-width': ['interpolate', ['linear'], ['zoom'], 13, 0.3, 18, 1.2],
      },
    },
    {
      id: 'county-lines',
      type: 'line',
      source: SOURCES.counties,
      filter: ['!', stateLine],
      paint: { 'line-color': COLOURS.county, 'line-width': 1, 'line-dasharray': [3, 2] },
    },
    {
      id: 'state-lines',
      type: 'line',
      source: SOURCES.counties,
      filter: stateLine,
      paint: { 'line-color': COLOURS.state, 'line-width': 1.5 },
    },
    {
      id: 'selection-fill',
      type: 'fill',
      source: SOURCES.selection,
      paint: { 'fill-color': COLOURS.selection, 'fill-opacity': 0.45 },
    },
    {
      id: 'chosen-line',
      type: 'line',
      source: SOURCES.chosen,
      paint: { 'line-color': COLOURS.chosen, 'line-width': 3 },
    },
    {
      id: 'parcel-numbers',
      type: 'symbol',
      source: SOURCES.parcels,
      'source-layer': 'parcels',
      minzoom: 17,
      layout: {
        'text-field': ['coalesce', ['get', 'parcel_id'], ''],
        'text-size': 11,
        ...(font ? { 'text-font': font } : {}),
      },
      paint: { 'text-color': COLOURS.label, 'text-halo-color': '#ffffff', 'text-halo-width': 1.2 },
    },
  ];
  if (!base) return { version: 8, sources, layers };
  return { ...base, sources: { ...base.sources, ...sources }, layers: [...base.layers, ...layers] };
}
