import type { CountyShapes } from './county-shapes';
import { type Highlights, MapRenderer } from './map-renderer';
import {
  type Box,
  between,
  CountyFinder,
  type Direction,
  fitBounds,
  homeView,
  type MapView,
  neighbourOf,
  panBy,
  toBox,
  toMap,
  zoomAt,
  zoomLevel,
} from './map-view';

export interface MapCanvasEvents {
  /** The county under the pointer, or -1; called when it changes. */
  hover(index: number): void;
  /** Where the pointer is over the box, on every move over a county (for the tooltip). */
  pointer(x: number, y: number): void;
  /** A click, tap or Enter on a county: where, in box pixels. */
  activate(index: number, x: number, y: number): void;
  /** The keyboard cursor moved to a county, or left the map (-1). */
  focus(index: number): void;
  /** The view moved (pan, zoom, resize): anything placed over the map should follow or close. */
  viewChange(zoom: number): void;
}

const CLICK_SLOP_PX = 5;
const ANIMATION_MS = 450;
const KEY_ZOOM = 1.6;

const ARROWS: Record<string, Direction> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };

interface Press {
  x: number;
  y: number;
}

/**
 * The map's drawing and gestures, outside React: a pointer move or a drag frame changes a few
 * numbers and asks for one animation frame, whatever the number of events in between.
 */
export class MapCanvas {
  private readonly renderer: MapRenderer;
  private readonly finder: CountyFinder;
  private box: Box = { width: 0, height: 0 };
  private dpr = 1;
  private view: MapView = { scale: 1, dx: 0, dy: 0 };
  private highlights: Highlights = { hover: -1, focus: -1, active: -1 };
  private frame = 0;
  private baseDirty = true;
  private animation = 0;
  private readonly presses = new Map<number, Press>();
  private pressStart: Press | null = null;
  private dragged = false;
  private remembered = -1;
  /** The mouse over the map, if it is: the county under it changes when the view moves. */
  private mouse: Press | null = null;
  private pinch: { distance: number; x: number; y: number } | null = null;
  private readonly cleanup: (() => void)[] = [];

  constructor(
    private readonly base: HTMLCanvasElement,
    private readonly overlay: HTMLCanvasElement,
    private readonly shapes: CountyShapes,
    private readonly eligible: (index: number) => boolean,
    private readonly events: MapCanvasEvents,
  ) {
    this.renderer = new MapRenderer(shapes);
    this.finder = new CountyFinder(shapes.counties);
    const on = <K extends keyof HTMLElementEventMap>(
      type: K,
      listener: (event: HTMLElementEventMap[K]) => void,
      options?: AddEventListenerOptions,
    ) => {
      overlay.addEventListener(type, listener, options);
      this.cleanup.push(() => overlay.removeEventListener(type, listener, options));
    };
    on('pointerdown', (e) => this.pointerDown(e));
    on('pointermove', (e) => this.pointerMove(e));
    on('pointerup', (e) => this.pointerUp(e));
    on('pointercancel', (e) => this.pointerEnd(e));
    on('pointerleave', (e) => {
      if (e.pointerType !== 'mouse') return;
      this.mouse = null;
      if (!this.presses.size) this.setHover(-1);
    });
    // Not passive: the wheel zooms the map instead of scrolling the page.
    on('wheel', (e) => this.wheel(e), { passive: false });
    on('keydown', (e) => this.keyDown(e));
    // A click focuses the canvas too: the cursor is for keyboard visitors only.
    on('focus', () => overlay.matches(':focus-visible') && this.focusCursor());
    on('blur', () => {
      // Back from the plan chooser, the cursor is where it was.
      this.remembered = this.highlights.focus;
      this.setFocus(-1);
    });
  }

  destroy(): void {
    this.cleanup.forEach((undo) => undo());
    cancelAnimationFrame(this.frame);
    cancelAnimationFrame(this.animation);
  }

  // ------------------------------------------------------------------ state the page sets

  resize(width: number, height: number, dpr: number): void {
    const previous = this.box;
    this.box = { width, height };
    this.dpr = dpr;
    for (const canvas of [this.base, this.overlay]) {
      canvas.width = Math.max(1, Math.round(width * dpr));
      canvas.height = Math.max(1, Math.round(height * dpr));
    }
    // The same part of the map stays in view, at the new size.
    const k = previous.width ? width / previous.width : 0;
    this.setView(k ? { scale: this.view.scale * k, dx: this.view.dx * k, dy: this.view.dy * k } : homeView(this.box));
  }

