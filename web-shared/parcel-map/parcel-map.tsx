import type { Feature, FeatureCollection } from 'geojson';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { GeoJSONSource, Map as MapLibreMap, MapMouseEvent, PointLike } from 'maplibre-gl';
import { loadCountyOutlines } from './county-outlines';
import { loadMapLibre } from './load-maplibre';
import { boundsOf, fetchBaseStyle } from './map-data';
import { PARCELS_DRAWN_MARK } from '@contracts/parcel-map';
import { PARCEL_MIN_ZOOM, parcelMapStyle, SOURCES, type ParcelTileKind } from './parcel-map-style';
import './parcel-map.css';

/** West, south, east, north in degrees. */
export type Bounds = [number, number, number, number];

/** Pixels from each edge of the map that something over it covers (a details panel). */
export interface CoveredEdges {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

const UNCOVERED: CoveredEdges = { top: 0, right: 0, bottom: 0, left: 0 };
/** Room kept around a parcel the map moves to. */
const FEATURE_PADDING = 80;
/** The closest the map comes to a parcel shown: a lot fills much of it, its neighbours around it. */
const FEATURE_MAX_ZOOM = 18;

export type MapView =
  | {
      bounds: Bounds;
      maxZoom?: number;
      /**
       * Where to open instead when the bounds fit this map only farther out than its parcels are
       * drawn (a large county on a small screen): a place with parcels, close in.
       */
      closeIn?: { center: [number, number]; zoom: number };
    }
  | { center: [number, number]; zoom: number };

export interface ParcelMapHandle {
  /** Moves to a parcel's boundary (or to a point), close enough to see its neighbours; before the map has loaded, it opens there. */
  showFeature: (feature: Feature) => void;
  show: (view: MapView) => void;
  bounds: () => Bounds | null;
  zoom: () => number;
  /** Where the map is on the page. */
  rect: () => DOMRect | null;
}

export interface ParcelMapProps {
  /** The tiles' path: /api/tiles (signed-in store), /api/admin/tiles (console), /api/tiles/preview (anyone). */
  tilesPath: string;
  kind: ParcelTileKind;
  view: MapView;
  /** What a screen reader announces for the map. */
  label: string;
  /** MAP_STYLE_URL: a base map under the store's layers. */
  baseStyleUrl?: string;
  /** Pan and zoom by mouse, touch and keyboard; off for a fixed preview. */
  interactive?: boolean;
  /** Draw the county outlines (a country-wide file: worth it where the map zooms out). */
  countyOutlines?: boolean;
  /** A click on the map: the parcel_key under it (subscriber tiles), or null off the parcels. */
  onParcelClick?: (parcelKey: string | null) => void;
  /** After each move: where the map is. */
  onMove?: (state: { zoom: number; bounds: Bounds }) => void;
  /** While true, a drag draws a box instead of panning; the box is handed to onBox. */
  boxTool?: boolean;
  onBox?: (bounds: Bounds) => void;
  selection?: FeatureCollection;
  chosen?: Feature | null;
  /**
   * What a panel over the map hides (the parcel's details): the parcel the map moves to, or the
   * one clicked, is kept in the part left in view.
   */
  covered?: CoveredEdges;
  className?: string;
}

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

/**
 * A MapLibre map of the store's parcels over its county outlines, shared by the store's parcel
 * map, the county preview and the console. Once parcels are on screen (what a person waits for),
 * `data-parcels-drawn` is set on the element and the moment is marked on the page's performance
 * timeline (PARCELS_DRAWN_MARK), which the map's benchmark reads.
 */
export const ParcelMap = forwardRef<ParcelMapHandle, ParcelMapProps>(function ParcelMap(props, ref) {
  const { tilesPath, kind, view, label, baseStyleUrl, interactive = true, countyOutlines = true, className } = props;
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [tooFar, setTooFar] = useState(false);
  const [box, setBox] = useState<{ left: number; top: number; width: number; height: number } | null>(null);
  // The parcel last shown (its bounds) or clicked (the point): what stays in view when a panel covers part of the map.
  const focus = useRef<{ bounds: Bounds } | { point: [number, number] } | null>(null);

  useImperativeHandle(ref, () => ({
    showFeature(feature) {
      const map = mapRef.current;
      const bounds = boundsOf([feature]);
      if (!bounds) return;
      focus.current = { bounds };
      // Before the map has loaded, it opens there (see its start) instead of at its view.
      if (map) fitFeature(map, bounds, latest.current.covered ?? UNCOVERED, reducedMotion() ? 0 : 800);
    },
    show(next) {
      mapRef.current?.jumpTo(cameraOf(mapRef.current, next, latest.current.kind));
    },
    bounds() {
      const b = mapRef.current?.getBounds();
      return b ? [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()] : null;
    },
    zoom: () => mapRef.current?.getZoom() ?? 0,
    rect: () => container.current?.getBoundingClientRect() ?? null,
  }));

  useEffect(() => {
    let cancelled = false;
    let map: MapLibreMap | null = null;
    void (async () => {
      try {
        const [maplibre, base] = await Promise.all([
          loadMapLibre(),
          baseStyleUrl ? fetchBaseStyle(baseStyleUrl) : Promise.resolve(null),
        ]);
        if (cancelled || !container.current) return;
        const shown = focus.current;
        const start: MapView = shown && 'bounds' in shown ? { bounds: shown.bounds, maxZoom: FEATURE_MAX_ZOOM } : view;
        map = new maplibre.Map({
          container: container.current,
          style: parcelMapStyle({ tilesPath, kind, base }),
          ...('bounds' in start
            ? { bounds: start.bounds, fitBoundsOptions: fitOptions(start) }
            : { center: start.center, zoom: start.zoom }),
          interactive,
          attributionControl: base ? { compact: true } : false,
          maxZoom: 20,
        });
        mapRef.current = map;
        // Whether the bounds fit at a zoom with parcels is known only now that the map has its size.
        if ('closeIn' in start && start.closeIn) map.jumpTo(cameraOf(map, start, kind));
        if (interactive) map.addControl(new maplibre.NavigationControl({ showCompass: false }), 'top-right');
        const current = map;
        current.on('load', () => {
          setReady(true);
          syncData(current, latest.current);
        });
        // The outlines (the whole country's) come once the first view is drawn: parcels first.
        if (countyOutlines) {
          current.once('idle', () => {
            void loadCountyOutlines()
              .then((outlines) => current.getSource<GeoJSONSource>(SOURCES.counties)?.setData(outlines))
              .catch(() => undefined);
          });
        }
        const moved = () => {
          setTooFar(current.getZoom() < PARCEL_MIN_ZOOM[kind] - 0.01);
          const b = current.getBounds();
          latest.current.onMove?.({
            zoom: current.getZoom(),
            bounds: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()],
          });
        };
        current.on('moveend', moved);
        current.once('load', moved);
        // Checked at each frame drawn, not when the map is idle: idle waits for every tile and
        // source (and labels fading in) after the first parcels are already on screen.
        const drawn = () => {
          if (parcelsAt(current).length === 0) return;
          container.current?.setAttribute('data-parcels-drawn', 'true');
          performance.mark(PARCELS_DRAWN_MARK);
          current.off('render', drawn);
        };
        current.on('render', drawn);
        current.on('click', (event: MapMouseEvent) => {
          const [hit] = parcelsAt(current, event.point);
          const key: unknown = hit?.properties?.parcel_key;
          focus.current = { point: [event.lngLat.lng, event.lngLat.lat] };
          latest.current.onParcelClick?.(typeof key === 'string' ? key : null);
        });
        // The hand over a parcel. MapLibre's per-layer mouseenter/mouseleave would look under the
        // pointer at every move, drags too; a drag's moves pan the map and need no lookup.
        current.on('mousemove', (event: MapMouseEvent) => {
          if (!latest.current.onParcelClick || event.originalEvent.buttons !== 0) return;
          const over = parcelsAt(current, event.point).length > 0;
          current.getCanvas().style.cursor = over ? 'pointer' : '';
        });
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      map?.remove();
      mapRef.current = null;
      // The next map is not loaded yet: nothing may reach it through `ready` until its own load.
      setReady(false);
    };
    // The map is made once per tile source; later view changes go through the handle.
  }, [tilesPath, kind, baseStyleUrl, interactive]);

  useEffect(() => {
    const map = mapRef.current;
    if (map && ready) syncData(map, props);
  }, [ready, props.selection, props.chosen]);

  // A panel now covers part of the map (or covers another part): the parcel in focus moves to the
  // middle of what is left in view, where it would otherwise be hidden.
  const { top = 0, right = 0, bottom = 0, left = 0 } = props.covered ?? UNCOVERED;
  useEffect(() => {
    const map = mapRef.current;
    const shown = focus.current;
    if (!map || !ready || !shown || top + right + bottom + left === 0) return;
    const duration = reducedMotion() ? 0 : 300;
    if ('bounds' in shown) fitFeature(map, shown.bounds, { top, right, bottom, left }, duration);
    else map.easeTo({ center: shown.point, offset: [(left - right) / 2, (top - bottom) / 2], duration });
  }, [ready, top, right, bottom, left]);

  // The box tool: a drag draws a rectangle (MapLibre's own shift-drag zooms to it instead).
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ready || !props.boxTool) return;
    map.dragPan.disable();
    const canvas = map.getCanvasContainer();
    let start: { x: number; y: number } | null = null;
    const at = (event: PointerEvent) => {
      const rect = canvas.getBoundingClientRect();
      return { x: event.clientX - rect.left, y: event.clientY - rect.top };
    };
    const down = (event: PointerEvent) => {
      start = at(event);
      canvas.setPointerCapture(event.pointerId);
    };
    const move = (event: PointerEvent) => {
      if (!start) return;
      const p = at(event);
      setBox({
        left: Math.min(start.x, p.x),
        top: Math.min(start.y, p.y),
        width: Math.abs(p.x - start.x),
        height: Math.abs(p.y - start.y),
      });
    };
    // A touch the browser takes over (a scroll, a second finger) ends without pointerup: forget its start.
    const cancel = () => {
      start = null;
      setBox(null);
    };
    const up = (event: PointerEvent) => {
      if (!start) return;
      const end = at(event);
      const from = start;
      start = null;
      setBox(null);
      if (Math.abs(end.x - from.x) < 4 || Math.abs(end.y - from.y) < 4) return;
      const a = map.unproject([from.x, from.y]);
      const b = map.unproject([end.x, end.y]);
      latest.current.onBox?.([
        Math.min(a.lng, b.lng),
        Math.min(a.lat, b.lat),
        Math.max(a.lng, b.lng),
        Math.max(a.lat, b.lat),
      ]);
    };
    canvas.addEventListener('pointerdown', down);
    canvas.addEventListener('pointermove', move);
    canvas.addEventListener('pointerup', up);
    canvas.addEventListener('pointercancel', cancel);
    canvas.classList.add('parcel-map--drawing');
    return () => {
      canvas.removeEventListener('pointerdown', down);
      canvas.removeEventListener('pointermove', move);
      canvas.removeEventListener('pointerup', up);
      canvas.removeEventListener('pointercancel', cancel);
      canvas.classList.remove('parcel-map--drawing');
      map.dragPan.enable();
      setBox(null);
    };
  }, [ready, props.boxTool]);

