import { lazy, Suspense, useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { components } from '@web-shared/api-types';
import { getJson } from '@/lib/http';

type PreviewPlace = components['schemas']['ParcelPreviewPlaceDto'];

// MapLibre comes only with this chunk, once the store is known to hold the county's parcels.
const PreviewMap = lazy(() => import('./parcel-preview-map'));

/**
 * "What you get": a small map of the county's parcel outlines and numbers, where it has parcels
 * (GET /api/counties/:id/parcel-preview). Nothing while the store holds none of them.
 */
export function CountyParcelPreview({ countyId, place }: { countyId: string; place: string }) {
  const titleId = useId();
  const located = useQuery({
    queryKey: ['parcel-preview', countyId],
    queryFn: () => getJson<PreviewPlace>(`/api/counties/${encodeURIComponent(countyId)}/parcel-preview`),
    retry: false,
    staleTime: 60 * 60 * 1000,
  });
  if (!located.data) return null;
  return (
    <section className="county-details__section county-details__preview" aria-labelledby={titleId}>
      <h3 id={titleId} className="county-details__section-title">
        Parcel outlines
      </h3>
      <div className="county-details__preview-map">
        <Suspense fallback={null}>
          <PreviewMap point={located.data.point as [number, number]} place={place} />
        </Suspense>
      </div>
      <p className="county-details__hint">
        A preview of the parcel outlines and numbers in {place}. Owners, values and every other field come with the
        county&apos;s data.
      </p>
    </section>
  );
}