  setShades(shades: Uint8Array): void {
    this.renderer.setShades(shades);
    this.invalidate(true);
  }

  setOutline(arcs: readonly number[] | null): void {
    this.renderer.setOutline(arcs);
    this.invalidate(true);
  }

  setActive(index: number): void {
    this.highlights = { ...this.highlights, active: index };
    this.invalidate(false);
  }

  /** Shows the bounds (map pixels), or the whole country; animated unless asked not to. */
  fit(bounds: readonly number[] | null, animate: boolean): void {
    const target = bounds ? fitBounds(this.box, bounds) : homeView(this.box);
    if (animate) this.animateTo(target);
    else this.setView(target);
  }

  zoomBy(factor: number): void {
    this.stopAnimation();
    this.setView(zoomAt(this.box, this.view, factor, this.box.width / 2, this.box.height / 2));
  }

  get zoom(): number {
    return zoomLevel(this.box, this.view);
  }

  /** Where a county's anchor is drawn, in box pixels. */
  anchorOf(index: number): [number, number] {
    const [x, y] = this.shapes.counties[index].anchor;
    return toBox(this.view, x, y);
  }

  // ------------------------------------------------------------------ drawing

  private setView(view: MapView): void {
    this.view = view;
    this.invalidate(true);
    this.events.viewChange(this.zoom);
    if (this.mouse && !this.presses.size) this.hoverAt(this.mouse.x, this.mouse.y);
  }

  private hoverAt(x: number, y: number): void {
    const index = this.countyAt(x, y);
    this.setHover(index);
    if (index >= 0) this.events.pointer(x, y);
  }

  private invalidate(base: boolean): void {
    this.baseDirty ||= base;
    if (!this.frame) this.frame = requestAnimationFrame(() => this.draw());
  }

  private draw(): void {
    this.frame = 0;
    if (!this.box.width) return;
    if (this.baseDirty) this.renderer.drawBase(this.base, this.view, this.dpr, this.zoom);
    this.baseDirty = false;
    this.renderer.drawOverlay(this.overlay, this.view, this.dpr, this.highlights);
  }

  private animateTo(target: MapView): void {
    this.stopAnimation();
    const from = this.view;
    if (matchMedia('(prefers-reduced-motion: reduce)').matches) return this.setView(target);
    const start = performance.now();
    const step = (now: number) => {
      const t = Math.min(1, (now - start) / ANIMATION_MS);
      const eased = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
      this.setView(t === 1 ? target : between(this.box, from, target, eased));
      this.animation = t === 1 ? 0 : requestAnimationFrame(step);
    };
    this.animation = requestAnimationFrame(step);
  }

  private stopAnimation(): void {
    cancelAnimationFrame(this.animation);
    this.animation = 0;
  }

  // ------------------------------------------------------------------ pointer and wheel

  private countyAt(x: number, y: number): number {
    const [mx, my] = toMap(this.view, x, y);
    const index = this.finder.at(mx, my);
    return index >= 0 && this.eligible(index) ? index : -1;
  }

  private setHover(index: number): void {
    if (index === this.highlights.hover) return;
    this.highlights = { ...this.highlights, hover: index };
    this.invalidate(false);
    this.events.hover(index);
  }

  private setFocus(index: number): void {
    if (index === this.highlights.focus) return;
    this.highlights = { ...this.highlights, focus: index };
    this.invalidate(false);
    this.events.focus(index);
  }

  private pointerDown(event: PointerEvent): void {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    this.stopAnimation();
    this.overlay.setPointerCapture(event.pointerId);
    this.presses.set(event.pointerId, { x: event.offsetX, y: event.offsetY });
    if (this.presses.size === 1) {
      this.pressStart = { x: event.offsetX, y: event.offsetY };
      this.dragged = false;
    } else {
      // A second finger: a pinch, never a tap.
      this.dragged = true;
      this.pinch = this.pinchOf();
    }
  }

