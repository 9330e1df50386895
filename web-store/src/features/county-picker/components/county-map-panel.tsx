import { Component, lazy, memo, type ReactNode, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
// Only the file's address: the shapes are fetched with the map's code, never with the page.
import shapesUrl from '../map/county-shapes.bin?url';
import type { CountyMapProps } from '../map/county-map';
import { LEGEND, MAP_HELP_ID, SHADE_COLOURS } from '../map/map-shades';

/** Wide enough to show the map without asking; below this (phones) it waits for "Show map". */
const WIDE_QUERY = '(min-width: 768px)';
const IDLE_TIMEOUT_MS = 3000;

function subscribeWide(listener: () => void): () => void {
  const query = matchMedia(WIDE_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

const useWide = () =>
  useSyncExternalStore(
    subscribeWide,
    () => matchMedia(WIDE_QUERY).matches,
    () => false,
  );

async function fetchShapes(): Promise<ArrayBuffer> {
  const res = await fetch(shapesUrl);
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
  return res.arrayBuffer();
}

/** The map's code and shapes, fetched side by side; a new one after a failure, since lazy keeps its error. */
function lazyMap() {
  return lazy(async () => {
    const [{ CountyMap, decodeCountyShapes }, bytes] = await Promise.all([import('../map/county-map'), fetchShapes()]);
    const shapes = decodeCountyShapes(bytes);
    return { default: (props: CountyMapProps) => <CountyMap shapes={shapes} {...props} /> };
  });
}

/** Runs once the page has loaded and the browser has a moment with nothing to do. */
function afterIdle(run: () => void): () => void {
  let handle = 0;
  let cancelled = false;
  const idle = () => {
    if (cancelled) return;
    if (typeof requestIdleCallback === 'function') handle = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    else handle = window.setTimeout(run, 200);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', idle);
    if (typeof cancelIdleCallback === 'function') cancelIdleCallback(handle);
    clearTimeout(handle);
  };
}

class MapErrorBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="picker-map__placeholder picker-map__placeholder--error" role="alert">
        <p>The map could not be loaded.</p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            this.setState({ failed: false });
            this.props.onRetry();
          }}
        >
          Try again
        </Button>
      </div>
    );
  }
}

function MapPlaceholder() {
  return (
    <div className="picker-map__placeholder" aria-busy="true">
      <Skeleton className="picker-map__skeleton" />
      <span className="visually-hidden" role="status">
        Loading map
      </span>
    </div>
  );
}

type PanelProps = Omit<CountyMapProps, 'counties'> & { counties: CountyMapProps['counties'] | undefined };

/**
 * The map beside the list. Its code and shapes are chunks of their own, outside the picker's first
 * load: on a wide screen they are fetched once the page is idle; on a phone only when the visitor
 * asks with "Show map".
 */
export const CountyMapPanel = memo(function CountyMapPanel({ counties, ...props }: PanelProps) {
  const wide = useWide();
  const [asked, setAsked] = useState(false);
  const [idle, setIdle] = useState(false);
  const [LazyMap, setLazyMap] = useState<ReturnType<typeof lazyMap> | null>(null);
  const open = wide || asked;
  const wanted = asked || (wide && idle);

  useEffect(() => {
    if (!wide || idle) return;
    return afterIdle(() => setIdle(true));
  }, [wide, idle]);

  useEffect(() => {
    if (wanted && !LazyMap) setLazyMap(() => lazyMap());
  }, [wanted, LazyMap]);

  return (
    <section className="card picker-map" aria-labelledby="picker-map-heading">
      <div className="picker-map__header">
        <h2 id="picker-map-heading" className="picker-map__title">
          Pick on the map
        </h2>
        {!wide && (
          <Button
            variant="outline"
            size="sm"
            aria-expanded={asked}
            aria-controls="picker-map-body"
            onClick={() => setAsked((shown) => !shown)}
          >
            {asked ? 'Hide map' : 'Show map'}
          </Button>
        )}
      </div>
      <div id="picker-map-body" hidden={!open}>
        {LazyMap && counties ? (
          <MapErrorBoundary onRetry={() => setLazyMap(() => lazyMap())}>
            <Suspense fallback={<MapPlaceholder />}>
              <LazyMap counties={counties} {...props} />
            </Suspense>
          </MapErrorBoundary>
        ) : (
          <MapPlaceholder />
        )}
        <p id={MAP_HELP_ID} className="picker-map__help">
          Click a county to choose its plan; drag to move, scroll or pinch to zoom. Keyboard: arrow keys move between
          counties, Enter chooses, + and − zoom. The county list offers the same choices.
        </p>
        <ul className="picker-map__legend" aria-label="Map legend">
          {LEGEND.map(({ shade, label }) => (
            <li key={shade}>
              <span className="picker-map__swatch" style={{ background: SHADE_COLOURS[shade] }} aria-hidden="true" />
              {label}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
});