  return (
    <div className={`parcel-map ${className ?? ''}`}>
      <div
        ref={container}
        className="parcel-map__canvas"
        role="region"
        aria-label={label}
        data-state={failed ? 'failed' : ready ? 'ready' : 'loading'}
      />
      {box && (
        <div
          className="parcel-map__box"
          style={{ left: box.left, top: box.top, width: box.width, height: box.height }}
          aria-hidden="true"
        />
      )}
      {!ready && !failed && <p className="parcel-map__note">Loading the map…</p>}
      {failed && (
        <p className="parcel-map__note" role="alert">
          The map could not be shown: this browser may not support WebGL. Search still finds parcels.
        </p>
      )}
      {ready && tooFar && interactive && (
        <p className="parcel-map__note" role="status">
          Zoom in to see parcels.
        </p>
      )}
    </div>
  );
});

/**
 * Moves to a parcel's bounds within the part of the map nothing covers, with room around it: up
 * to FEATURE_PADDING, less where that part is small (a phone's strip above a sheet).
 */
/** The parcels drawn at a point of the map, or anywhere in view without one. */
function parcelsAt(map: MapLibreMap, point?: PointLike) {
  const layers = { layers: ['parcels-fill'] };
  return point ? map.queryRenderedFeatures(point, layers) : map.queryRenderedFeatures(layers);
}

