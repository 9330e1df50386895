import type { FeatureCollection } from 'geojson';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { preloadMapLibre } from '@web-shared/parcel-map';
import { loadCountyOutlines } from '@web-shared/parcel-map/county-outlines';
import { boundsOf, fetchBaseStyle } from '@web-shared/parcel-map/map-data';
import { parcelMapStyle, SOURCES } from '@web-shared/parcel-map/parcel-map-style';
import { siteInfo } from '@/lib/site-info';

/** The owner's parcels: a source of their own, over the customer's parcel tiles and the county lines. */
const OWNER_SOURCE = 'owner-parcels';
const OWNER_LAYERS = ['owner-parcels-fill', 'owner-parcels-line', 'owner-parcels-points'];
const FILL = '#f59e0b';
const LINE = '#b45309';
/** Close enough to see a lone parcel and its neighbours, no closer. */
const MAX_ZOOM = 17;

/** How many of the owner's parcels the map draws now (each once, however many tiles it spans). */
function ownerParcelsDrawn(map: MapLibreMap): number {
  const keys = new Set<unknown>();
  for (const feature of map.queryRenderedFeatures({ layers: OWNER_LAYERS })) {
    keys.add(feature.properties?.parcel_key ?? feature.id);
  }
  return keys.size;
}

/**
 * A MapLibre map of an owner's parcels (the portfolio's GeoJSON export) fitted to them, over the
 * parcels of the customer's counties. Once it has drawn them, `data-owner-parcels` on the map
 * holds how many it drew.
 */
export default function OwnerMap({ parcels, label }: { parcels: FeatureCollection; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const bounds = useMemo(() => boundsOf(parcels.features), [parcels]);

  useEffect(() => {
    let cancelled = false;
    let map: MapLibreMap | null = null;
    if (!bounds) return;
    void (async () => {
      try {
        const [maplibre, base] = await Promise.all([
          preloadMapLibre(),
          siteInfo.mapStyleUrl ? fetchBaseStyle(siteInfo.mapStyleUrl) : Promise.resolve(null),
        ]);
        if (cancelled || !container.current) return;
        const style = parcelMapStyle({ tilesPath: '/api/tiles', kind: 'subscriber', base });
        style.sources[OWNER_SOURCE] = { type: 'geojson', data: parcels, promoteId: 'parcel_key' };
        style.layers.push(
          {
            id: 'owner-parcels-fill',
            type: 'fill',
            source: OWNER_SOURCE,
            filter: ['!=', ['geometry-type'], 'Point'],
            paint: { 'fill-color': FILL, 'fill-opacity': 0.55 },
          },
          {
            id: 'owner-parcels-line',
            type: 'line',
            source: OWNER_SOURCE,
            filter: ['!=', ['geometry-type'], 'Point'],
            paint: { 'line-color': LINE, 'line-width': 1.5 },
          },
          // A county without shapes gives points: drawn as dots.
          {
            id: 'owner-parcels-points',
            type: 'circle',
            source: OWNER_SOURCE,
            filter: ['==', ['geometry-type'], 'Point'],
            paint: { 'circle-color': FILL, 'circle-radius': 5, 'circle-stroke-color': LINE, 'circle-stroke-width': 1 },
          },
        );
        map = new maplibre.Map({
          container: container.current,
          style,
          bounds,
          fitBoundsOptions: { padding: 32, maxZoom: MAX_ZOOM },
          attributionControl: base ? { compact: true } : false,
          maxZoom: 20,
        });
        map.addControl(new maplibre.NavigationControl({ showCompass: false }), 'top-right');
        const current = map;
        current.on('load', () => setState('ready'));
        // Each time everything in view is drawn: how many of the owner's parcels that is.
        current.on('idle', () => {
          container.current?.setAttribute('data-owner-parcels', String(ownerParcelsDrawn(current)));
        });
        // The country's county lines (a larger file) come once the owner's parcels are on screen.
        current.once('idle', () => {
          void loadCountyOutlines()
            .then((outlines) => current.getSource<GeoJSONSource>(SOURCES.counties)?.setData(outlines))
            .catch(() => undefined);
        });
      } catch {
        if (!cancelled) setState('failed');
      }
    })();
    return () => {
      cancelled = true;
      map?.remove();
    };
    // One map per collection; the bounds follow from it.
  }, [parcels]);

  if (!bounds) {
    return <p className="owner-map__empty">None of these parcels has a boundary or a location to show on a map.</p>;
  }
  return (
    <div className="parcel-map owner-map">
      <div ref={container} className="parcel-map__canvas" role="region" aria-label={label} data-state={state} />
      {state === 'loading' && <p className="parcel-map__note">Loading the map…</p>}
      {state === 'failed' && (
        <p className="parcel-map__note" role="alert">
          The map could not be shown: this browser may not support WebGL. The table lists every parcel.
        </p>
      )}
    </div>
  );
}
