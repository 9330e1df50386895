import type { Page } from 'playwright-core';
import request from 'supertest';
import { OrderPageLinks } from '../../../src/modules/orders';
import { signInToConsole } from '../../support/admin-console';
import { browserOrigin, useBrowser } from '../../support/browser';
import { buy } from '../../support/purchase';
import { makeRelease, monthsAgo } from '../../support/releases';
import { signIn, signInInBrowser } from '../../support/sign-in';
import { useTestApp } from '../../support/test-app';
import { WebClient } from '../../support/web-client';

/** The WCAG 2.0, 2.1 and 2.2 level A and AA rules: the level the store and the console promise. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);
const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

/** One rule axe found broken, as much of it as a failure message needs. */
interface Violation {
  id: string;
  impact: string | null;
  help: string;
  elements: number;
  targets: string[];
}

/** Runs in the page (a string: this file compiles without the DOM library, and `axe` is the injected global). */
const RUN_AXE = `axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(WCAG_TAGS)} }, resultTypes: ['violations'] })
  .then((results) => results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    elements: v.nodes.length,
    targets: v.nodes.slice(0, 4).map((n) => n.target.join(' ') + (n.any[0] && n.any[0].message ? ' — ' + n.any[0].message : '')),
  })))`;

/**
 * Once the content is there, waits until nothing is loading (spinners, skeletons) and every finite
 * animation and transition has finished: a half-faded element has a colour that is neither its
 * start nor its end, so axe would measure a contrast no reader sees for long.
 */
async function settle(page: Page): Promise<void> {
  try {
    await page.waitForFunction(`(${UNSETTLED})().length === 0`);
  } catch (error) {
    const left = await page.evaluate<string[]>(`(${UNSETTLED})()`).catch(() => []);
    throw new Error(`The page did not settle: ${left.join('; ')}\n${String(error)}`);
  }
  await page.evaluate(`document.fonts.ready.then(() => true)`);
}

/** In the page: what is still loading or moving (visible spinners and skeletons, finite animations). */
const UNSETTLED = `() => {
  const loading = [...document.querySelectorAll('.ant-spin-spinning, .ant-skeleton, .skeleton, .spinner, [aria-busy="true"]')]
    .filter((element) => element.getClientRects().length > 0)
    .map((element) => 'loading: ' + element.className);
  const moving = document.getAnimations()
    .filter((a) => a.playState === 'running' && a.effect && a.effect.getComputedTiming().iterations !== Infinity)
    .map((a) => 'animating: ' + (a.animationName || a.transitionProperty || a.id) + ' on ' + (a.effect.target && a.effect.target.className));
  return [...loading, ...moving];
}`;