function fitFeature(map: MapLibreMap, bounds: Bounds, covered: CoveredEdges, duration: number): void {
  const { clientWidth: width, clientHeight: height } = map.getContainer();
  const room = (size: number, from: number, to: number) =>
    Math.max(0, Math.min(FEATURE_PADDING, (size - from - to) / 4));
  const x = room(width, covered.left, covered.right);
  const y = room(height, covered.top, covered.bottom);
  const padding = {
    top: covered.top + y,
    right: covered.right + x,
    bottom: covered.bottom + y,
    left: covered.left + x,
  };
  map.fitBounds(bounds, { padding, maxZoom: FEATURE_MAX_ZOOM, duration });
}

function syncData(map: MapLibreMap, props: ParcelMapProps): void {
  void map.getSource<GeoJSONSource>(SOURCES.selection)?.setData(props.selection ?? EMPTY);
  void map
    .getSource<GeoJSONSource>(SOURCES.chosen)
    ?.setData(props.chosen ? { type: 'FeatureCollection', features: [props.chosen] } : EMPTY);
}

/** How a view's bounds are fitted. An explicit `maxZoom: undefined` would replace MapLibre's default and make the zoom NaN. */
function fitOptions(view: { maxZoom?: number }) {
  return { padding: 24, ...(view.maxZoom === undefined ? {} : { maxZoom: view.maxZoom }) };
}

function cameraOf(map: MapLibreMap, view: MapView, kind: ParcelTileKind) {
  if ('center' in view) return { center: view.center, zoom: view.zoom };
  const camera = map.cameraForBounds(view.bounds, fitOptions(view));
  if (view.closeIn && (camera?.zoom ?? 0) < PARCEL_MIN_ZOOM[kind]) {
    return { center: view.closeIn.center, zoom: view.closeIn.zoom };
  }
  return camera ?? {};
}

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
