import { PARCEL_TILE_ZOOMS } from '@contracts/parcel-map';
import { ParcelMap } from '@web-shared/parcel-map';
import { siteInfo } from '@/lib/site-info';

/** The map opens two zooms closer in than the preview tiles are drawn from, where parcel numbers show. */
const PREVIEW_ZOOM = PARCEL_TILE_ZOOMS.preview.min + 2;

export default function ParcelPreviewMap({ point, place }: { point: [number, number]; place: string }) {
  return (
    <ParcelMap
      tilesPath="/api/tiles/preview"
      kind="preview"
      view={{ center: point, zoom: PREVIEW_ZOOM }}
      label={`Preview map of parcel outlines in ${place}`}
      baseStyleUrl={siteInfo.mapStyleUrl || undefined}
      interactive={false}
      countyOutlines={false}
    />
  );
}
