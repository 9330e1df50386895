import { lazy, Suspense } from 'react';
import type { Feature, Geometry } from 'geojson';
import { Typography } from 'antd';
import type { Parcel } from '../api';
import { boundaryFacts, type Boundary } from '../parcel-geometry';

// MapLibre is a megabyte and a half: it loads when a parcel's drawer first shows its map, not with the page.
const ParcelMap = lazy(() => import('@web-shared/parcel-map').then((module) => ({ default: module.ParcelMap })));

/** Close enough to see a lot and its neighbours; a parcel without a boundary is shown at its point. */
const MAX_ZOOM = 17;
const POINT_ZOOM = 17;

/** The parcel's boundary as the map marks the chosen parcel: the key is all it needs of the properties. */
const chosenOf = (parcel: Parcel): Feature => ({
  type: 'Feature',
  id: parcel.id,
  geometry: parcel.geometry as unknown as Geometry,
  properties: { parcel_key: parcel.id },
});

/** The parcel on the store's map, drawn over every county's parcels from the staff tiles (/api/admin/tiles). */
export function ParcelMapPanel({ parcel }: { parcel: Parcel }) {
  const facts = boundaryFacts(parcel.geometry as Boundary | null);
  const lat = parcel.properties.latitude;
  const lon = parcel.properties.longitude;
  const view = facts
    ? { bounds: facts.bbox, maxZoom: MAX_ZOOM }
    : typeof lat === 'number' && typeof lon === 'number'
      ? { center: [lon, lat] as [number, number], zoom: POINT_ZOOM }
      : null;
  if (!view) {
    return <Typography.Text type="secondary">No boundary and no point: nothing to show on the map</Typography.Text>;
  }
  return (
    <div className="parcels-map">
      <Suspense fallback={<p className="parcels-map-loading">Loading the map…</p>}>
        <ParcelMap
          // A new map per parcel: the view is where a map starts.
          key={parcel.id}
          tilesPath="/api/admin/tiles"
          kind="subscriber"
          view={view}
          label={`Map of parcel ${parcel.id} and its neighbours`}
          chosen={facts ? chosenOf(parcel) : null}
          countyOutlines={false}
        />
      </Suspense>
    </div>
  );
}
