import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import {
  decodeCountyShapes,
  exteriorRings,
  insideRings,
  outlineArcs,
} from '../../../web-store/src/features/county-picker/map/county-shapes';
import { browserOrigin, screenshot, useBrowser } from '../../support/browser';
import { eventually } from '../../support/eventually';
import { useTestApp } from '../../support/test-app';

// This file compiles without the DOM library: functions run in the page reach its globals through this.
interface PageGlobals {
  document: {
    querySelector(selector: string): {
      getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: number[] } };
    } | null;
  };
  devicePixelRatio: number;
  requestAnimationFrame(callback: () => void): number;
  sessionStorage: { getItem(key: string): string | null };
  localStorage: { getItem(key: string): string | null };
}

// The map's fills (web-store/src/features/county-picker/map/map-shades.ts), as the canvas holds them.
const NOT_IN_CART = [0xdc, 0xe4, 0xef];
const SNAPSHOT = [0xf2, 0xa9, 0x3b];
const TRACKER = [0x1d, 0x4e, 0xd8];

describe('The county map on the picker (/select-counties) in a real browser', () => {
  const context = useTestApp({ listen: true });
  const browser = useBrowser();
  let origin: string;
  let page: Page;

  beforeAll(async () => {
    origin = browserOrigin(await context.store.app.getUrl());
  });

  async function open(viewport: { width: number; height: number }, watch?: (page: Page) => void): Promise<void> {
    page = await browser.open({ viewport });
    page.setDefaultTimeout(10_000);
    watch?.(page);
    await page.goto(`${origin}/select-counties`);
    await page.getByLabel('State').locator('option[value="Delaware"]').waitFor({ state: 'attached' });
  }

  const map = () => page.getByRole('application', { name: 'Map of U.S. counties' });
  const tooltip = () => page.getByRole('tooltip');
  const cart = () => page.getByRole('complementary', { name: 'Your Cart' });
  const toast = () => page.getByRole('region', { name: 'Notifications' });

  interface Spot {
    /** In page pixels, for the mouse. */
    x: number;
    y: number;
    /** In the map box's own pixels, for its canvas. */
    boxX: number;
    boxY: number;
  }

  /** Lets the page handle what it was sent and paint. */
  const nextFrames = () =>
    page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          (globalThis as unknown as PageGlobals).requestAnimationFrame(() =>
            (globalThis as unknown as PageGlobals).requestAnimationFrame(() => resolve()),
          ),
        ),
    );

  /** Moves the pointer across the middle of the map; a point well inside the place the tooltip names. */
  async function spotOver(place: string): Promise<Spot> {
    const box = (await map().boundingBox())!;
    for (const row of [0.5, 0.4, 0.6]) {
      const inside: number[] = [];
      for (let column = 0.2; column <= 0.8; column += 0.015) {
        await page.mouse.move(box.x + box.width * column, box.y + box.height * row);
        // Over water no tooltip shows; over land it shows at once, or after its delay if none was showing.
        const shown = await tooltip()
          .waitFor({ timeout: 1000 })
          .then(() => true)
          .catch(() => false);
        if (!shown && inside.length) break;
        if (!shown) continue;
        await nextFrames();
        // Read without waiting: by now the tooltip may have gone again (a border's line under the pointer).
        if ((await tooltip().allTextContents()).join(' ').includes(place)) inside.push(column);
        else if (inside.length) break;
      }
      if (inside.length < 3) continue;
      // The middle of the run, away from the borders' lines.
      const spot = { boxX: box.width * inside[Math.floor(inside.length / 2)], boxY: box.height * row };
      await page.mouse.move(box.x + spot.boxX, box.y + spot.boxY);
      return { ...spot, x: box.x + spot.boxX, y: box.y + spot.boxY };
    }
    throw new Error(`no point of the map showed ${place}`);
  }

  /** The colour the map's base layer has drawn at a point of its box. */
  function fillAt(boxX: number, boxY: number): Promise<number[]> {
    return page.evaluate(
      ([x, y]) => {
        const g = globalThis as unknown as PageGlobals;
        const canvas = g.document.querySelector('.county-map__canvas:not(.county-map__canvas--overlay)')!;
        const ratio = Math.min(2, g.devicePixelRatio || 1);
        const { data } = canvas.getContext('2d').getImageData(Math.round(x * ratio), Math.round(y * ratio), 1, 1);
        return [data[0], data[1], data[2]];
      },
      [boxX, boxY],
    );
  }

  /** Waits for the map to shade the point so; says what it shows instead if it does not. */
  async function shadedAs(boxX: number, boxY: number, colour: number[]): Promise<void> {
    let seen: number[] = [];
    await eventually(async () => JSON.stringify((seen = await fillAt(boxX, boxY))) === JSON.stringify(colour)).catch(
      () => {
        throw new Error(`the map shows rgb(${seen.join(', ')}) at (${boxX}, ${boxY}), not rgb(${colour.join(', ')})`);
      },
    );
  }

  it('zooms to the chosen state, names the county under the pointer with both prices, and adds and removes it by click', async () => {
    await open({ width: 1280, height: 900 });
    await map().waitFor();
    const box = (await map().boundingBox())!;

    // The whole country: the middle of the map is the Great Plains, far from Delaware.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await tooltip().waitFor();
    expect(await tooltip().textContent()).not.toContain('Delaware');

    // Zoomed to the state, Delaware's middle county fills the middle of the map.
    await page.getByLabel('State').selectOption('Delaware');
    const at = await spotOver('Kent, Delaware');
    const tip = await tooltip().textContent();
    expect(tip).toContain('County SnapShot $500');
    expect(tip).toContain('County Tracker $1,200/year');
    await shadedAs(at.boxX, at.boxY, NOT_IN_CART);
    await screenshot(page, 'store-map-delaware-hover');

    await page.mouse.click(at.x, at.y);
    const chooser = page.getByRole('dialog', { name: 'Kent, Delaware' });
    await chooser.getByRole('button', { name: 'County Tracker $1,200/year' }).click();
    await toast().getByText('Kent, Delaware - County Tracker', { exact: true }).waitFor();
    expect(await toast().getByText('Added to Cart', { exact: true }).isVisible()).toBe(true);
    await cart().getByText('1 county', { exact: true }).waitFor();
    expect(await cart().getByRole('listitem').textContent()).toContain('Kent');
    await shadedAs(at.boxX, at.boxY, TRACKER);
    expect(await chooser.count()).toBe(0);
    await screenshot(page, 'store-map-added');

    // The cart_add event is the list's: the county and its plan.
    const visitorId = await page.evaluate(() =>
      (globalThis as unknown as PageGlobals).localStorage.getItem('visitorId'),
    );
    const [event] = await eventually(async () => {
      const rows: { metadata: Record<string, unknown> }[] = await context.store.db.query(
        `SELECT metadata FROM journey_events WHERE visitor_id = $1 AND event = 'cart_add'`,
        [visitorId],
      );
      return rows.length > 0 && rows;
    });
    expect(event.metadata).toMatchObject({
      countyName: 'Kent',
      state: 'Delaware',
      purchaseType: 'annual',
      price: 1200,
    });

    // Clicked again, a county in the cart offers the other plan and removal.
    await page.mouse.click(at.x, at.y);
    await chooser.getByText('In your cart: County Tracker ($1,200/year)').waitFor();
    await chooser.getByRole('button', { name: 'Switch to County SnapShot ($500)' }).click();
    await shadedAs(at.boxX, at.boxY, SNAPSHOT);
    expect(await cart().getByRole('radio', { name: 'County SnapShot' }).isChecked()).toBe(true);
    await chooser.getByRole('button', { name: 'Remove from cart' }).click();
    await cart().getByText('0 counties', { exact: true }).waitFor();
    await shadedAs(at.boxX, at.boxY, NOT_IN_CART);
    await screenshot(page, 'store-map-removed');
  });

  it('adds every Delaware county not yet in the cart with the chosen plan', async () => {
    await open({ width: 1280, height: 900 });
    await page.getByLabel('State').selectOption('Delaware');
    await page.getByLabel('Plan for each').selectOption('one-time');
    await page.getByRole('button', { name: 'Add all counties in Delaware' }).click();
    await toast().getByText('3 counties in Delaware - County SnapShot', { exact: true }).waitFor();
    await cart().getByText('3 counties', { exact: true }).waitFor();
    const stored: { state: string; purchaseType: string; price: number }[] = JSON.parse(
      (await page.evaluate(() => (globalThis as unknown as PageGlobals).sessionStorage.getItem('cart'))) ?? '[]',
    );
    expect(stored.map((item) => item.state)).toEqual(['Delaware', 'Delaware', 'Delaware']);
    expect(new Set(stored.map((item) => `${item.purchaseType} ${item.price}`))).toEqual(new Set(['one-time 500']));
    expect(await page.getByText('Every county in Delaware is in your cart.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add all counties in Delaware' }).isDisabled()).toBe(true);
    // The map, loaded once the page was idle, shades them too.
    await map().waitFor();
    const kent = await spotOver('Kent, Delaware');
    await shadedAs(kent.boxX, kent.boxY, SNAPSHOT);
    await screenshot(page, 'store-map-add-all-delaware');
  });

  it('leaves the map out of a phone’s page until "Show map" is pressed', async () => {
    const mapFiles: string[] = [];
    await open({ width: 390, height: 844 }, (tab) =>
      tab.on('request', (request) => {
        if (/\/assets\/(county-map|county-shapes)-/.test(request.url())) mapFiles.push(request.url());
      }),
    );
    await page.waitForLoadState('networkidle');
    // Well past the moment a wide screen would have fetched it.
    await page.waitForTimeout(1500);
    expect(mapFiles).toEqual([]);
    expect(await map().count()).toBe(0);

    await page.getByRole('button', { name: 'Show map' }).click();
    await map().waitFor();
    expect(mapFiles.some((url) => url.includes('county-shapes-'))).toBe(true);
    expect(mapFiles.some((url) => url.includes('county-map-') && url.endsWith('.js'))).toBe(true);
    await page.getByRole('button', { name: 'Hide map' }).waitFor();
    await screenshot(page, 'store-map-phone');
  });
});

