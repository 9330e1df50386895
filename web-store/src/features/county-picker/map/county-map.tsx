import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { planFor, PurchaseType } from '@contracts/plans';
import { Button } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/close-icon';
import type { CartItem } from '@/lib/cart';
import type { County } from '@/lib/counties';
import { PLAN_OFFERS, planPrice } from '@/lib/plan-offers';
import type { PickerCounty } from '../county-filter';
import { ALL_STATES } from '../county-filter';
import { boundsOf, type CountyShapes, MAP_HEIGHT, MAP_WIDTH, outlineArcs } from './county-shapes';
import { MapCanvas } from './map-canvas';
import { MAP_HELP_ID, Shade } from './map-shades';
import { MAX_ZOOM } from './map-view';
import './county-map.css';

export { decodeCountyShapes } from './county-shapes';

export interface CountyMapProps {
  /** The catalog: a county of the map that is not in it is not on sale. */
  counties: readonly County[];
  /** The catalog's counties of the chosen state; none while the list shows all states. */
  stateCounties: readonly County[];
  items: readonly CartItem[];
  /** The list's state filter: the map shows that state. */
  state: string;
  onChoose: (county: PickerCounty, purchaseType: PurchaseType) => boolean;
  onSetPlan: (countyId: string, purchaseType: PurchaseType) => void;
  onRemove: (countyId: string) => void;
}

/** docs/store-spec.md §9: a tooltip opens after 700 ms; once one is showing, the next opens at once (as the UI kit's tooltips do). */
const TOOLTIP_DELAY_MS = 700;
const TOOLTIP_SKIP_MS = 300;
const TOOLTIP_GAP_PX = 14;
const BUTTON_ZOOM = 2;

interface Chooser {
  index: number;
  x: number;
  y: number;
}

interface Tip {
  index: number;
  /** Under the pointer, or on the keyboard cursor. */
  by: 'pointer' | 'keyboard';
}

const otherPlan = (type: PurchaseType): PurchaseType => (type === 'annual' ? 'one-time' : 'annual');

function PlanChooser({
  county,
  plan,
  style,
  onChoose,
  onSetPlan,
  onRemove,
  onClose,
  onDismiss,
}: {
  county: County;
  plan: PurchaseType | undefined;
  style: React.CSSProperties;
  onChoose: (type: PurchaseType) => void;
  onSetPlan: (type: PurchaseType) => void;
  onRemove: () => void;
  /** Escape or the close button: focus goes back to the map. */
  onClose: () => void;
  /** A press elsewhere: focus goes where the press was. */
  onDismiss: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const place = `${county.name}, ${county.state}`;

  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('button:not(.county-map__close)')?.focus();
    const outside = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) onDismiss();
    };
    // Registered after the click that opened it has finished.
    const timer = setTimeout(() => document.addEventListener('pointerdown', outside));
    return () => {
      clearTimeout(timer);
      document.removeEventListener('pointerdown', outside);
    };
  }, [county.id, onDismiss]);

  return (
    <div
      ref={ref}
      className="county-map__chooser"
      role="dialog"
      aria-label={place}
      style={style}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="county-map__chooser-head">
        <p className="county-map__chooser-title">
          {county.name}
          <span className="county-map__chooser-state">{county.state}</span>
        </p>
        <Button variant="ghost" size="icon" className="county-map__close" aria-label="Close" onClick={onClose}>
          <CloseIcon size={16} />
        </Button>
      </div>
      {plan ? (
        <>
          <p className="county-map__chooser-note">
            In your cart: {planFor(plan).name} ({planPrice(plan)})
          </p>
          <Button variant="outline" size="sm" onClick={() => onSetPlan(otherPlan(plan))}>
            Switch to {planFor(otherPlan(plan)).name} ({planPrice(otherPlan(plan))})
          </Button>
          <Button variant="destructive" size="sm" onClick={onRemove}>
            Remove from cart
          </Button>
        </>
      ) : (
        <>
          <p className="county-map__chooser-note">Choose a plan to add it to your cart.</p>
          {PLAN_OFFERS.map(({ plan: offered, price, variant }) => (
            <Button
              key={offered.type}
              variant={variant}
              size="sm"
              className="county-map__plan"
              onClick={() => onChoose(offered.type)}
            >
              <span>{offered.name}</span> <span className="county-map__plan-price">{price}</span>
            </Button>
          ))}
        </>
      )}
    </div>
  );
}

function TipContent({ county, plan }: { county: County; plan: PurchaseType | undefined }) {
  return (
    <>
      <p className="county-map__tip-name">
        {county.name}, {county.state}
      </p>
      {PLAN_OFFERS.map(({ plan: offered, price }) => (
        <p key={offered.type}>
          {offered.name} {price}
        </p>
      ))}
      {plan && <p className="county-map__tip-cart">In your cart: {planFor(plan).name}</p>}
    </>
  );
}

/**
 * The counties on a canvas beside the list: shaded by what the cart holds, a tooltip on hover
 * or keyboard focus, a plan chooser on click or Enter. The list stays the complete accessible way.
 */
