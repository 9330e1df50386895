import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { STORE_PATHS } from '@contracts/routes';
import { MAX_BOX_DEGREES } from '@contracts/parcel-map';
import { PLANS } from '@contracts/plans';
import { ParcelMap, preloadMapLibre, type Bounds, type MapView, type ParcelMapHandle } from '@web-shared/parcel-map';
import { ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/skeleton';
import { useRequiredUser } from '@/lib/auth';
import { HttpError, messageOf } from '@/lib/http';
import { siteInfo } from '@/lib/site-info';
import { selectParcels, useMapStart, useParcel, type MapStart, type ParcelFeature } from '../api/parcel-map';
import { useCoveredEdges } from '../covered-edges';
import { download, selectionCsv, selectionGeoJson } from '../selection-export';
import { ParcelDetails } from './parcel-details';
import { ParcelSearch } from './parcel-search';
import { SelectionPanel, type SelectionState } from './selection-panel';
import './parcel-map-page.css';

// MapLibre's workers start with this page's chunk, beside the request for the customer's counties.
void preloadMapLibre();

/** Where the map opens close in when the counties' extent is too far out to show parcels. */
const START_ZOOM = 16;

/**
 * The first view: the counties' extent, or, where that fits the map only farther out than parcels
 * are drawn (ParcelMap decides, knowing its size), close in at a place with parcels.
 */
function startView(start: MapStart): MapView {
  const closeIn = start.point ? { center: start.point as [number, number], zoom: START_ZOOM } : undefined;
  if (start.bbox) return { bounds: start.bbox as Bounds, closeIn };
  return closeIn ?? { center: [-98.5, 39.8], zoom: 3 };
}

/** The store's parcel map for County Tracker subscribers: their counties' parcels, search, details, selection and export. */
export default function ParcelMapPage() {
  // Signed out: useRequiredUser sends the visitor to sign in. The counties are asked for at once, beside it.
  useRequiredUser();
  const start = useMapStart();
  const noTracker = start.error instanceof HttpError && start.error.status === 403;
  const signedOut = start.error instanceof HttpError && start.error.status === 401;

  return (
    <div className="pmap">
      <header className="pmap-bar">
        <Link to={STORE_PATHS.dashboard} className="pmap-bar__back">
          ← Dashboard
        </Link>
        <h1 className="pmap-bar__title">Parcel map</h1>
      </header>
      <main id="main" className="pmap-main">
        {start.isPending || signedOut ? (
          <div className="pmap-message">
            <Spinner label="Loading your counties" />
          </div>
        ) : noTracker ? (
          <div className="pmap-message card">
            <h2>The parcel map comes with {PLANS.annual.name}</h2>
            <p>
              None of your subscriptions is an active {PLANS.annual.name}. Subscribe to a county with{' '}
              {PLANS.annual.name} to see its parcels on the map, search them and export a selection.
            </p>
            <ButtonLink to={STORE_PATHS.browseCounties}>Browse counties</ButtonLink>
          </div>
        ) : start.isError ? (
          <div className="pmap-message card" role="alert">
            <p>{messageOf(start.error, 'Your counties could not be loaded. Check your connection and try again.')}</p>
          </div>
        ) : (
          <MapWorkspace start={start.data} />
        )}
      </main>
    </div>
  );
}

/**
 * The map of the customer's counties; a link to one parcel (parcelOnMap: ?parcel=<parcel_key>)
 * opens it at that parcel, chosen, its details beside it.
 */
function MapWorkspace({ start }: { start: MapStart }) {
  const [params] = useSearchParams();
  const linkedKey = params.get('parcel');
  const linked = useParcel(linkedKey).data;
  const mapRef = useRef<ParcelMapHandle>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const detailsRef = useRef<HTMLElement>(null);
  const [chosenKey, setChosenKey] = useState<string | null>(linkedKey);
  const [chosen, setChosen] = useState<ParcelFeature | null>(null);
  const [drawing, setDrawing] = useState(false);
  const [selection, setSelection] = useState<ParcelFeature[]>([]);
  const [state, setState] = useState<SelectionState>({ kind: 'none' });
  const running = useRef<AbortController | null>(null);
  const view = useMemo(() => startView(start), [start]);
  const covered = useCoveredEdges(mapRef, detailsRef, chosenKey !== null);

  useEffect(() => () => running.current?.abort(), []);
  // The linked parcel, once loaded (its details say so where it is not found): the map opens at it, or moves there.
  useEffect(() => {
    if (!linked) return;
    setChosen(linked);
    mapRef.current?.showFeature(linked);
  }, [linked]);

  const choose = (parcel: ParcelFeature) => {
    setChosen(parcel);
    setChosenKey(parcel.id);
    mapRef.current?.showFeature(parcel);
  };

  // The focus goes back where a search starts: without it, it would drop to the page's body.
  const closeDetails = useCallback(() => {
    setChosenKey(null);
    setChosen(null);
    searchRef.current?.focus();
  }, []);

  const select = useCallback(async (bbox: Bounds) => {
    if (bbox[2] - bbox[0] > MAX_BOX_DEGREES || bbox[3] - bbox[1] > MAX_BOX_DEGREES) {
      setState({
        kind: 'refused',
        message: `Zoom in or draw a smaller area: a selection may span at most ${MAX_BOX_DEGREES}° each way.`,
      });
      return;
    }
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState({ kind: 'loading', count: 0 });
    try {
      const { features, complete } = await selectParcels(
        bbox,
        (count) => setState({ kind: 'loading', count }),
        controller.signal,
      );
      setSelection(features);
      setState({ kind: 'done', count: features.length, complete });
    } catch (failure) {
      if (controller.signal.aborted) return;
      setState({ kind: 'refused', message: messageOf(failure, 'The selection failed. Try again.') });
    }
  }, []);

  const exportSelection = (format: 'csv' | 'geojson') => {
    const stamp = new Date().toISOString().slice(0, 10);
    if (format === 'csv') download(selectionCsv(selection), `parcels-${stamp}.csv`, 'text/csv;charset=utf-8');
    else download(selectionGeoJson(selection), `parcels-${stamp}.geojson`, 'application/geo+json');
  };

  const selectionData = useMemo(() => ({ type: 'FeatureCollection' as const, features: selection }), [selection]);

  return (
    <div className="pmap-workspace">
      <div className="pmap-side">
        <ParcelSearch counties={start.counties} onChoose={choose} fieldRef={searchRef} />
        <SelectionPanel
          state={state}
          drawing={drawing}
          onSelectView={() => {
            const bounds = mapRef.current?.bounds();
            if (bounds) void select(bounds);
          }}
          onToggleDraw={() => setDrawing((on) => !on)}
          onExport={exportSelection}
          onClear={() => {
            running.current?.abort();
            setSelection([]);
            setState({ kind: 'none' });
          }}
        />
        <p className="pmap-side__counties">
          Your {start.counties.length === 1 ? 'county' : 'counties'}:{' '}
          {start.counties.map((county) => `${county.name}, ${county.state}`).join('; ')}
          {start.bbox && (
            <>
              {' '}
              <button
                type="button"
                className="pmap-link"
                onClick={() => mapRef.current?.show({ bounds: start.bbox as Bounds })}
              >
                Show all
              </button>
            </>
          )}
        </p>
      </div>
      <ParcelMap
        ref={mapRef}
        className="pmap-map"
        tilesPath="/api/tiles"
        kind="subscriber"
        view={view}
        label="Map of your counties' parcels: arrow keys pan, plus and minus zoom"
        baseStyleUrl={siteInfo.mapStyleUrl || undefined}
        onParcelClick={(key) => {
          if (drawing) return;
          setChosenKey(key);
          setChosen(null);
        }}
        boxTool={drawing}
        onBox={(bounds) => {
          setDrawing(false);
          void select(bounds);
        }}
        selection={selectionData}
        chosen={chosen}
        covered={covered}
      />
      {chosenKey && <ParcelDetails parcelKey={chosenKey} onClose={closeDetails} panelRef={detailsRef} />}
    </div>
  );
}
