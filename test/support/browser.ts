import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser } from './chromium';

const ARTIFACTS = join(__dirname, '..', '..', 'test-artifacts');

/** The test app's origin as a browser reaches it. */
export const browserOrigin = (url: string) => url.replace('[::1]', '127.0.0.1');

const STEP_TIMEOUT_MS = 20_000;
/**
 * A desktop window whose user asked for less motion: the pages' dialogs, maps and messages then
 * appear without animating (as the store and console offer that user), and the steps of a test
 * wait for no animation. The accessibility test checks pages settled either way.
 */
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' };

/**
 * One Chromium for the test file (describe block), closed after it; `open()` gives a page in a new
 * browser profile (its own cookies and storage), at a desktop size unless `options` say otherwise.
 * A profile opened during a test (its beforeEach or body) is closed after that test; one opened in
 * beforeAll lives until afterAll. Chromium starts at the first `open()`, so a block whose browser
 * test is one among many pays for it only when that test runs.
 */
export function useBrowser(): { open(options?: BrowserContextOptions): Promise<Page> } {
  let launched: Promise<Browser> | undefined;
  // Set while a test runs: these hooks are registered before the file's own, so this beforeEach runs
  // first and a page the file opens in its beforeEach counts as the test's. Profiles opened outside a
  // test need no list: closing the browser closes them.
  let ofTest: BrowserContext[] | undefined;

  beforeEach(() => {
    ofTest = [];
  });
  afterEach(async () => {
    const profiles = ofTest ?? [];
    ofTest = undefined;
    await Promise.all(profiles.map((profile) => profile.close()));
  });
  afterAll(async () => {
    if (launched) await (await launched).close();
  });

  return {
    async open(options) {
      launched ??= launchBrowser();
      const profile = await (await launched).newContext({ ...DESKTOP, ...options });
      ofTest?.push(profile);
      const page = await profile.newPage();
      // Below the test's own time limit, so that a stalled step fails under its own name.
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
      return page;
    },
  };
}

/**
 * Saves what the page shows under test-artifacts/ (ignored by git), for a person to look at.
 * The browser takes none while a navigation is pending; the time limit names that stall
 * instead of leaving it to the test's own timeout.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true, timeout: 10_000 });
}

/**
 * Collects what the page's Content-Security-Policy made the browser refuse (Chromium reports each
 * refusal as a console error), so a test can assert that the pages work within the policy.
 */
export function cspRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) refused.push(message.text());
  });
  return refused;
}

// Test files compile without the DOM library: a function run in the page reaches its globals through this.
interface PageDocument {
  document: { documentElement: { scrollWidth: number; clientWidth: number } };
}

/** Whether the page fits the window's width: tables may scroll inside their own box, the page may not. */
export function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const { documentElement } = (globalThis as unknown as PageDocument).document;
    return documentElement.scrollWidth <= documentElement.clientWidth;
  });
}