export const CountyMap = memo(function CountyMap({
  shapes,
  counties,
  stateCounties,
  items,
  state,
  onChoose,
  onSetPlan,
  onRemove,
}: CountyMapProps & { shapes: CountyShapes }) {
  const frameRef = useRef<HTMLDivElement>(null);
  const baseRef = useRef<HTMLCanvasElement>(null);
  const overlayRef = useRef<HTMLCanvasElement>(null);
  const tipRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<MapCanvas | null>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [zoom, setZoom] = useState({ zoomedIn: false, atMost: false });
  const [tip, setTip] = useState<Tip | null>(null);
  const [chooser, setChooser] = useState<Chooser | null>(null);
  const [cursor, setCursor] = useState(-1);

  // Each map county's catalog entry; none for a county no longer on sale.
  const onSale = useMemo(() => {
    const byFips = new Map(counties.map((county) => [county.fips, county]));
    return shapes.counties.map(({ fips }) => byFips.get(fips));
  }, [shapes, counties]);
  const onSaleRef = useRef(onSale);
  onSaleRef.current = onSale;

  const plans = useMemo(() => new Map(items.map((item) => [item.countyId, item.purchaseType])), [items]);
  const planOf = (index: number) => {
    const county = onSale[index];
    return county ? plans.get(county.id) : undefined;
  };

  // ---- the tooltip: its text by React, its place by the pointer handler (no render per move)
  const tipTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const tipShown = useRef(false);
  const tipHiddenAt = useRef(0);
  const placeTip = useCallback((x: number, y: number) => {
    const element = tipRef.current;
    const frame = frameRef.current;
    if (!element || !frame) return;
    const [width, height] = [element.offsetWidth, element.offsetHeight];
    const [boxWidth, boxHeight] = [frame.clientWidth, frame.clientHeight];
    // A keyboard cursor's county can be panned out of sight: its tooltip goes with it.
    element.style.visibility = x < 0 || y < 0 || x > boxWidth || y > boxHeight ? 'hidden' : '';
    const right = x + TOOLTIP_GAP_PX;
    const left = right + width > boxWidth ? x - TOOLTIP_GAP_PX - width : right;
    const top = y + TOOLTIP_GAP_PX;
    element.style.transform = `translate(${Math.min(Math.max(0, left), Math.max(0, boxWidth - width))}px, ${Math.min(
      Math.max(0, top),
      Math.max(0, boxHeight - height),
    )}px)`;
  }, []);
  const tipNow = useRef<Tip | null>(null);
  tipNow.current = tip;
  const lastPointer = useRef<[number, number]>([0, 0]);

  useEffect(() => {
    const base = baseRef.current!;
    const overlay = overlayRef.current!;
    const frame = frameRef.current!;
    const map = new MapCanvas(base, overlay, shapes, (index) => onSaleRef.current[index] !== undefined, {
      hover(index) {
        clearTimeout(tipTimer.current);
        if (index < 0) {
          if (tipShown.current) tipHiddenAt.current = performance.now();
          tipShown.current = false;
          setTip((current) => (current?.by === 'pointer' ? null : current));
          return;
        }
        const show = () => {
          tipShown.current = true;
          setTip({ index, by: 'pointer' });
        };
        if (tipShown.current || performance.now() - tipHiddenAt.current < TOOLTIP_SKIP_MS) show();
        else tipTimer.current = setTimeout(show, TOOLTIP_DELAY_MS);
      },
      pointer(x, y) {
        lastPointer.current = [x, y];
        placeTip(x, y);
      },
      activate(index, x, y) {
        clearTimeout(tipTimer.current);
        tipShown.current = false;
        setTip(null);
        setChooser({ index, x, y });
      },
      focus(index) {
        setCursor(index);
        setTip(index >= 0 ? { index, by: 'keyboard' } : null);
      },
      viewChange(level) {
        const shown = tipNow.current;
        if (shown?.by === 'keyboard') placeTip(...map.anchorOf(shown.index));
        const zoomedIn = level > 1.001;
        const atMost = level >= MAX_ZOOM * 0.999;
        // The same state object while nothing changes, so a pan frame renders nothing in React.
        setZoom((current) =>
          current.zoomedIn === zoomedIn && current.atMost === atMost ? current : { zoomedIn, atMost },
        );
        setChooser(null);
      },
    });
    canvasRef.current = map;
    const observer = new ResizeObserver(() => {
      const width = frame.clientWidth;
      const height = Math.round((width * MAP_HEIGHT) / MAP_WIDTH);
      if (!width) return;
      map.resize(width, height, Math.min(2, window.devicePixelRatio || 1));
      setSize({ width, height });
    });
    observer.observe(frame);
    return () => {
      observer.disconnect();
      map.destroy();
      clearTimeout(tipTimer.current);
      canvasRef.current = null;
    };
  }, [shapes, placeTip]);

  // ---- shading by the cart and the catalog
  useEffect(() => {
    const shades = new Uint8Array(shapes.counties.length);
    onSale.forEach((county, index) => {
      if (!county) shades[index] = Shade.Unavailable;
      else {
        const plan = plans.get(county.id);
        if (plan) shades[index] = plan === 'annual' ? Shade.Annual : Shade.OneTime;
      }
    });
    canvasRef.current?.setShades(shades);
  }, [shapes, onSale, plans]);

  // ---- the state filter: zoom to the state (animated once the map has shown something) and outline it
  const stateFips = useMemo(() => {
    if (state === ALL_STATES) return null;
    return new Set(stateCounties.map((county) => county.fips.slice(0, 2)));
  }, [stateCounties, state]);
  const stateOnMap = useMemo(
    () => (stateFips ? shapes.counties.filter((county) => stateFips.has(county.stateFips)) : []),
    [shapes, stateFips],
  );
  const shownOnce = useRef(false);
  // A resize keeps the view the visitor made; only a new filter (or the first size) refits.
  const sized = size.width > 0;
  useEffect(() => {
    const map = canvasRef.current;
    if (!map || !sized) return;
    map.setOutline(stateOnMap.length ? outlineArcs(shapes, (county) => stateFips!.has(county.stateFips)) : null);
    map.fit(boundsOf(stateOnMap), shownOnce.current);
    shownOnce.current = true;
  }, [shapes, stateOnMap, stateFips, sized]);

  // The keyboard tooltip sits on its county, and follows it when the view moves.
  useLayoutEffect(() => {
    if (tip?.by === 'keyboard' && canvasRef.current) {
      const [x, y] = canvasRef.current.anchorOf(tip.index);
      placeTip(x, y);
    } else if (tip?.by === 'pointer') placeTip(...lastPointer.current);
  }, [tip, placeTip]);

  const closeChooser = useCallback(() => {
    setChooser(null);
    overlayRef.current?.focus({ preventScroll: true });
  }, []);
  const dismissChooser = useCallback(() => setChooser(null), []);
  // The canvas outlines the county whose chooser is open, however the chooser opened or closed.
  useEffect(() => {
    canvasRef.current?.setActive(chooser ? chooser.index : -1);
  }, [chooser]);

  const chosen = chooser ? onSale[chooser.index] : undefined;
  const tipCounty = tip ? onSale[tip.index] : undefined;
  const cursorCounty = cursor >= 0 ? onSale[cursor] : undefined;

  let chooserStyle: React.CSSProperties = {};
  if (chooser) {
    const width = Math.min(256, size.width - 16);
    const left = Math.min(Math.max(8, chooser.x - width / 2), size.width - width - 8);
    chooserStyle =
      chooser.y > size.height / 2
        ? { left, width, bottom: size.height - chooser.y + 10 }
        : { left, width, top: chooser.y + 10 };
  }

  return (
    <div className="county-map">
      <div className="county-map__frame" ref={frameRef}>
        <canvas ref={baseRef} className="county-map__canvas" aria-hidden="true" />
        <canvas
          ref={overlayRef}
          className="county-map__canvas county-map__canvas--overlay"
          tabIndex={0}
          role="application"
          aria-roledescription="map"
          aria-label="Map of U.S. counties"
          aria-describedby={MAP_HELP_ID}
        />
        <div className="county-map__tools">
          <Button
            variant="outline"
            size="icon"
            aria-label="Zoom in"
            disabled={zoom.atMost}
            onClick={() => canvasRef.current?.zoomBy(BUTTON_ZOOM)}
          >
            +
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label="Zoom out"
            disabled={!zoom.zoomedIn}
            onClick={() => canvasRef.current?.zoomBy(1 / BUTTON_ZOOM)}
          >
            −
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={!zoom.zoomedIn}
            onClick={() => canvasRef.current?.fit(null, true)}
          >
            Reset view
          </Button>
        </div>
        <div ref={tipRef} className="county-map__tip" role="tooltip" hidden={!tipCounty || chooser !== null}>
          {tipCounty && <TipContent county={tipCounty} plan={planOf(tip!.index)} />}
        </div>
        {chooser && chosen && (
          <PlanChooser
            county={chosen}
            plan={planOf(chooser.index)}
            style={chooserStyle}
            onChoose={(type) => {
              onChoose(chosen, type);
              closeChooser();
            }}
            onSetPlan={(type) => onSetPlan(chosen.id, type)}
            onRemove={() => {
              onRemove(chosen.id);
              closeChooser();
            }}
            onClose={closeChooser}
            onDismiss={dismissChooser}
          />
        )}
        {stateFips && stateOnMap.length === 0 && (
          <p className="county-map__note" role="status">
            {state} is not on this map; its counties are in the list.
          </p>
        )}
      </div>
      <p className="visually-hidden" role="status">
        {cursorCounty
          ? `${cursorCounty.name}, ${cursorCounty.state}${planOf(cursor) ? `, in your cart with ${planFor(planOf(cursor)!).name}` : ''}`
          : ''}
      </p>
    </div>
  );
});