describe('The map’s county shapes, as the web-store build writes them', () => {
  interface Topology {
    transform: { scale: [number, number]; translate: [number, number] };
    arcs: [number, number][][];
    objects: { counties: { geometries: { id: string; type: string; arcs: number[][] | number[][][] }[] } };
  }

  /** Each county's rings straight from us-atlas's TopoJSON, in map pixels. */
  function atlasCounties(): Map<string, number[][][]> {
    const atlas = JSON.parse(readFileSync(require.resolve('us-atlas/counties-albers-10m.json'), 'utf8')) as Topology;
    const { scale, translate } = atlas.transform;
    const arcs = atlas.arcs.map((arc) => {
      let [x, y] = [0, 0];
      return arc.map(([dx, dy]) => {
        [x, y] = [x + dx, y + dy];
        return [x * scale[0] + translate[0], y * scale[1] + translate[1]];
      });
    });
    const ring = (refs: number[]) =>
      refs.flatMap((ref, i) => {
        const points = ref < 0 ? [...arcs[~ref]].reverse() : arcs[ref];
        return i === 0 ? points : points.slice(1);
      });
    return new Map(
      atlas.objects.counties.geometries.map((g) => {
        const polygons = (g.type === 'Polygon' ? [g.arcs] : g.arcs) as number[][][];
        return [g.id, polygons.flatMap((rings) => rings.map(ring))];
      }),
    );
  }

  const signedArea = (points: number[][]) =>
    points.reduce((sum, [x0, y0], i) => {
      const [x1, y1] = points[(i + 1) % points.length];
      return sum + (x0 * y1 - x1 * y0) / 2;
    }, 0);
  const perimeter = (points: number[][]) =>
    points.reduce((sum, [x0, y0], i) => {
      const [x1, y1] = points[(i + 1) % points.length];
      return sum + Math.hypot(x1 - x0, y1 - y0);
    }, 0);
  const pairs = (ring: Float32Array) =>
    Array.from({ length: ring.length / 2 }, (_, i) => [ring[2 * i], ring[2 * i + 1]]);

  it('hold every county of us-atlas in its place and size, well within 200 KB gzipped', () => {
    const dir = mkdtempSync(join(tmpdir(), 'county-map-'));
    try {
      const file = join(dir, 'county-shapes.bin');
      execFileSync(process.execPath, [join(__dirname, '..', '..', '..', 'scripts', 'build-county-map.mjs'), file]);
      const bytes = readFileSync(file);
      expect(gzipSync(bytes, { level: 9 }).length).toBeLessThan(150 * 1024);

      const shapes = decodeCountyShapes(new Uint8Array(bytes));
      const atlas = atlasCounties();
      expect(shapes.counties.map((c) => c.fips).sort()).toEqual([...atlas.keys()].sort());
      for (const county of shapes.counties) {
        const source = atlas.get(county.fips)!;
        const area = source.reduce((sum, ring) => sum + signedArea(ring), 0);
        const decoded = county.rings.reduce((sum, ring) => sum + signedArea(pairs(ring)), 0);
        // Each point moves at most half a grid cell (1/16 px) each way.
        const tolerance = source.reduce((sum, ring) => sum + perimeter(ring), 0) / 16 + 0.01;
        expect({ fips: county.fips, off: Math.abs(decoded - area) <= tolerance }).toEqual({
          fips: county.fips,
          off: true,
        });
        const xs = source.flat().map(([x]) => x);
        expect(Math.abs(county.bbox[0] - Math.min(...xs))).toBeLessThan(0.1);
        // A few independent cities are mere slivers at this scale, with no inside to point at.
        if (Math.abs(area) > 0.05) expect(insideRings(county.rings, ...county.anchor)).toBe(true);
      }

      // The country's outline, which the map fills at once, closes on itself and covers every county.
      const country = exteriorRings(shapes);
      for (const ring of country) expect([ring[0], ring[1]]).toEqual([ring[ring.length - 2], ring[ring.length - 1]]);
      const uncovered = shapes.counties.filter(
        (county) => insideRings(county.rings, ...county.anchor) && !insideRings(country, ...county.anchor),
      );
      expect(uncovered.map((county) => county.fips)).toEqual([]);
      expect(insideRings(country, 5, 5)).toBe(false);

      // Delaware's outline: the arcs of its three counties that no other Delaware county shares.
      const delaware = (c: { stateFips: string }) => c.stateFips === '10';
      const outline = new Set(outlineArcs(shapes, delaware));
      const inner = shapes.arcCounties.filter(
        (owners) => owners.length === 2 && owners.every((i) => delaware(shapes.counties[i])),
      );
      expect(inner.length).toBeGreaterThan(0);
      expect(outline.size).toBeGreaterThan(0);
      shapes.arcCounties.forEach((owners, arc) => {
        if (outline.has(arc)) expect(owners.filter((i) => delaware(shapes.counties[i]))).toHaveLength(1);
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
