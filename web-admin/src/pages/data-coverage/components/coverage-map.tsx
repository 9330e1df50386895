import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import countiesUrl from 'us-atlas/counties-albers-10m.json?url';
import { AGE_BANDS, ageBand, type CoverageCounty } from '../coverage-ages';

interface Shape {
  fips: string;
  d: string;
}

const COLOUR = Object.fromEntries(AGE_BANDS.map(({ band, colour }) => [band, colour]));

/**
 * The store's map shapes (us-atlas, already projected to Albers USA pixels, 975 × 610), fetched
 * by this page only: the file is large, so the console's first load never carries it.
 */
async function loadShapes(): Promise<Shape[]> {
  const response = await fetch(countiesUrl);
  if (!response.ok) throw new Error('The county map did not load');
  const topology = (await response.json()) as { objects: { counties: unknown } };
  const path = geoPath();
  return feature(topology, topology.objects.counties).features.map((f) => ({
    fips: String(f.id),
    d: path(f as Parameters<typeof path>[0]) ?? '',
  }));
}

/** Every county coloured by the age of its current release; one not shown (filtered out) is pale. */
export function CoverageMap({
  counties,
  shown,
  month,
  onOpen,
}: {
  counties: readonly CoverageCounty[];
  shown: ReadonlySet<string>;
  month: string;
  onOpen: (county: CoverageCounty) => void;
}) {
  const shapes = useQuery({ queryKey: ['us-atlas', 'counties'], queryFn: loadShapes, staleTime: Infinity });
  const byFips = useMemo(() => new Map(counties.map((c) => [c.fips, c])), [counties]);
  if (shapes.isPending) return <Skeleton.Node active className="coverage-map-skeleton" />;
  if (shapes.isError) return null;
  return (
    <svg viewBox="0 0 975 610" className="coverage-map" role="img" aria-label="Coverage map">
      {shapes.data.map(({ fips, d }) => {
        const county = byFips.get(fips);
        // Areas not on sale (territories, removed counties) stay blank.
        if (!county) return <path key={fips} d={d} fill="#fafafa" stroke="#fff" strokeWidth={0.3} />;
        return (
          <path
            key={fips}
            d={d}
            data-fips={fips}
            fill={COLOUR[ageBand(county, month)]}
            fillOpacity={shown.has(fips) ? 1 : 0.15}
            stroke="#fff"
            strokeWidth={0.3}
            style={{ cursor: 'pointer' }}
            onClick={() => onOpen(county)}
          >
            <title>{`${county.name}, ${county.state}: ${county.currentRelease ?? 'no data'}`}</title>
          </path>
        );
      })}
    </svg>
  );
}