  private pinchOf(): { distance: number; x: number; y: number } {
    const [a, b] = [...this.presses.values()];
    return { distance: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  }

  private pointerMove(event: PointerEvent): void {
    const x = event.offsetX;
    const y = event.offsetY;
    const press = this.presses.get(event.pointerId);
    if (event.pointerType === 'mouse') this.mouse = { x, y };
    if (!press) {
      if (event.pointerType === 'mouse') this.hoverAt(x, y);
      return;
    }
    if (this.presses.size >= 2 && this.pinch) {
      this.presses.set(event.pointerId, { x, y });
      const next = this.pinchOf();
      const zoomed = zoomAt(this.box, this.view, next.distance / (this.pinch.distance || 1), next.x, next.y);
      this.setView(panBy(this.box, zoomed, next.x - this.pinch.x, next.y - this.pinch.y));
      this.pinch = next;
      return;
    }
    const start = this.pressStart!;
    if (!this.dragged && Math.hypot(x - start.x, y - start.y) < CLICK_SLOP_PX) return;
    if (!this.dragged) {
      this.dragged = true;
      this.setHover(-1);
    }
    this.setView(panBy(this.box, this.view, x - press.x, y - press.y));
    this.presses.set(event.pointerId, { x, y });
  }

  private pointerUp(event: PointerEvent): void {
    const tap = this.presses.size === 1 && !this.dragged && this.presses.has(event.pointerId);
    this.pointerEnd(event);
    if (!tap) return;
    const index = this.countyAt(event.offsetX, event.offsetY);
    if (index >= 0) this.events.activate(index, event.offsetX, event.offsetY);
  }

  private pointerEnd(event: PointerEvent): void {
    this.presses.delete(event.pointerId);
    if (this.presses.size < 2) this.pinch = null;
    if (this.presses.size === 1) {
      // The finger left on the map goes on panning from where it is.
      const [rest] = this.presses.values();
      this.pressStart = { ...rest };
    }
  }

  private wheel(event: WheelEvent): void {
    event.preventDefault();
    this.stopAnimation();
    const perLine = event.deltaMode === 1 ? 40 : event.deltaMode === 2 ? 800 : 1;
    const factor = Math.exp(-event.deltaY * perLine * 0.002);
    this.setView(zoomAt(this.box, this.view, factor, event.offsetX, event.offsetY));
  }

  // ------------------------------------------------------------------ keyboard

  /** The keyboard cursor starts on the county nearest the middle of what is shown. */
  private focusCursor(): void {
    if (this.highlights.focus >= 0) return;
    if (this.remembered >= 0 && this.eligible(this.remembered)) return this.setFocus(this.remembered);
    const [cx, cy] = toMap(this.view, this.box.width / 2, this.box.height / 2);
    let best = -1;
    let bestDistance = Infinity;
    this.shapes.counties.forEach((county, index) => {
      if (!this.eligible(index)) return;
      const distance = Math.hypot(county.anchor[0] - cx, county.anchor[1] - cy);
      if (distance < bestDistance) [best, bestDistance] = [index, distance];
    });
    this.setFocus(best);
  }

  /** Pans just enough to bring a county's anchor into view. */
  private reveal(index: number): void {
    const [x, y] = this.anchorOf(index);
    const margin = Math.min(40, this.box.width / 4);
    const dx = x < margin ? margin - x : x > this.box.width - margin ? this.box.width - margin - x : 0;
    const dy = y < margin ? margin - y : y > this.box.height - margin ? this.box.height - margin - y : 0;
    if (dx || dy) this.setView(panBy(this.box, this.view, dx, dy));
  }

  private keyDown(event: KeyboardEvent): void {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const focus = this.highlights.focus;
    const direction = ARROWS[event.key];
    if (direction) {
      event.preventDefault();
      if (focus < 0) return this.focusCursor();
      const next = neighbourOf(this.shapes.counties, focus, direction, this.eligible);
      if (next >= 0) {
        this.setFocus(next);
        this.reveal(next);
      }
    } else if ((event.key === 'Enter' || event.key === ' ') && focus >= 0) {
      event.preventDefault();
      this.reveal(focus);
      const [x, y] = this.anchorOf(focus);
      this.events.activate(focus, x, y);
    } else if (event.key === '+' || event.key === '=') {
      event.preventDefault();
      this.zoomBy(KEY_ZOOM);
    } else if (event.key === '-' || event.key === '_') {
      event.preventDefault();
      this.zoomBy(1 / KEY_ZOOM);
    } else if (event.key === '0') {
      event.preventDefault();
      this.fit(null, true);
    }
  }
}
