import type { Locator, Page } from 'playwright-core';
import { signInToConsole } from '../../support/admin-console';
import { browserOrigin, screenshot, useBrowser } from '../../support/browser';
import { buy } from '../../support/purchase';
import { useTestApp } from '../../support/test-app';

// This file compiles without the DOM library: functions run in the page reach its globals through this.
interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}
interface PageElement {
  getBoundingClientRect(): Box;
  contains(other: PageElement | null): boolean;
  scrollWidth: number;
  clientWidth: number;
  textContent: string | null;
}
interface PageGlobals {
  document: {
    querySelectorAll(selector: string): ArrayLike<PageElement>;
    elementFromPoint(x: number, y: number): PageElement | null;
  };
  innerWidth: number;
}

/** A laptop: the width at which staff and buyers reported the squeeze (issue 19). */
const LAPTOP = { width: 1280, height: 800 };

describe('The picker and the admin tables at a 1280 px laptop width', () => {
  const context = useTestApp({ listen: true });
  const browser = useBrowser();
  let origin: string;
  let page: Page;

  beforeAll(async () => {
    origin = browserOrigin(await context.store.app.getUrl());
    const counties: { id: string }[] = await context.store.db.query(
      `SELECT id FROM counties WHERE fips IN ('48201', '17031', '06037') ORDER BY fips`,
    );
    // A long address and a long name, as real company buyers have: the widest a customer cell gets.
    await buy(context.store.server, 'accounts.payable.department@northwestern-land-title-services.example.com', [
      { countyId: counties[0].id, purchaseType: 'annual' },
      { countyId: counties[1].id, purchaseType: 'one-time' },
    ]);
    await context.store.db.query(
      `UPDATE users SET first_name = 'Alexandrina', last_name = 'Montgomery-Vandersloot' WHERE email LIKE 'accounts.payable%'`,
    );
    await buy(context.store.server, 'dana@example.com', [{ countyId: counties[2].id, purchaseType: 'annual' }]);
  });

  beforeEach(async () => {
    page = await browser.open({ viewport: LAPTOP });
    page.setDefaultTimeout(15_000);
  });

  const width = async (locator: Locator) => (await locator.boundingBox())!.width;

  it('gives the county list and the map each at least 560 px, with the search placeholder in full', async () => {
    await page.goto(`${origin}/select-counties`);
    await page.getByLabel('State').locator('option[value="Texas"]').waitFor({ state: 'attached' });
    await page.getByLabel('State').selectOption('Texas');
    const list = page.getByRole('list', { name: 'Counties', exact: true });
    await list.waitFor();
    const map = page.getByRole('application', { name: 'Map of U.S. counties' });
    await map.waitFor();

    const listWidth = await width(list);
    const mapWidth = await width(map);
    const search = page.getByLabel('Search counties');
    const fits = await search.evaluate((input: unknown) => {
      const box = input as PageElement;
      return box.scrollWidth <= box.clientWidth;
    });
    // The placeholder is drawn, not laid out: measure it in the input's own font against its content box.
    const placeholder = await search.evaluate((input: unknown) => {
      const g = globalThis as unknown as {
        getComputedStyle(e: unknown): { font: string; paddingLeft: string; paddingRight: string };
        document: {
          createElement(tag: 'canvas'): {
            getContext(kind: '2d'): { font: string; measureText(t: string): { width: number } };
          };
        };
      };
      const box = input as { placeholder: string; clientWidth: number };
      const style = g.getComputedStyle(input);
      const measure = g.document.createElement('canvas').getContext('2d');
      measure.font = style.font;
      return {
        text: measure.measureText(box.placeholder).width,
        room: box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
      };
    });
    await screenshot(page, 'layout-picker-1280');

    expect(listWidth).toBeGreaterThanOrEqual(560);
    expect(mapWidth).toBeGreaterThanOrEqual(560);
    expect(fits).toBe(true);
    expect(placeholder.text).toBeLessThanOrEqual(placeholder.room);
    // The list keeps its 600 px scroll box, and the cart stays on the first screen beside it.
    expect((await list.boundingBox())!.height).toBeLessThanOrEqual(600);
    const cart = await page.getByRole('complementary', { name: 'Your Cart' }).boundingBox();
    expect(cart!.x).toBeGreaterThan((await list.boundingBox())!.x);
    expect(cart!.y).toBeLessThan(LAPTOP.height);
  }, 60_000);

  /**
   * Every column header of the page's table, each with where it sits and whether it is the one seen at its
   * middle and near its right end: a header under the fixed column, beyond the viewport or scrolled out of
   * its box is not.
   */
  function headers(): Promise<{ text: string; right: number; seen: boolean }[]> {
    return page.evaluate(() => {
      const g = globalThis as unknown as PageGlobals;
      return Array.from(g.document.querySelectorAll('.ant-table-thead > tr > th'))
        .filter((th) => (th.textContent ?? '').trim() !== '')
        .map((th) => {
          const box = th.getBoundingClientRect();
          const middle = (box.top + box.bottom) / 2;
          const seenAt = (x: number) => th.contains(g.document.elementFromPoint(x, middle));
          return {
            text: (th.textContent ?? '').trim(),
            right: box.right,
            seen: seenAt((box.left + box.right) / 2) && seenAt(box.right - 4),
          };
        });
    });
  }

  async function expectEveryHeaderInSight(name: string): Promise<void> {
    await screenshot(page, `layout-${name}-1280`);
    const found = await headers();
    expect(found.length).toBeGreaterThan(0);
    // Listed by name, so a failure says which columns are out of sight and where they end.
    const outOfSight = found.filter((header) => header.right > LAPTOP.width || !header.seen);
    expect(outOfSight).toEqual([]);
    // Nothing of the table is left to scroll to sideways.
    const overflow = await page.evaluate(() =>
      Array.from((globalThis as unknown as PageGlobals).document.querySelectorAll('.ant-table-content')).map(
        (box) => box.scrollWidth - box.clientWidth,
      ),
    );
    for (const extra of overflow) expect(extra).toBeLessThanOrEqual(0);
  }

  // Subscriptions had the problem (its fixed Actions column lay over the dates); the other tables are held to it.
  it('shows every column of every admin table, the subscriptions dates included, without sideways scrolling', async () => {
    await signInToConsole(page, origin, '/admin/subscriptions');
    await page.getByRole('row').filter({ hasText: 'Montgomery-Vandersloot' }).first().waitFor();
    await expectEveryHeaderInSight('admin-subscriptions');
    // Both actions stay on every row that has them.
    await page.getByRole('button', { name: /^Cancel subscription to Harris, Texas for/ }).waitFor();
    await page.getByRole('button', { name: /^New Link: replace the order link of Harris, Texas for/ }).waitFor();

    await page.goto(`${origin}/admin/users`);
    await page.getByRole('row').filter({ hasText: 'Montgomery-Vandersloot' }).waitFor();
    await expectEveryHeaderInSight('admin-users');

    await page.goto(`${origin}/admin/counties`);
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .waitFor();
    await expectEveryHeaderInSight('admin-counties');

    await page.goto(`${origin}/admin/audit-log`);
    await page.getByRole('heading', { name: 'Audit Log', level: 1 }).waitFor();
    await page.locator('.ant-table-tbody > tr.ant-table-row').first().waitFor();
    await expectEveryHeaderInSight('admin-audit-log');
  }, 90_000);
});
