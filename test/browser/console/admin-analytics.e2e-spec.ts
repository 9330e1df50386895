import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import request from 'supertest';
import { JourneyRollupService } from '../../../src/modules/journey/journey-rollup.service';
import { signInToConsole } from '../../support/admin-console';
import { browserOrigin, cspRefusals, screenshot, useBrowser } from '../../support/browser';
import { eventually } from '../../support/eventually';
import { buy } from '../../support/purchase';
import { useTestApp, type TestContext } from '../../support/test-app';

const originOf = async (context: TestContext) => browserOrigin(await context.store.app.getUrl());

/** A card of the page, found by its heading. */
const cardOf = (page: Page, title: string) =>
  page.locator('.ant-card', { has: page.getByRole('heading', { name: title, level: 2 }) });
const metricOf = (page: Page, title: string) =>
  page.locator('.metric-card', { hasText: title }).locator('.metric-card-value');

/**
 * Points at a spot of a chart until its tooltip shows, moving a pixel each time as a hand would:
 * a chart ignores the pointer until its opening animation is over, and a still pointer sends no event.
 */
async function pointUntilTooltip(canvas: Locator, at: { x: number; y: number }, tooltip: Locator): Promise<void> {
  let nudge = 0;
  await eventually(async () => {
    nudge = 1 - nudge;
    await canvas.hover({ position: { x: at.x + nudge, y: at.y } });
    return tooltip.isVisible();
  });
}

/** Text as a person reads it, without the markup's line breaks and indentation. */
const squeeze = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

/** The little of a canvas the checks below use (the tests compile without the DOM library). */
interface CanvasLike {
  width: number;
  height: number;
  getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
  getBoundingClientRect(): { width: number; height: number };
}

/**
 * A chart card's canvas: its size on the page, and how many distinct colours it paints over
 * more than `minPixels` pixels (greys, white and transparency, i.e. axes, text and background,
 * do not count; colours are bucketed so anti-aliased edges do not count as their own).
 */
async function canvasPaint(
  card: Locator,
  minPixels: number,
): Promise<{ width: number; height: number; colours: number }> {
  return card.locator('canvas').evaluate((node, least) => {
    const canvas = node as unknown as CanvasLike;
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    const buckets = new Map<string, number>();
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b, a] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
      if (a < 200 || Math.max(r, g, b) - Math.min(r, g, b) < 40) continue;
      const key = [r, g, b].map((v) => v >> 4).join(',');
      buckets.set(key, (buckets.get(key) ?? 0) + 1);
    }
    const box = canvas.getBoundingClientRect();
    return { width: box.width, height: box.height, colours: [...buckets.values()].filter((n) => n > least).length };
  }, minPixels);
}

