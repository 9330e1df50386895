import type { Page } from 'playwright-core';
import { PLANS } from '../../../src/contracts/plans';
import { browserOrigin, screenshot, useBrowser } from '../../support/browser';
import { eventually } from '../../support/eventually';
import { useTestApp } from '../../support/test-app';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

describe('The store’s landing, legal and not-found pages in a browser', () => {
  const context = useTestApp({ listen: true });
  // Each page opened is a new browser profile, so each test starts as a new visitor with empty storage.
  const browser = useBrowser();
  let origin: string;

  beforeAll(async () => {
    origin = browserOrigin(await context.store.app.getUrl());
  });

  async function open(path: string, viewport = DESKTOP): Promise<Page> {
    const page = await browser.open({ viewport });
    await page.goto(`${origin}${path}`);
    return page;
  }

  async function siteInfo(page: Page): Promise<{ supportPhone: string; supportEmail: string }> {
    const content = await page.locator('meta[name="site-info"]').getAttribute('content');
    return JSON.parse(content!);
  }

  async function landingViews(visitorId: string): Promise<number> {
    const [row] = await context.store.db.query(
      `SELECT count(*)::int AS n FROM journey_events WHERE visitor_id = $1 AND event = 'landing_view'`,
      [visitorId],
    );
    return row.n;
  }

  // The test project compiles without the DOM library, so browser-side reads are string expressions.

  /** Where a section's top sits once a smooth scroll has settled, and where the sticky header ends. */
  async function settledPosition(page: Page, id: string): Promise<{ top: number; headerBottom: number }> {
    let last = Number.NaN;
    let still = 0;
    return eventually(async () => {
      const section = await page.locator(`#${id}`).boundingBox();
      const header = await page.getByRole('banner').boundingBox();
      const position = { top: section!.y, headerBottom: header!.y + header!.height };
      still = position.top === last ? still + 1 : 0;
      last = position.top;
      return still >= 2 && position;
    });
  }

  async function horizontalOverflow(page: Page): Promise<number> {
    return page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  }

  it('shows every landing section with the spec’s texts, in landmarks', async () => {
    const page = await open('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Bulk Property Data/);

    const header = page.getByRole('banner');
    const sections = header.getByRole('navigation', { name: 'Sections' });
    expect(await sections.getByRole('link', { name: 'How It Works' }).getAttribute('href')).toBe('#how-it-works');
    expect(await sections.getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('#pricing');
    expect(await sections.getByRole('link', { name: 'About' }).getAttribute('href')).toBe('#about');
    const { supportPhone, supportEmail } = await siteInfo(page);
    expect(supportPhone).toBe('(555) 010-0142');
    expect(await header.getByRole('link', { name: supportPhone }).getAttribute('href')).toBe('tel:5550100142');
    expect(await header.getByRole('link', { name: 'Sign In', exact: true }).getAttribute('href')).toBe(
      '/api/login?returnTo=%2Fdashboard',
    );

    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: 'Pick Your County', exact: true }).getAttribute('href')).toBe(
      '/select-counties',
    );
    expect(await main.getByRole('link', { name: 'View Pricing' }).getAttribute('href')).toBe('#pricing');

    expect(await main.getByRole('heading', { name: 'How It Works', level: 2 }).isVisible()).toBe(true);
    const steps = await page.locator('#how-it-works li h3').allTextContents();
    expect(steps).toEqual(['Select Your Counties', 'Choose Your Plan', 'Complete Your Purchase', 'Receive Your Data']);

    expect(await main.getByRole('link', { name: 'Pick Your Counties Now' }).getAttribute('href')).toBe(
      '/select-counties',
    );
    expect(await main.getByText('Field availability varies by county.').isVisible()).toBe(true);

    const about = page.locator('#about');
    expect(await about.getByRole('heading', { name: 'About Us', level: 2 }).isVisible()).toBe(true);
    const aboutText = await about.textContent();
    expect(aboutText).toContain('3,229 U.S. counties');
    expect(aboutText).toContain('250+ data fields covering ownership, tax assessment, transactions and zoning');
    expect(aboutText).toContain('trusted by 500+ real estate professionals');
    expect(aboutText).toContain('flat per county');
    expect(aboutText).toContain('pay by card');

    const cta = page.getByRole('region', { name: 'Ready to Get Started?' });
    expect(await cta.getByRole('link', { name: 'Sign In to Get Started' }).getAttribute('href')).toMatch(
      /^\/api\/login/,
    );

    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(await footer.getByRole('link', { name: 'Terms and Conditions' }).getAttribute('href')).toBe('/terms');
    expect(await footer.getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe(`mailto:${supportEmail}`);
    expect(await footer.getByRole('link', { name: supportPhone }).getAttribute('href')).toBe('tel:5550100142');
    await screenshot(page, 'store-landing-desktop');
  });

  it('shows both plan cards with the prices of the shared plan config', async () => {
    const page = await open('/');
    const snapshot = page.getByRole('article', { name: PLANS.oneTime.name });
    const tracker = page.getByRole('article', { name: PLANS.annual.name });
    await snapshot.waitFor();
    const snapshotText = await snapshot.textContent();
    expect(snapshotText).toContain('$500');
    expect(snapshotText).toContain('One-time purchase');
    expect(snapshotText).toContain('Instant download');
    expect(snapshotText).not.toContain('Most Popular');

    const trackerText = await tracker.textContent();
    for (const text of [
      '$1,200',
      '$100/month',
      'Save 80%',
      'Most Popular',
      'emailed to you every month for 12 months',
    ]) {
      expect(trackerText).toContain(text);
    }
    await page.locator('#pricing').scrollIntoViewIfNeeded();
    await screenshot(page, 'store-landing-pricing');
  });

  it('scrolls to each section when its header link is clicked, below the sticky header', async () => {
    const page = await open('/');
    const nav = page.getByRole('navigation', { name: 'Sections' });
    for (const [name, id] of [
      ['Pricing', 'pricing'],
      ['About', 'about'],
      ['How It Works', 'how-it-works'],
    ]) {
      await nav.getByRole('link', { name }).click();
      const { top, headerBottom } = await settledPosition(page, id);
      expect(new URL(page.url()).hash).toBe(`#${id}`);
      expect(await page.evaluate<number>('window.scrollY')).toBeGreaterThan(0);
      // The section starts where the sticky header ends, not hidden under it; only a section too near the
      // page's end to reach the top may stay lower, and then still in the upper half of the screen.
      expect(top).toBeGreaterThanOrEqual(headerBottom - 1);
      const atEnd = await page.evaluate<boolean>(
        'window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1',
      );
      if (atEnd) expect(top).toBeLessThan(DESKTOP.height / 2);
      else expect(top - headerBottom).toBeLessThanOrEqual(1);
    }
    await screenshot(page, 'store-landing-anchor');
  });

  it('takes Pick Your County to the county picker', async () => {
    const page = await open('/');
    await page.getByRole('link', { name: 'Pick Your County', exact: true }).click();
    await page.waitForURL(`${origin}/select-counties`);
    await page.goBack();
    await page.getByRole('link', { name: 'Pick Your Counties Now' }).click();
    await page.waitForURL(`${origin}/select-counties`);
  });

  it('sends Sign In to the sign-in flow, coming back to the dashboard', async () => {
    const page = await open('/');
    await page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true }).click();
    await page.getByText('Development sign-in').first().waitFor();
    expect(page.url()).not.toBe(`${origin}/`);
    await screenshot(page, 'store-landing-sign-in');
  });

  it('offers the data schema as a PDF download', async () => {
    const page = await open('/');
    const link = page.getByRole('link', { name: 'Download the data schema (PDF)' });
    const href = await link.getAttribute('href');
    expect(href).toBe('/data-schema.pdf');
    const res = await page.request.get(`${origin}${href}`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^application\/pdf/);
    expect((await res.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  });

  it('records one landing_view journey event for the visitor per page load', async () => {
    const page = await browser.open({ viewport: DESKTOP });
    const recorded = page.waitForResponse((res) => res.url().endsWith('/api/journey-events'));
    await page.goto(`${origin}/`);
    expect((await recorded).status()).toBe(202);
    const visitorId = await page.evaluate<string | null>("localStorage.getItem('visitorId')");
    expect(visitorId).toMatch(/^[0-9a-f-]{36}$/);
    await page.waitForLoadState('networkidle');
    expect(await landingViews(visitorId!)).toBe(1);
    const [event] = await context.store.db.query(
      `SELECT metadata FROM journey_events WHERE visitor_id = $1 AND event = 'landing_view'`,
      [visitorId],
    );
    expect(event.metadata).toEqual({});

    // Another load is another view, by the same visitor.
    await page.reload();
    await eventually(async () => (await landingViews(visitorId!)) === 2);
    await page.waitForLoadState('networkidle');
    expect(await landingViews(visitorId!)).toBe(2);
    expect(await page.evaluate<string | null>("localStorage.getItem('visitorId')")).toBe(visitorId);
    await screenshot(page, 'store-landing-tracked');
  });

  it.each([
    ['/', 'landing', 'Bulk Property Data for Entire U.S. Counties'],
    ['/privacy', 'privacy', 'Privacy Policy'],
    ['/terms', 'terms', 'Terms and Conditions'],
  ])('fits %s in a 360 px wide screen without horizontal scroll', async (path, name, heading) => {
    const page = await open(path, PHONE);
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `store-${name}-360`);
  });

  it('folds the section links into a menu on a phone, which closes after a choice', async () => {
    const page = await open('/', PHONE);
    const nav = page.getByRole('navigation', { name: 'Sections' });
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await nav.isVisible()).toBe(false);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true }).isVisible()).toBe(true);

    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await nav.getByRole('link', { name: 'Pricing' }).waitFor();
    const { supportPhone } = await siteInfo(page);
    expect(await page.getByRole('banner').getByRole('link', { name: supportPhone }).isVisible()).toBe(true);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'store-landing-360-menu');

    await nav.getByRole('link', { name: 'Pricing' }).click();
    const { top, headerBottom } = await settledPosition(page, 'pricing');
    expect(top).toBeGreaterThanOrEqual(headerBottom - 1);
    expect(top - headerBottom).toBeLessThanOrEqual(1);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);

    await menu.click();
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the privacy policy: Canada, British Columbia law, age of majority, not under 13, and a way home', async () => {
    const page = await open('/privacy');
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    expect(await page.title()).toBe('Privacy Policy | County Data Store');
    const text = await page.getByRole('main').textContent();
    expect(text).toContain('We are based in Canada.');
    expect(text).toContain('governed by the laws of the Province of British Columbia');
    expect(text).toContain('This service is not for anyone under 13');
    expect(text).toContain('you must be of the age of majority in your province or state of residence');
    for (const topic of ['Stripe', 'random visitor id', 'Downloads.', 'auto-renewal']) expect(text).toContain(topic);

    const { supportEmail } = await siteInfo(page);
    expect(await page.getByRole('main').getByRole('link', { name: supportEmail }).getAttribute('href')).toBe(
      `mailto:${supportEmail}`,
    );
    await screenshot(page, 'store-privacy-desktop');

    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL(`${origin}/`);
    await page.getByRole('heading', { name: 'How It Works' }).waitFor();
    expect(await page.title()).toBe('County Data Store');
  });

  it('shows the terms: Canada, British Columbia law, age of majority, auto-renewal, license, support phone and email', async () => {
    const page = await open('/');
    // Reached from the landing footer, as a visitor would.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and Conditions' }).click();
    await page.waitForURL(`${origin}/terms`);
    await page.getByRole('heading', { name: 'Terms and Conditions', level: 1 }).waitFor();
    await eventually(async () => (await page.evaluate<number>('window.scrollY')) === 0);
    const main = page.getByRole('main');
    const text = await main.textContent();
    expect(text).toContain('a provider based in Canada');
    expect(text).toContain('governed by the laws of the Province of British Columbia');
    expect(text).toContain('You must be of the age of majority in your province or state of residence');
    expect(text).toContain('To turn auto-renewal off, sign in, open your dashboard');
    expect(text).toContain('internal business purposes');
    expect(text).toContain('resell, sublicense, rent or redistribute the data');
    expect(text).toContain('$500 per county');
    expect(text).toContain('$1,200 per county per year');

    const { supportPhone, supportEmail } = await siteInfo(page);
    expect(supportPhone).toBe('(555) 010-0142');
    expect(supportEmail).toBe('support@localhost');
    expect(await main.getByRole('link', { name: supportPhone }).getAttribute('href')).toBe('tel:5550100142');
    expect(await main.getByRole('link', { name: supportEmail }).getAttribute('href')).toBe('mailto:support@localhost');
    await screenshot(page, 'store-terms-desktop');

    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL(`${origin}/`);
  });

  it('answers an unknown path with HTTP 404 and a not-found page that leads home', async () => {
    const page = await browser.open({ viewport: DESKTOP });
    const res = await page.goto(`${origin}/no-such-page/here`);
    expect(res!.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
    expect(await page.getByText('404', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'store-not-found-desktop');
    await page.setViewportSize(PHONE);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'store-not-found-360');

    await page.getByRole('link', { name: 'Go Home' }).click();
    await page.waitForURL(`${origin}/`);
    await page.getByRole('heading', { name: 'How It Works' }).waitFor();
  });
});