/** The serious and critical violations on the page as it is now, each as one line (with its first few elements). */
async function blockingViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate<boolean>(`typeof window.axe !== 'undefined'`))) {
    await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  }
  const violations = await page.evaluate<Violation[]>(RUN_AXE);
  return violations
    .filter((v) => v.impact !== null && BLOCKING.has(v.impact))
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.elements} element(s), e.g.\n    ${v.targets.join('\n    ')}` +
        (v.elements > v.targets.length ? `\n    … and ${v.elements - v.targets.length} more` : ''),
    );
}

describe('Every store and console screen passes axe-core’s WCAG A/AA rules at 1280 and 390 px', () => {
  const context = useTestApp({ listen: true });
  const browser = useBrowser();
  const db = () => context.store.db;
  const buyer = { email: `a11y.${Date.now()}@example.com`, firstName: 'Grace', lastName: 'Hopper' };
  let origin: string;
  let orderToken: string;
  let harris: { id: string; name: string };
  let cook: { id: string; name: string };
  let kent: { id: string; name: string; state: string };
  let releaseId: string;

  beforeAll(async () => {
    origin = browserOrigin(await context.store.app.getUrl());
    [harris] = await db().query(`SELECT id, name FROM counties WHERE fips = '48201'`);
    [cook] = await db().query(`SELECT id, name FROM counties WHERE fips = '17031'`);
    // Kent (Delaware) has a dataset in the seed, so its "What you get" panel has figures to show.
    [kent] = await db().query(`SELECT id, name, state FROM counties WHERE fips = '10001'`);
    // Rows for the console's tables and the customer's dashboard.
    const orderId = await buy(context.store.server, buyer.email, [
      { countyId: harris.id, purchaseType: 'one-time' },
      { countyId: cook.id, purchaseType: 'annual' },
    ]);
    orderToken = (await context.store.app.get(OrderPageLinks).forOrder(orderId)).token;
    // A published release, for the console's releases, QA and coverage pages.
    ({ releaseId } = await makeRelease(context.store.app, monthsAgo(0), [{ countyId: harris.id }]));
    // A webhook endpoint with a delivery in its log (pending: this file runs no worker), for the dashboard.
    const customer = new WebClient(origin);
    await signIn(customer, buyer);
    const api = (path: string) => request(context.store.server).post(path).set('Cookie', customer.cookieHeader());
    const endpoint = await api('/api/webhooks')
      .send({ url: 'http://127.0.0.1:9/hooks/county-data', description: 'Warehouse loader' })
      .expect(201);
    await api(`/api/webhooks/${endpoint.body.id}/test`).expect(202);
  });

  describe.each(WIDTHS)('at $viewport.width px ($name)', ({ viewport }) => {
    // One browser profile for the width: screens are visited in turn on one page, signing in when first needed.
    let page: Page;
    let signedInToStore = false;
    let signedInToConsole = false;

    beforeAll(async () => {
      // The pages' Content-Security-Policy refuses inline scripts, axe's script tag among them; the
      // policy itself is tested elsewhere (security-headers, cspRefusals), so this profile ignores it.
      page = await browser.open({ viewport, bypassCSP: true });
    });

    async function visit(path: string): Promise<void> {
      await page.goto(`${origin}${path}`);
    }

    const h1 = (name?: string | RegExp) => page.getByRole('heading', { level: 1, ...(name ? { name } : {}) });

    async function expectAccessible(): Promise<void> {
      await settle(page);
      expect(await blockingViolations(page)).toEqual([]);
    }

    async function inStore(): Promise<void> {
      if (signedInToStore) return;
      await signInInBrowser(page, origin, buyer, '/dashboard');
      signedInToStore = true;
    }

    async function inConsole(path: string): Promise<void> {
      if (!signedInToConsole) {
        await signInToConsole(page, origin, path);
        signedInToConsole = true;
      } else {
        await visit(path);
      }
    }

    describe('the store', () => {
      it('landing page', async () => {
        await visit('/');
        await h1(/Bulk Property Data/).waitFor();
        await expectAccessible();
      });

      it('county picker', async () => {
        await visit('/select-counties');
        await h1('Select Your Counties').waitFor();
        await page.getByLabel('State').locator('option[value="Delaware"]').waitFor({ state: 'attached' });
        await page.getByLabel('State').selectOption('Delaware');
        await page.getByText('3 counties found', { exact: true }).waitFor();
        await expectAccessible();
      });

      it('county details panel (“What you get”)', async () => {
        const name = `What you get: ${kent.name}, ${kent.state}`;
        await page.getByRole('button', { name, exact: true }).click();
        await page
          .getByRole('dialog', { name })
          .getByText(/^Latest release:/)
          .waitFor();
        await expectAccessible();
        await page.keyboard.press('Escape');
      });

      it('checkout with a cart', async () => {
        await visit('/privacy');
        await h1().waitFor();
        const cart = [
          { countyId: harris.id, countyName: harris.name, state: 'Texas', purchaseType: 'annual', price: 1200 },
        ];
        await page.evaluate(`sessionStorage.setItem('cart', ${JSON.stringify(JSON.stringify(cart))})`);
        await visit('/checkout');
        await page.getByRole('region', { name: 'Order Summary' }).getByText(harris.name, { exact: true }).waitFor();
        await expectAccessible();
      });

      it('checkout of one county', async () => {
        await visit(`/checkout/${harris.id}`);
        await page.getByRole('region', { name: 'Order Summary' }).getByText(harris.name, { exact: true }).waitFor();
        await expectAccessible();
      });

      it('order page from the receipt', async () => {
        await visit(`/orders/${orderToken}`);
        await h1('Your order').waitFor();
        await page.getByRole('listitem').filter({ hasText: harris.name }).first().waitFor();
        await expectAccessible();
      });

      it.each(['/privacy', '/terms', '/schema'])('%s', async (path) => {
        await visit(path);
        await h1().waitFor();
        await expectAccessible();
      });

      it('not-found page', async () => {
        await visit('/no-such-page');
        await h1('Page not found').waitFor();
        await expectAccessible();
      });

      it('dashboard, signed in', async () => {
        await inStore();
        await visit('/dashboard');
        await page.getByRole('article', { name: harris.name, exact: true }).waitFor();
        // The webhooks section with its endpoint's delivery log open.
        await page.getByRole('button', { name: /^Deliveries / }).click();
        await page
          .getByRole('region', { name: /^Deliveries to / })
          .getByRole('cell', { name: 'webhook.test' })
          .waitFor();
        await expectAccessible();
      });

      it('Browse Counties, signed in', async () => {
        await inStore();
        await visit('/counties');
        await h1('Browse Counties').waitFor();
        await expectAccessible();
      });
    });

    describe('the console', () => {
      it('login', async () => {
        await visit('/admin/login');
        await h1('Admin Login').waitFor();
        await expectAccessible();
      });

      const tables = [
        { path: '/admin/subscriptions', heading: 'Subscriptions' },
        { path: '/admin/users', heading: 'Users' },
        { path: '/admin/counties', heading: 'Counties' },
        { path: '/admin/audit-log', heading: 'Audit Log' },
      ];

      it('dashboard', async () => {
        await inConsole('/admin/dashboard');
        await h1('Dashboard').waitFor();
        await page.locator('.metric-card').first().waitFor();
        await expectAccessible();
      });

      it.each(tables)('$heading', async ({ path, heading }) => {
        await inConsole(path);
        await h1(heading).waitFor();
        await page.locator('.ant-table-row').first().waitFor();
        await expectAccessible();
      });

      it('subscriptions’ cancel dialog', async () => {
        await inConsole('/admin/subscriptions');
        // The annual subscription (County Tracker) is the one staff may cancel.
        const cancel = page.getByRole('button', { name: new RegExp(`^Cancel subscription to ${cook.name}`) });
        await cancel.click();
        await page.getByRole('dialog').getByText('This cannot be undone.', { exact: false }).waitFor();
        await expectAccessible();
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'hidden' });
      });

      it('analytics', async () => {
        await inConsole('/admin/analytics');
        await h1('Analytics').waitFor();
        await page.getByRole('heading', { name: 'Conversion Funnel' }).waitFor();
        await expectAccessible();
      });

      it('releases, a release’s QA table and coverage', async () => {
        await inConsole('/admin/releases');
        await h1('Releases').waitFor();
        await page.locator('.ant-table-row').first().waitFor();
        await expectAccessible();
        await visit(`/admin/releases/${releaseId}`);
        await h1(/^Release \d{4}-\d{2}$/).waitFor();
        await page.locator('.ant-table-row').first().waitFor();
        await expectAccessible();
        await visit('/admin/coverage');
        await h1('Coverage').waitFor();
        await page.locator('.ant-table-row').first().waitFor();
        await expectAccessible();
      });

      it('parcels: a refused search, and a parcel link that finds nothing', async () => {
        await inConsole('/admin/parcels?by=point&lat=100&lon=-75.6');
        await h1('Parcels').waitFor();
        await page.getByRole('alert').getByText('lat must be from -90 to 90').waitFor();
        await expectAccessible();
        await visit('/admin/parcels/10001NOSUCHPARCEL');
        await page.locator('.ant-drawer-open').getByRole('alert').waitFor();
        await expectAccessible();
      });

      it('background work', async () => {
        await inConsole('/admin/jobs');
        await h1('Background work').waitFor();
        await page.getByRole('button', { name: 'mail', exact: true }).waitFor();
        await expectAccessible();
      });

      it('not-found page', async () => {
        await inConsole('/admin/no-such-page');
        await page.getByText('Page not found').waitFor();
        await expectAccessible();
      });
    });
  });
});