describe('The analytics page in a real browser, with journeys and paid orders of both plans', () => {
  const context = useTestApp({ listen: true });
  const browser = useBrowser();
  let origin: string;

  // Visitor 0 goes all the way to payment (and sees the landing page twice), visitor 1 stops at the
  // cart, visitor 2 leaves after the landing page, visitor 3 arrives on the county list directly.
  const JOURNEYS: [number, string][] = [
    [0, 'landing_view'],
    [0, 'landing_view'],
    [0, 'counties_view'],
    [0, 'cart_add'],
    [0, 'checkout_view'],
    [0, 'email_entered'],
    [0, 'payment_success'],
    [1, 'landing_view'],
    [1, 'counties_view'],
    [1, 'cart_add'],
    [1, 'cart_add'],
    [2, 'landing_view'],
    [3, 'counties_view'],
  ];

  beforeAll(async () => {
    origin = await originOf(context);
    const visitors = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    for (const [visitor, event] of JOURNEYS) {
      await request(context.store.server)
        .post('/api/journey-events')
        .send({ visitorId: visitors[visitor], event, metadata: {} })
        .expect(202);
    }
    // What the worker's scheduled rollup does, without waiting for its schedule.
    await context.store.app.get(JourneyRollupService).catchUp(0);

    const counties: { id: string }[] = await context.store.db.query(`SELECT id FROM counties ORDER BY fips LIMIT 3`);
    await buy(context.store.server, `analytics.${Date.now()}@example.com`, [
      { countyId: counties[0].id, purchaseType: 'one-time' },
      { countyId: counties[1].id, purchaseType: 'annual' },
      { countyId: counties[2].id, purchaseType: 'annual' },
    ]);
  });

  it('shows the heading and the four cards: revenue, active subscriptions, average value, unique visitors', async () => {
    const page = await browser.open();
    await signInToConsole(page, origin, '/admin/analytics');
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    await page.getByText('Revenue and conversion funnel metrics').waitFor();

    await metricOf(page, 'Total Revenue').waitFor();
    // $500 SnapShot + 2 × $1,200 Tracker; three subscriptions averaging $966.67.
    expect(await metricOf(page, 'Total Revenue').textContent()).toBe('$2,900');
    expect(await metricOf(page, 'Active Subscriptions').textContent()).toBe('3');
    expect(await metricOf(page, 'Avg Subscription Value').textContent()).toBe('$967');
    expect(await metricOf(page, 'Unique Visitors').textContent()).toBe('4');
  });

  it('lists each funnel step with its badge, visitors, one-decimal rate of landing visitors and a bar', async () => {
    const page = await browser.open();
    await signInToConsole(page, origin, '/admin/analytics');
    const funnel = cardOf(page, 'Conversion Funnel');
    await funnel.getByText('User journey from landing to payment').waitFor();

    const rows = funnel.getByRole('listitem');
    await rows.first().waitFor();
    const seen = [];
    for (const row of await rows.all()) {
      seen.push({
        badge: await row.locator('.ant-tag').textContent(),
        text: await row.locator('.analytics-funnel-row').textContent(),
        bar: await row.getByRole('progressbar').getAttribute('aria-valuenow'),
      });
    }
    // Three visitors saw the landing page, so one visitor is 33.3%.
    expect(seen).toEqual([
      { badge: 'Landing View', text: 'Landing View3 visitors100.0%', bar: '100' },
      { badge: 'Counties View', text: 'Counties View3 visitors100.0%', bar: '100' },
      { badge: 'Cart Add', text: 'Cart Add2 visitors66.7%', bar: '66.7' },
      { badge: 'Checkout View', text: 'Checkout View1 visitor33.3%', bar: '33.3' },
      { badge: 'Email Entered', text: 'Email Entered1 visitor33.3%', bar: '33.3' },
      { badge: 'Payment Success', text: 'Payment Success1 visitor33.3%', bar: '33.3' },
    ]);
    await funnel.getByRole('progressbar', { name: 'Cart Add rate' }).waitFor();
    await screenshot(page, 'admin-analytics');
  });

  it('draws revenue by plan as a 300 px pie of two coloured slices, with dollar tooltips and a screen-reader summary', async () => {
    const page = await browser.open();
    await signInToConsole(page, origin, '/admin/analytics');
    const pie = cardOf(page, 'Revenue by Plan Type');
    await pie.getByText('Distribution of revenue across purchase plans').waitFor();

    const summary = pie.getByRole('list', { name: 'Revenue by plan type' });
    await summary.waitFor({ state: 'attached' });
    expect((await summary.getByRole('listitem').allTextContents()).sort()).toEqual([
      'County SnapShot: $500 (17%)',
      'County Tracker: $2,400 (83%)',
    ]);

    // Two plans, two slices in two colours (waiting out the pie's opening animation).
    const paint = await eventually(async () => {
      const drawn = await canvasPaint(pie, 500);
      return drawn.colours === 2 && drawn;
    });
    expect(paint.width).toBeGreaterThan(200);
    expect(paint.height).toBe(300);
    await expect(pie.getByText('No revenue data available').count()).resolves.toBe(0);

    // The Tracker's slice fills the left of the pie; its tooltip gives the amount in dollars.
    const tooltip = pie.locator('.g2-tooltip').filter({ hasText: 'County Tracker' });
    await pointUntilTooltip(pie.locator('canvas'), { x: paint.width / 2 - 60, y: paint.height / 2 }, tooltip);
    expect(squeeze(await tooltip.textContent())).toBe('County Tracker Revenue $2,400');
  });

  it('draws the journey event counts as a 300 px column chart with the counts for screen readers', async () => {
    const page = await browser.open();
    const refused = cspRefusals(page);
    await signInToConsole(page, origin, '/admin/analytics');
    const columns = cardOf(page, 'Journey Event Counts');
    await columns.getByText('Total count of each journey event').waitFor();

    const summary = columns.getByRole('list', { name: 'Journey event counts' });
    await summary.waitFor({ state: 'attached' });
    expect(await summary.getByRole('listitem').allTextContents()).toEqual([
      'Landing View: 4',
      'Counties View: 3',
      'Cart Add: 3',
      'Checkout View: 1',
      'Email Entered: 1',
      'Payment Success: 1',
    ]);

    // All columns in one colour.
    const paint = await eventually(async () => {
      const drawn = await canvasPaint(columns, 1000);
      return drawn.colours === 1 && drawn;
    });
    expect(paint.width).toBeGreaterThan(200);
    expect(paint.height).toBe(300);

    // The axis cuts the names; the first column's tooltip gives the whole one and the count.
    const tooltip = columns.locator('.g2-tooltip').filter({ hasText: 'Landing View' });
    await pointUntilTooltip(columns.locator('canvas'), { x: paint.width * 0.2, y: paint.height - 60 }, tooltip);
    expect(squeeze(await tooltip.textContent())).toBe('Landing View Events 4');
    await screenshot(page, 'admin-analytics-charts');
    // Sign-in, dashboard and charts all work within the console's security policy.
    expect(refused).toEqual([]);
  });
});

