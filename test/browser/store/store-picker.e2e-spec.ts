import type { Locator, Page } from 'playwright-core';
import { browserOrigin, screenshot, useBrowser } from '../../support/browser';
import { eventually } from '../../support/eventually';
import { signInInBrowser } from '../../support/sign-in';
import { useTestApp } from '../../support/test-app';

// This file compiles without the DOM library: functions run in the page reach its globals through this.
interface PageGlobals {
  document: {
    activeElement: {
      textContent: string | null;
      closest(selector: string): { getAttribute(name: string): string | null } | null;
    } | null;
    documentElement: { scrollWidth: number; clientWidth: number; scrollHeight: number };
  };
  sessionStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  localStorage: { getItem(key: string): string | null };
  getComputedStyle(element: unknown): { overflowY: string };
}

interface CountyRow {
  id: string;
  name: string;
  state: string;
}

describe('The county picker and cart (/select-counties) in a real browser', () => {
  const context = useTestApp({ listen: true });
  const browser = useBrowser();
  let origin: string;
  let page: Page;
  let harrisTexas: CountyRow;
  let harrisGeorgia: CountyRow;

  beforeAll(async () => {
    origin = browserOrigin(await context.store.app.getUrl());
    [harrisTexas] = await context.store.db.query(
      `SELECT id, name, state FROM counties WHERE name = 'Harris' AND state = 'Texas'`,
    );
    [harrisGeorgia] = await context.store.db.query(
      `SELECT id, name, state FROM counties WHERE name = 'Harris' AND state = 'Georgia'`,
    );
    expect(harrisTexas && harrisGeorgia).toBeTruthy();
  });

  // Each test is a new visitor: its own sessionStorage (the cart) and localStorage (the visitor id).
  beforeEach(async () => {
    page = await browser.open();
    // A missing element fails its step with a message, well before the test's own timeout.
    page.setDefaultTimeout(10_000);
  });

  async function open(): Promise<void> {
    await page.goto(`${origin}/select-counties`);
    await page.getByRole('heading', { level: 1, name: 'Select Your Counties' }).waitFor();
    // The state list fills once the catalog has loaded.
    await page.getByLabel('State').locator('option[value="Texas"]').waitFor({ state: 'attached' });
  }

  const countyList = () => page.getByRole('list', { name: 'Counties', exact: true });
  const cart = () => page.getByRole('complementary', { name: 'Your Cart' });
  const cartLines = () => cart().getByRole('list', { name: 'Counties in your cart' }).getByRole('listitem');
  const toast = () => page.getByRole('region', { name: 'Notifications' });
  const planButton = (plan: 'County SnapShot' | 'County Tracker', county: CountyRow) =>
    page.getByRole('button', {
      name: `${plan} ${plan === 'County SnapShot' ? '$500' : '$1,200/year'} for ${county.name}, ${county.state}`,
    });
  const cartRow = (label: 'Subtotal' | 'Total'): Locator =>
    cart()
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd');

  async function search(text: string): Promise<void> {
    await page.getByLabel('Search counties').fill(text);
  }

  async function countMatching(sql: string, params: unknown[]): Promise<number> {
    const [row] = await context.store.db.query(`SELECT count(*)::int AS n FROM counties WHERE ${sql}`, params);
    return row.n;
  }

  it('asks for a state or a search before listing anything, under a header with the store’s links', async () => {
    await open();
    await expect(
      page.getByText('Select a state or start typing to view counties', { exact: true }).isVisible(),
    ).resolves.toBe(true);
    expect(await countyList().count()).toBe(0);

    const header = page.getByRole('banner');
    expect(await header.getByRole('link', { name: 'County Data Store' }).getAttribute('href')).toBe('/');
    expect(await header.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
      '/api/login?returnTo=%2Fselect-counties',
    );
    const schema = header.getByRole('link', { name: 'Data schema (PDF)' });
    expect(await schema.getAttribute('href')).toBe('/data-schema.pdf');
    expect(await schema.getAttribute('download')).not.toBeNull();

    // "All States" first, then every state of the catalog, alphabetical.
    const options = await page.getByLabel('State').locator('option').allTextContents();
    const states: { state: string }[] = await context.store.db.query(
      `SELECT DISTINCT state FROM counties ORDER BY state`,
    );
    expect(options[0]).toBe('All States');
    expect(options.slice(1)).toEqual(states.map((s) => s.state).sort((a, b) => a.localeCompare(b)));

    // An empty cart shows zero and $0.
    expect(await cart().getByText('0 counties').isVisible()).toBe(true);
    expect(await cartRow('Total').textContent()).toBe('$0');
    await screenshot(page, 'store-picker-prompt');
  });

  it('lists the first 100 of Texas’s 254 counties and says how many there are', async () => {
    await open();
    const texas = await countMatching(`state = 'Texas'`, []);
    expect(texas).toBe(254);
    await page.getByLabel('State').selectOption('Texas');
    await page
      .getByText('Showing first 100 of 254 counties - select a specific state or search to narrow results', {
        exact: true,
      })
      .waitFor();
    expect(await countyList().getByRole('listitem').count()).toBe(100);
    const states = await countyList().locator('.picker-row__state').allTextContents();
    expect(new Set(states)).toEqual(new Set(['Texas']));
    // The list scrolls inside its 600 px box instead of stretching the page.
    const box = await countyList().evaluate((el) => ({
      height: el.getBoundingClientRect().height,
      overflow: (globalThis as unknown as PageGlobals).getComputedStyle(el).overflowY,
    }));
    expect(box.height).toBeLessThanOrEqual(600);
    expect(box.overflow).toBe('auto');
    // ...and nothing inside it (hidden labels included) lengthens the page.
    const pageHeight = await page.evaluate(
      () => (globalThis as unknown as PageGlobals).document.documentElement.scrollHeight,
    );
    expect(pageHeight).toBeLessThan(1400);

    // A state with fewer than 100 counties lists them all, without the note.
    const delaware = await countMatching(`state = 'Delaware'`, []);
    await page.getByLabel('State').selectOption('Delaware');
    await page.getByText(`${delaware} counties found`, { exact: true }).waitFor();
    expect(await countyList().getByRole('listitem').count()).toBe(delaware);
    await screenshot(page, 'store-picker-texas');
  });

  it('searches county names and states across all states, case-insensitively', async () => {
    await open();
    const harris = await countMatching(`name ILIKE '%harris%' OR state ILIKE '%harris%'`, []);
    expect(harris).toBeGreaterThan(2);
    await search('HaRRis');
    await page.getByText(`${harris} counties found`, { exact: true }).waitFor();
    expect(await countyList().getByRole('listitem').count()).toBe(harris);
    expect(await planButton('County Tracker', harrisTexas).isVisible()).toBe(true);
    expect(await planButton('County SnapShot', harrisGeorgia).isVisible()).toBe(true);

    // Combined with a state, only that state's matches remain; one match reads "1 county found".
    await page.getByLabel('State').selectOption('Texas');
    const inTexas = await countMatching(`state = 'Texas' AND name ILIKE '%harris%'`, []);
    await page.getByText(`${inTexas} ${inTexas === 1 ? 'county' : 'counties'} found`, { exact: true }).waitFor();
    await search('harrison');
    await page.getByText('1 county found', { exact: true }).waitFor();
    expect(await countyList().getByRole('listitem').count()).toBe(1);
    expect(await countyList().textContent()).toContain('Harrison');
    await screenshot(page, 'store-picker-search');
  });

  it('says so when nothing matches', async () => {
    await open();
    await search('zzqx');
    await page.getByText('No counties found - Try adjusting your filters', { exact: true }).waitFor();
    expect(await countyList().count()).toBe(0);
    await screenshot(page, 'store-picker-no-match');
  });

  it('adds a county with the chosen plan, hides it from the list, and keeps the totals', async () => {
    await open();
    const harris = await countMatching(`name ILIKE '%harris%' OR state ILIKE '%harris%'`, []);
    await search('harris');
    await page.getByText(`${harris} counties found`, { exact: true }).waitFor();
    const states = await countyList().locator('.picker-row__state').allTextContents();
    const places = (await countyList().locator('.picker-row__name').allTextContents()).map(
      (name, i) => `${name}, ${states[i]}`,
    );
    const chosenAt = places.indexOf(`${harrisTexas.name}, ${harrisTexas.state}`);
    expect(chosenAt).toBeGreaterThanOrEqual(0);
    // The row that takes Harris, Texas's place: the next one, or the one before when it was last.
    const following = places[chosenAt + 1] ?? places[chosenAt - 1];

    await planButton('County Tracker', harrisTexas).click();
    await toast().getByText('Added to Cart', { exact: true }).waitFor();
    expect(await toast().getByText('Harris, Texas - County Tracker', { exact: true }).isVisible()).toBe(true);
    await page.getByText(`${harris - 1} counties found`, { exact: true }).waitFor();
    expect(await planButton('County Tracker', harrisTexas).count()).toBe(0);
    expect(await cart().getByText('1 county', { exact: true }).isVisible()).toBe(true);
    expect(await cartRow('Subtotal').textContent()).toBe('$1,200');
    expect(await cartRow('Total').textContent()).toBe('$1,200');
    // Focus stays in the list, on the first plan of the row that took the chosen one's place.
    expect(
      await page.evaluate(() =>
        (globalThis as unknown as PageGlobals).document.activeElement?.closest('ul')?.getAttribute('aria-label'),
      ),
    ).toBe('Counties');
    expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).document.activeElement?.textContent)).toBe(
      `County SnapShot $500 for ${following}`,
    );

    await planButton('County SnapShot', harrisGeorgia).click();
    await toast().getByText('Harris, Georgia - County SnapShot', { exact: true }).waitFor();
    await cart().getByText('2 counties', { exact: true }).waitFor();
    expect(await cartLines().count()).toBe(2);
    expect(await cartRow('Total').textContent()).toBe('$1,700');
    await screenshot(page, 'store-picker-cart-two');

    // Each line's plan is a radio group; switching it changes that line's price and the total.
    const georgiaPlan = cart().getByRole('radiogroup', { name: 'Plan for Harris, Georgia' });
    expect(await georgiaPlan.getByRole('radio', { name: 'County SnapShot' }).isChecked()).toBe(true);
    await georgiaPlan.getByRole('radio', { name: 'County Tracker' }).check();
    await eventually(async () => (await cartRow('Total').textContent()) === '$2,400');
    expect(await cartRow('Subtotal').textContent()).toBe('$2,400');
    const georgiaLine = cartLines().filter({ hasText: 'Georgia' });
    expect(await georgiaLine.textContent()).toContain('$1,200/year');
    // The radios move with the arrow keys, as a radio group should.
    await page.keyboard.press('ArrowLeft');
    await eventually(async () => (await cartRow('Total').textContent()) === '$1,700');
    expect(await georgiaPlan.getByRole('radio', { name: 'County SnapShot' }).isChecked()).toBe(true);

    // Removing brings the county back into the list.
    await cart().getByRole('button', { name: 'Remove Harris, Texas from cart' }).click();
    await cart().getByText('1 county', { exact: true }).waitFor();
    await page.getByText(`${harris - 1} counties found`, { exact: true }).waitFor();
    expect(await planButton('County Tracker', harrisTexas).isVisible()).toBe(true);
    expect(await cartRow('Total').textContent()).toBe('$500');
    await screenshot(page, 'store-picker-after-remove');

    // What the picker stored is what the spec calls a cart item.
    const stored = JSON.parse(
      (await page.evaluate(() => (globalThis as unknown as PageGlobals).sessionStorage.getItem('cart'))) ?? 'null',
    );
    expect(stored).toEqual([
      {
        countyId: harrisGeorgia.id,
        countyName: 'Harris',
        state: 'Georgia',
        purchaseType: 'one-time',
        price: 500,
      },
    ]);
  });

  it('records a cart_add journey event, with the county and plan, for each county added', async () => {
    await open();
    await search('harris');
    await planButton('County SnapShot', harrisTexas).click();
    await planButton('County Tracker', harrisGeorgia).click();
    await cart().getByText('2 counties', { exact: true }).waitFor();
    const visitorId = await page.evaluate(() =>
      (globalThis as unknown as PageGlobals).localStorage.getItem('visitorId'),
    );
    expect(visitorId).toMatch(/^[0-9a-f-]{36}$/);

    const events = await eventually(async () => {
      const rows: { metadata: Record<string, unknown> }[] = await context.store.db.query(
        `SELECT metadata FROM journey_events WHERE visitor_id = $1 AND event = 'cart_add' ORDER BY id`,
        [visitorId],
      );
      return rows.length === 2 && rows;
    });
    expect(events.map((e) => e.metadata)).toEqual([
      { countyId: harrisTexas.id, countyName: 'Harris', state: 'Texas', purchaseType: 'one-time', price: 500 },
      {
        countyId: harrisGeorgia.id,
        countyName: 'Harris',
        state: 'Georgia',
        purchaseType: 'annual',
        price: 1200,
      },
    ]);
    await screenshot(page, 'store-picker-events');
  });

  it('stays on the picker and asks for a county when proceeding with an empty cart', async () => {
    await open();
    await cart().getByRole('button', { name: 'Proceed to Checkout' }).click();
    const alert = toast().getByRole('alert');
    await alert.getByText('Cart Empty', { exact: true }).waitFor();
    expect(await alert.getByText('Please add at least one county to proceed', { exact: true }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/select-counties');
    expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).sessionStorage.getItem('cart'))).toBeNull();
    await screenshot(page, 'store-picker-cart-empty');
  });

  it('goes to /checkout with the cart in sessionStorage, as the spec’s item shape', async () => {
    await open();
    await search('harris');
    await planButton('County Tracker', harrisTexas).click();
    await planButton('County SnapShot', harrisGeorgia).click();
    await cart().getByText('2 counties', { exact: true }).waitFor();
    await cart().getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(`${origin}/checkout`);
    const stored = JSON.parse(
      (await page.evaluate(() => (globalThis as unknown as PageGlobals).sessionStorage.getItem('cart'))) ?? 'null',
    );
    expect(stored).toEqual([
      { countyId: harrisTexas.id, countyName: 'Harris', state: 'Texas', purchaseType: 'annual', price: 1200 },
      {
        countyId: harrisGeorgia.id,
        countyName: 'Harris',
        state: 'Georgia',
        purchaseType: 'one-time',
        price: 500,
      },
    ]);
    await screenshot(page, 'store-picker-to-checkout');
  });

  it('keeps the cart across a reload of the page', async () => {
    await open();
    await search('harris');
    await planButton('County Tracker', harrisTexas).click();
    await cart().getByText('1 county', { exact: true }).waitFor();
    await page.reload();
    await cart().getByText('1 county', { exact: true }).waitFor();
    expect(await cartLines().first().textContent()).toContain('Harris');
    expect(
      await cart()
        .getByRole('radiogroup', { name: 'Plan for Harris, Texas' })
        .getByRole('radio', {
          name: 'County Tracker',
        })
        .isChecked(),
    ).toBe(true);
    expect(await cartRow('Total').textContent()).toBe('$1,200');
    // Still hidden from the list after the reload.
    await page.getByLabel('State').locator('option[value="Texas"]').waitFor({ state: 'attached' });
    await search('harris');
    const harris = await countMatching(`name ILIKE '%harris%' OR state ILIKE '%harris%'`, []);
    await page.getByText(`${harris - 1} counties found`, { exact: true }).waitFor();
    expect(await planButton('County SnapShot', harrisGeorgia).isVisible()).toBe(true);
    expect(await planButton('County SnapShot', harrisTexas).count()).toBe(0);
    await screenshot(page, 'store-picker-reloaded');
  });

  it('refuses a 501st county with a destructive toast', async () => {
    const full: CountyRow[] = await context.store.db.query(
      `SELECT id, name, state FROM counties WHERE state <> 'Texas' ORDER BY fips LIMIT 500`,
    );
    await page.addInitScript(
      (items) => (globalThis as unknown as PageGlobals).sessionStorage.setItem('cart', JSON.stringify(items)),
      full.map((c) => ({
        countyId: c.id,
        countyName: c.name,
        state: c.state,
        purchaseType: 'one-time',
        price: 500,
      })),
    );
    await open();
    await cart().getByText('500 counties', { exact: true }).waitFor();
    await search('harris');
    await page.getByLabel('State').selectOption('Texas');
    await planButton('County Tracker', harrisTexas).click();
    const alert = toast().getByRole('alert');
    await alert.getByText('Cart Full', { exact: true }).waitFor();
    expect(await alert.textContent()).toContain('at most 500 counties');
    expect(await cart().getByText('500 counties', { exact: true }).isVisible()).toBe(true);
    expect(await planButton('County Tracker', harrisTexas).isVisible()).toBe(true);
    // The 400 px cart box scrolls instead of growing with 500 lines.
    const height = await cart()
      .getByRole('list', { name: 'Counties in your cart' })
      .evaluate((el) => el.getBoundingClientRect().height);
    expect(height).toBeLessThanOrEqual(400);
    await screenshot(page, 'store-picker-cart-full');
  });

  it('shows skeleton rows while the catalog loads, and an error it can retry when it fails', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let fail = true;
    await page.route('**/api/counties', async (route) => {
      if (fail) {
        await held;
        await route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' });
      } else {
        await route.continue();
      }
    });
    await page.goto(`${origin}/select-counties`);
    await page.getByRole('status').filter({ hasText: 'Loading counties' }).waitFor({ state: 'attached' });
    expect(await page.locator('.picker-row--skeleton').count()).toBe(3);
    await screenshot(page, 'store-picker-loading');
    release();

    const alert = page.getByRole('alert').filter({ hasText: 'We could not load the county list.' });
    await alert.waitFor();
    await screenshot(page, 'store-picker-load-error');
    fail = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByLabel('State').locator('option[value="Texas"]').waitFor({ state: 'attached' });
    await page.getByText('Select a state or start typing to view counties', { exact: true }).waitFor();
  });

  it('shows Dashboard and Logout links to a signed-in customer', async () => {
    await signInInBrowser(
      page,
      origin,
      { email: `picker.${Date.now()}@example.com`, firstName: 'Pia' },
      '/select-counties',
    );
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Logout' }).waitFor();
    expect(await header.getByRole('link', { name: 'Logout' }).getAttribute('href')).toBe('/api/logout');
    expect(await header.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(await header.getByRole('link', { name: 'Login' }).count()).toBe(0);
    await screenshot(page, 'store-picker-signed-in');
  });

  it('fits a 360 px phone without sideways scrolling, with the cart one tap away', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await open();
    await page.getByLabel('State').selectOption('Texas');
    await page.getByText(/^Showing first 100 of 254 counties/).waitFor();
    // A long list, so the cart is out of sight below it.
    const [first]: CountyRow[] = await context.store.db.query(
      `SELECT id, name, state FROM counties WHERE state = 'Texas' ORDER BY name LIMIT 1`,
    );
    await planButton('County Tracker', first).click();
    await cart().getByText('1 county', { exact: true }).waitFor();
    // The page is the header, the list's 600 px box, the cart and the footer: hidden labels add nothing.
    expect(
      await page.evaluate(() => (globalThis as unknown as PageGlobals).document.documentElement.scrollHeight),
    ).toBeLessThan(2600);
    const widths = await page.evaluate(() => ({
      scroll: (globalThis as unknown as PageGlobals).document.documentElement.scrollWidth,
      client: (globalThis as unknown as PageGlobals).document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    // On a phone the cart follows the list.
    const listBox = await countyList().boundingBox();
    const cartBox = await cart().boundingBox();
    expect(cartBox!.y).toBeGreaterThan(listBox!.y + listBox!.height);
    await screenshot(page, 'store-picker-phone');

    const bar = page.getByRole('button', { name: 'View cart' });
    await bar.click();
    await eventually(async () => cart().getByRole('button', { name: 'Proceed to Checkout' }).isVisible());
    await eventually(async () =>
      page.evaluate(() => (globalThis as unknown as PageGlobals).document.activeElement?.textContent === 'Your Cart'),
    );
    await bar.waitFor({ state: 'detached' });
    await screenshot(page, 'store-picker-phone-cart');
  });
});
