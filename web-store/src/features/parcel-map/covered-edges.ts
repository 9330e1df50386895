import { type RefObject, useEffect, useState } from 'react';
import type { CoveredEdges, ParcelMapHandle } from '@web-shared/parcel-map';

type Box = Pick<DOMRect, 'top' | 'right' | 'bottom' | 'left'>;

const NOTHING: CoveredEdges = { top: 0, right: 0, bottom: 0, left: 0 };

/**
 * What a panel over the map hides, from the edge it lies against: a sheet across the whole width
 * (a phone's) from the bottom; a panel beside the map's left or right edge from that side.
 */
export function coveredEdges(map: Box, panel: Box): CoveredEdges {
  const overlap = (from: number, to: number) => Math.max(0, Math.round(to - from));
  if (panel.bottom <= map.top || panel.top >= map.bottom || panel.right <= map.left || panel.left >= map.right) {
    return NOTHING;
  }
  if (panel.left <= map.left + 1 && panel.right >= map.right - 1) {
    return { ...NOTHING, bottom: overlap(panel.top, map.bottom) };
  }
  const middle = (map.left + map.right) / 2;
  return panel.left + panel.right < 2 * middle
    ? { ...NOTHING, left: overlap(map.left, panel.right) }
    : { ...NOTHING, right: overlap(panel.left, map.right) };
}

/** What the panel (while it is shown) hides of the map, measured again whenever either changes size. */
export function useCoveredEdges(
  map: RefObject<ParcelMapHandle | null>,
  panel: RefObject<HTMLElement | null>,
  shown: boolean,
): CoveredEdges {
  const [covered, setCovered] = useState(NOTHING);
  useEffect(() => {
    const element = panel.current;
    if (!shown || !element) {
      setCovered(NOTHING);
      return;
    }
    const measure = () => {
      const mapRect = map.current?.rect();
      const next = mapRect ? coveredEdges(mapRect, element.getBoundingClientRect()) : NOTHING;
      setCovered((now) => (sameEdges(now, next) ? now : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [map, panel, shown]);
  return covered;
}

const sameEdges = (a: CoveredEdges, b: CoveredEdges) =>
  a.top === b.top && a.right === b.right && a.bottom === b.bottom && a.left === b.left;
