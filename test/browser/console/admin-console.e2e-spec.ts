import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { signInToConsole, storedAdminToken } from '../../support/admin-console';
import { browserOrigin, screenshot, useBrowser } from '../../support/browser';
import { buy } from '../../support/purchase';
import { TEST_ADMIN_PASSWORD, useTestApp } from '../../support/test-app';

const DIST = join(__dirname, '..', '..', '..', 'web-admin', 'dist');
const FIRST_LOAD_BUDGET_BYTES = 350 * 1024;

describe('The admin console session and dashboard in a real browser', () => {
  const context = useTestApp({ listen: true });
  const browser = useBrowser();
  let origin: string;
  let page: Page;

  beforeAll(async () => {
    origin = browserOrigin(await context.store.app.getUrl());
    const [harris] = await context.store.db.query(`SELECT id FROM counties WHERE fips = '48201'`);
    const [cook] = await context.store.db.query(`SELECT id FROM counties WHERE fips = '17031'`);
    await buy(context.store.server, `console.${Date.now()}@example.com`, [
      { countyId: harris.id, purchaseType: 'one-time' },
      { countyId: cook.id, purchaseType: 'annual' },
    ]);
  });

  beforeEach(async () => {
    page = await browser.open();
  });

  const toast = () => page.locator('.ant-notification-notice');

  it('refuses a wrong password with "Login Failed" and the reason, then signs in with the right one', async () => {
    await page.goto(`${origin}/admin/login`);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Password is required').waitFor();

    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await toast().getByText('Login Failed').waitFor();
    await toast().getByText('Invalid password').waitFor();
    expect(await storedAdminToken(page)).toBeNull();
    await screenshot(page, 'admin-login-failed');

    await signInToConsole(page, origin);
    await toast().getByText('Admin login successful').waitFor();
    expect(await storedAdminToken(page)).toBe('cookie-session');
    expect(new URL(page.url()).pathname).toBe('/admin/dashboard');
  });

  it('keeps no credential where page scripts can read it: calls carry only the httpOnly cookie', async () => {
    const authorizations: string[] = [];
    page.on('request', (req) => {
      const header = req.headers().authorization;
      if (header) authorizations.push(header);
    });
    const token = await signInToConsole(page, origin, '/admin/users');
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();

    // Under the spec's admin token key only a marker that the console signed in, never the token.
    const marker = await storedAdminToken(page);
    expect(marker).toBe('cookie-session');
    const readable = await page.evaluate<string>(
      `JSON.stringify([Object.values(localStorage), Object.values(sessionStorage), document.cookie])`,
    );
    expect(readable).not.toContain(token);
    // The marker opens nothing: it is not a credential.
    const withMarker = await page.request.get(`${origin}/api/admin/check-auth`, {
      headers: { Authorization: `Bearer ${marker}`, Cookie: '' },
    });
    expect(withMarker.status()).toBe(401);
    expect(authorizations).toEqual([]);
    const cookie = (await page.context().cookies(`${origin}/api/admin`)).find((c) => c.name === 'cds.admin');
    expect(cookie).toMatchObject({ value: token, httpOnly: true, sameSite: 'Strict', path: '/api/admin' });
  });

  it('sends a visitor without a session from /admin/users to /admin/login, and back there after signing in', async () => {
    await page.goto(`${origin}/admin/users`);
    await page.waitForURL(`${origin}/admin/login`);
    await page.getByLabel('Password').waitFor();

    await page.getByLabel('Password').fill(TEST_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${origin}/admin/users`);
  });

  it('redirects to login when local storage says signed in but the server knows no session', async () => {
    await page.goto(`${origin}/admin/login`);
    await page.evaluate(`localStorage.setItem('adminToken', 'cookie-session')`);
    await page.goto(`${origin}/admin/dashboard`);
    await page.waitForURL(`${origin}/admin/login`);
  });

  it('shows the summary on the dashboard with the spec rounding', async () => {
    const token = await signInToConsole(page, origin);
    const summary = await (
      await page.request.get(`${origin}/api/admin/summary`, { headers: { Authorization: `Bearer ${token}` } })
    ).json();
    const card = (title: string) => page.locator('.metric-card', { hasText: title });
    await card('Total Revenue')
      .getByText(`$${Math.round(summary.totalRevenue).toLocaleString('en-US')}`)
      .waitFor();
    const rate = Math.round((summary.activeSubscriptions / summary.totalSubscriptions) * 100);
    await card('Active Subscriptions').getByText(`${rate}% of ${summary.totalSubscriptions} total`).waitFor();
    await card('Conversion Rate')
      .getByText(`${summary.conversionRate.toFixed(1)}%`)
      .waitFor();
    await card('Total Users').getByText(summary.totalUsers.toLocaleString('en-US')).waitFor();
    await screenshot(page, 'admin-dashboard');
  });

  it('logs out: "Logged out successfully", the marker is gone and the console asks for the password again', async () => {
    const token = await signInToConsole(page, origin);
    await page.getByRole('button', { name: 'Logout' }).click();
    await toast().getByText('Logged out successfully').waitFor();
    await page.waitForURL(`${origin}/admin/login`);
    expect(await storedAdminToken(page)).toBeNull();
    // The server revoked it too: the old token no longer opens anything.
    const res = await page.request.get(`${origin}/api/admin/check-auth`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status()).toBe(401);
    await page.goto(`${origin}/admin/subscriptions`);
    await page.waitForURL(`${origin}/admin/login`);
  });

  it('hides the side menu behind a toggle on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInToConsole(page, origin);
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await expect(nav.getByRole('link', { name: 'Users' }).isVisible()).resolves.toBe(false);
    // The sign-in toast sits at the bottom on a phone, clear of the menu toggle at the top.
    const toastBox = await toast().getByText('Admin login successful').boundingBox();
    expect(toastBox!.y).toBeGreaterThan(844 / 2);
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await nav.getByRole('link', { name: 'Users' }).click();
    await page.waitForURL(`${origin}/admin/users`);
    await screenshot(page, 'admin-phone-menu');
  });

  it('signs in and shows the dashboard with at most 350 KB of gzipped JavaScript, chart code left for analytics', async () => {
    const scripts = new Set<string>();
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.add(new URL(req.url()).pathname);
    });
    await signInToConsole(page, origin);
    await page.locator('.metric-card-value').first().waitFor();
    const files = [...scripts].map((path) => path.replace(/^\/admin\//, ''));
    const gzipped = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length, 0);
    expect(files.some((file) => /^assets\/dashboard-.*\.js$/.test(file))).toBe(true);
    expect(files.some((file) => file.includes('analytics'))).toBe(false);
    expect(gzipped).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
  });

  it('answers an unknown console path with the 404 page', async () => {
    const res = await page.goto(`${origin}/admin/nowhere`);
    expect(res?.status()).toBe(404);
    await page.getByText('Page not found').waitFor();
    await page.getByRole('link', { name: 'Go Home' }).waitFor();
  });

  it('moves nothing for a user whose system asks for less motion, and animates for the others', async () => {
    // The console's motion durations, as antd's theme sets them on its elements.
    const durationsOn = async (motion: 'reduce' | 'no-preference') => {
      const viewer = await browser.open({ reducedMotion: motion });
      await viewer.goto(`${origin}/admin/login`);
      const button = viewer.getByRole('button', { name: 'Sign In' });
      await button.waitFor();
      return viewer.evaluate<string[]>(`['fast', 'mid', 'slow'].map((speed) =>
        getComputedStyle(document.querySelector('.ant-btn')).getPropertyValue('--ant-motion-duration-' + speed).trim())`);
    };
    expect(await durationsOn('reduce')).toEqual(['0s', '0s', '0s']);
    expect(await durationsOn('no-preference')).toEqual(['0.1s', '0.2s', '0.3s']);
  });
});