describe('The analytics page in a real browser, before anyone has paid', () => {
  const context = useTestApp({ listen: true });
  const browser = useBrowser();
  let origin: string;

  beforeAll(async () => {
    origin = await originOf(context);
  });

  it('says "No revenue data available" instead of the pie, with $0 revenue and an empty funnel', async () => {
    const page = await browser.open();
    await signInToConsole(page, origin, '/admin/analytics');
    const pie = cardOf(page, 'Revenue by Plan Type');
    await pie.getByText('No revenue data available').waitFor();
    await expect(pie.locator('canvas').count()).resolves.toBe(0);
    expect(await metricOf(page, 'Total Revenue').textContent()).toBe('$0');
    expect(await metricOf(page, 'Avg Subscription Value').textContent()).toBe('$0');
    const landing = cardOf(page, 'Conversion Funnel').getByRole('listitem').first();
    expect(await landing.locator('.analytics-funnel-row').textContent()).toBe('Landing View0 visitors0.0%');
    await screenshot(page, 'admin-analytics-no-revenue');
  });

  it('shows three skeleton cards while the figures load', async () => {
    const page = await browser.open();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/analytics', async (route) => {
      await held;
      await route.continue();
    });
    await signInToConsole(page, origin, '/admin/analytics');
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    await page.locator('.ant-card .ant-skeleton').first().waitFor();
    expect(await page.locator('.ant-card .ant-skeleton').count()).toBe(3);
    await screenshot(page, 'admin-analytics-loading');

    release();
    await cardOf(page, 'Conversion Funnel').waitFor();
    expect(await page.locator('.ant-card .ant-skeleton').count()).toBe(0);
  });

  it("shows the server's message when the figures cannot be loaded", async () => {
    const page = await browser.open();
    await page.route('**/api/admin/analytics', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          statusCode: 503,
          message: 'Analytics are being recalculated',
          error: 'Service Unavailable',
        }),
      }),
    );
    await signInToConsole(page, origin, '/admin/analytics');
    await page.getByRole('alert').getByText('Analytics are being recalculated').waitFor();
    await expect(cardOf(page, 'Conversion Funnel').count()).resolves.toBe(0);
  });
});
