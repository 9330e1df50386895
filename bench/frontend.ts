/**
 * Section 5: the front end, from the production builds the running store serves.
 * (a) the gzipped JavaScript each route loads first, measured in Chromium against the budgets;
 * (b) Lighthouse's mobile performance score, median of 5, for the landing page and the picker;
 * (c) in Chromium, the time from a keystroke in the picker's search to the painted result.
 * benchMap, its own section (`--only map`): the picker's county map — what it adds to a wide screen's
 * download against its budget, that a phone downloads none of it, and frames per second while
 * panning and while moving the pointer over counties.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { projectRoot } from '../src/common/project-root';
import { BENCH_ADMIN_PASSWORD, median, onEveryCore, percentile, type BenchApp } from './support/bench-app';
import { CHROMIUM_PATH, gzippedSize, kilobytes, launchChromium } from './support/chromium';
import { figure, verdict, type BenchSection, type ResultRow } from './support/section';

const ROOT = projectRoot();
const STORE_DIST = join(ROOT, 'web-store', 'dist');
const ADMIN_DIST = join(ROOT, 'web-admin', 'dist');
const LIGHTHOUSE = join(ROOT, 'node_modules', '.bin', 'lighthouse');

const LANDING_BUDGET_BYTES = 120 * 1024;
const ADMIN_BUDGET_BYTES = 350 * 1024;
const LIGHTHOUSE_TARGET = 95;
const LIGHTHOUSE_RUNS = 5;
const KEYSTROKE_TARGET_MS = 50;
const KEYSTROKE_ROUNDS = 3;
// Typed one key at a time over "All States": county names, then a state-wide term (Texas: 254 counties).
const QUERIES = ['cook', 'harris', 'texas', 'washington'];
const PROMPT = 'Select a state or start typing to view counties';
const VIEWPORT = { width: 1280, height: 800 };

// ---------------------------------------------------------------- (a) first-load JavaScript

interface LoadedScript {
  name: string;
  gzipped: number;
  /** False for a script the store serves from outside the web builds (the Stripe.js stand-in). */
  inBuild: boolean;
}

/** The build file a script URL is served from, if it is one. */
function buildFile(url: string, origin: string): string | null {
  const { origin: from, pathname } = new URL(url);
  if (from !== origin) return null;
  const path = decodeURIComponent(pathname);
  const file = path.startsWith('/admin/')
    ? join(ADMIN_DIST, path.slice('/admin/'.length))
    : join(STORE_DIST, path.slice(1));
  return existsSync(file) && statSync(file).isFile() ? file : null;
}

/** Every script a page requests, in order, with its body in case it is not a build file. */
class ScriptLog {
  private readonly urls: string[] = [];
  private readonly bodies = new Map<string, Promise<Buffer | null>>();

  constructor(
    page: Page,
    private readonly origin: string,
  ) {
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script' || this.bodies.has(res.url())) return;
      this.urls.push(res.url());
      this.bodies.set(
        res.url(),
        res.body().catch(() => null),
      );
    });
  }

  get count(): number {
    return this.urls.length;
  }

  /** Waits until no script has been requested for a second: lazy route chunks come after the entry. */
  async settle(page: Page): Promise<void> {
    await page.waitForLoadState('networkidle');
    for (let seen = -1; seen !== this.count;) {
      seen = this.count;
      await page.waitForTimeout(1000);
    }
  }

  async scripts(upTo = this.count): Promise<LoadedScript[]> {
    return Promise.all(
      this.urls.slice(0, upTo).map(async (url) => {
        const file = buildFile(url, this.origin);
        const body = file ? readFileSync(file) : await this.bodies.get(url);
        if (!body) throw new Error(`no body for the script ${url}`);
        return { name: new URL(url).pathname, gzipped: gzippedSize(body), inBuild: file !== null };
      }),
    );
  }
}

function loadRow(route: string, scripts: LoadedScript[], budget?: number): ResultRow {
  const built = scripts.filter((s) => s.inBuild);
  const outside = scripts.filter((s) => !s.inBuild);
  const total = built.reduce((sum, s) => sum + s.gzipped, 0);
  const files = [...built]
    .sort((a, b) => b.gzipped - a.gzipped)
    .map((s) => `${s.name.split('/').pop()} ${kilobytes(s.gzipped)}`)
    .join(', ');
  const extra = outside.length
    ? `; plus ${outside.map((s) => `${s.name} ${kilobytes(s.gzipped)}`).join(', ')} from outside the build`
    : '';
  const target = budget === undefined ? 'no budget' : `budget ≤ ${kilobytes(budget)}: ${verdict(total <= budget)}`;
  return [
    `first-load JavaScript, ${route}`,
    `${kilobytes(total)} gzip -9 (${built.length} files: ${files}${extra}; ${target})`,
  ];
}

async function withContext<T>(
  browser: Browser,
  work: (context: BrowserContext, page: Page) => Promise<T>,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<T> {
  const context = await browser.newContext({ viewport: VIEWPORT, ...options });
  try {
    return await work(context, await context.newPage());
  } finally {
    await context.close();
  }
}

interface RouteLoad {
  scripts: LoadedScript[];
  /** The renderer main thread up to the settled route (DevTools Performance metrics), ms. */
  cpu: number;
  busy: number;
  script: number;
}

/** The scripts a fresh tab loads for one store route, until the route shows its content. */
function storeLoad(
  browser: Browser,
  origin: string,
  path: string,
  ready: (page: Page) => Promise<void>,
  initScript?: string,
): Promise<RouteLoad> {
  return withContext(browser, async (context, page) => {
    if (initScript) await context.addInitScript(initScript);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const log = new ScriptLog(page, origin);
    await page.goto(`${origin}${path}`);
    await ready(page);
    if (new URL(page.url()).pathname !== path) throw new Error(`${path} went to ${page.url()}`);
    await log.settle(page);
    const metrics = await rendererMetrics(cdp);
    return {
      scripts: await log.scripts(),
      cpu: metrics.ThreadTime,
      busy: metrics.TaskDuration,
      script: metrics.ScriptDuration,
    };
  });
}

async function oneCountyCart(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/counties`);
  const counties = (await res.json()) as { id: string; name: string; state: string; fips: string }[];
  const county = counties.find((c) => c.fips === '17031') ?? counties[0];
  // The shape of web-store/src/lib/cart.ts's CartItem; the page re-derives the price from the plan.
  return JSON.stringify([
    { countyId: county.id, countyName: county.name, state: county.state, purchaseType: 'annual', price: 0 },
  ]);
}

async function firstLoads(browser: Browser, origin: string, mainThread: ResultRow[]): Promise<ResultRow[]> {
  const rows: ResultRow[] = [];
  const landing = await storeLoad(browser, origin, '/', (page) => page.locator('#landing-hero-title').waitFor());
  rows.push(loadRow('landing /', landing.scripts, LANDING_BUDGET_BYTES));

  const picker = await storeLoad(browser, origin, '/select-counties', (page) => page.getByText(PROMPT).waitFor());
  // The county map's chunk arrives once the picker is idle, after its first load: it has rows of its own.
  const pickerFirst = picker.scripts.filter((script) => !MAP_FILE.test(script.name.split('/').pop() ?? ''));
  rows.push(loadRow('/select-counties (without the county map, fetched later)', pickerFirst));

  const cart = await oneCountyCart(origin);
  const checkout = await storeLoad(
    browser,
    origin,
    '/checkout',
    (page) => page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor(),
    `if (location.origin === ${JSON.stringify(origin)}) sessionStorage.setItem('cart', ${JSON.stringify(cart)});`,
  );
  rows.push(loadRow('/checkout (one-county cart)', checkout.scripts));
  const loads: [string, RouteLoad][] = [
    ['/', landing],
    ['/select-counties', picker],
    ['/checkout', checkout],
  ];
  const thread = ([path, load]: [string, RouteLoad]) =>
    `${path} ${figure(load.cpu)} ms of CPU in ${figure(load.busy)} ms busy (script ${figure(load.script)} ms)`;
  mainThread.push([
    'renderer main thread loading the store routes (Chromium, desktop, unthrottled)',
    `${loads.map(thread).join('; ')} (Lighthouse's mobile run scales the busy time of each task by 4)`,
  ]);

  // The console: the login page, then signing in through its form up to the dashboard, in one tab.
  const signedIn = await withContext(browser, async (context, page) => {
    const log = new ScriptLog(page, origin);
    await page.goto(`${origin}/admin/login`);
    await page.getByLabel('Password').waitFor();
    await log.settle(page);
    const loginOnly = log.count;
    await page.getByLabel('Password').fill(BENCH_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.locator('.metric-card-value').first().waitFor();
    await log.settle(page);
    rows.push(loadRow('/admin/login', await log.scripts(loginOnly)));
    rows.push(loadRow('admin first load (/admin/login, sign in, dashboard)', await log.scripts(), ADMIN_BUDGET_BYTES));
    return context.storageState();
  });

  // /admin/analytics opened by a signed-in admin in a fresh tab (empty cache, the token in localStorage).
  const analytics = await withContext(
    browser,
    async (_context, page) => {
      const log = new ScriptLog(page, origin);
      await page.goto(`${origin}/admin/analytics`);
      await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
      await page.locator('.analytics-funnel').waitFor();
      await log.settle(page);
      return log.scripts();
    },
    { storageState: signedIn },
  );
  rows.push(loadRow('/admin/analytics (signed in)', analytics));
  return rows;
}

// ---------------------------------------------------------------- (b) Lighthouse

interface LighthouseAudit {
  numericValue?: number;
  details?: { items?: Record<string, unknown>[] };
}

interface LighthouseReport {
  runtimeError?: { message: string };
  categories: { performance: { score: number | null } };
  audits: Record<string, LighthouseAudit>;
  environment?: { benchmarkIndex?: number };
}

interface LighthouseRun {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Lighthouse's own CPU benchmark of the host at the time; it warns below 1,000. */
  benchmarkIndex: number;
  report: LighthouseReport;
}

async function lighthouse(url: string, output: string): Promise<LighthouseRun> {
  await promisify(execFile)(
    LIGHTHOUSE,
    [
      url,
      '--only-categories=performance',
      '--output=json',
      `--output-path=${output}`,
      '--quiet',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ],
    { cwd: ROOT, env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, timeout: 180_000 },
  );
  const report = JSON.parse(readFileSync(output, 'utf8')) as LighthouseReport;
  const score = report.categories.performance.score;
  if (report.runtimeError || score === null) {
    throw new Error(`Lighthouse could not score ${url}: ${report.runtimeError?.message ?? 'no score'}`);
  }
  const value = (id: string) => report.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round(score * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    benchmarkIndex: report.environment?.benchmarkIndex ?? NaN,
    report,
  };
}

/** Lighthouse now and then fails to record its trace (NO_NAVSTART); such a run is taken again, twice at most. */
async function lighthouseRetried(url: string, output: string): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouse(url, output);
    } catch (error) {
      if (attempt === 3 || !/Runtime error|could not score/.test(String(error))) throw error;
      console.warn(`Lighthouse failed on ${url} (attempt ${attempt}), running it again`);
    }
  }
}

const fileName = (url: unknown) => String(url).split('/').pop() || String(url);

/** For a missed score: the longest main-thread tasks of the median run and where its main-thread time went. */
function lighthouseCauses({ report }: LighthouseRun): string {
  const items = (id: string) => report.audits[id]?.details?.items ?? [];
  const longTasks = items('long-tasks')
    .slice(0, 4)
    .map((task) => `${fileName(task.url)} ${figure(Number(task.duration))} ms`);
  const work = items('mainthread-work-breakdown')
    .slice(0, 3)
    .map((group) => `${String(group.groupLabel)} ${figure(Number(group.duration))} ms`);
  return `; median run's longest tasks (simulated): ${longTasks.join(', ') || 'none'}; main thread: ${work.join(', ')}`;
}

async function lighthouseScores(origin: string): Promise<ResultRow[]> {
  const paths = ['/', '/select-counties'];
  const runs = new Map<string, LighthouseRun[]>(paths.map((path) => [path, []]));
  const dir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  try {
    // Alternating, so both pages see the same moments of a noisy machine.
    for (let round = 0; round < LIGHTHOUSE_RUNS; round++) {
      for (const [i, path] of paths.entries()) {
        runs.get(path)!.push(await lighthouseRetried(`${origin}${path}`, join(dir, `${round}-${i}.json`)));
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return paths.map((path) => {
    const all = runs.get(path)!;
    const score = median(all.map((r) => r.score));
    const middle = all.find((r) => r.score === score)!;
    const met = score >= LIGHTHOUSE_TARGET;
    const of = (pick: (r: LighthouseRun) => number) => median(all.map(pick));
    return [
      `Lighthouse performance (mobile), ${path}`,
      `${score} (median of ${all.length}: ${all.map((r) => r.score).join(', ')}; median FCP ${figure(of((r) => r.fcp) / 1000, 2)} s, ` +
        `LCP ${figure(of((r) => r.lcp) / 1000, 2)} s, TBT ${figure(of((r) => r.tbt))} ms, CLS ${figure(
          of((r) => r.cls),
          3,
        )}; ` +
        `host benchmarkIndex ${figure(of((r) => r.benchmarkIndex))} (Lighthouse expects ≥ 1,000)` +
        `${met ? '' : lighthouseCauses(middle)}; target ≥ ${LIGHTHOUSE_TARGET}: ${verdict(met)})`,
    ];
  });
}

// ---------------------------------------------------------------- (c) search keystroke to paint

/**
 * Installed in the picker once the catalog is in. `arm(text)` readies it for the next keystroke and
 * returns a promise of its timings. A keydown on the search starts the clock (the event's own
 * timestamp, so time spent queued counts); when a mutation shows the list and the input holding the
 * expected text, the result is in the DOM; the first animation frame after that
 * draws it, and a second frame's callback runs once that frame has been painted.
 */
const KEY_PROBE = `(() => {
  const input = document.getElementById('picker-search');
  const section = input.closest('section');
  let armed = null;
  let pending = null;
  let result = null;
  window.__keyProbe = {
    arm(expected) {
      armed = { expected };
      result = new Promise((resolve) => (armed.resolve = resolve));
    },
    result: () => result,
  };
  const check = () => {
    if (!pending) return;
    const list = section.querySelector('.picker-results');
    if (input.value !== pending.expected || !list) return;
    const { start, expected, resolve } = pending;
    pending = null;
    const dom = performance.now();
    requestAnimationFrame(() => {
      const frame = performance.now();
      requestAnimationFrame(() => {
        const message = section.querySelector('.picker-results__message').textContent;
        resolve({ expected, dom: dom - start, frame: frame - start, paint: performance.now() - start, message });
      });
    });
  };
  window.addEventListener('keydown', (event) => {
    if (event.target !== input || !armed) return;
    pending = { start: event.timeStamp, ...armed };
    armed = null;
    // In case the result lands without a mutation to observe, look again at every frame.
    const poll = () => pending && (check(), requestAnimationFrame(poll));
    requestAnimationFrame(poll);
  }, true);
  new MutationObserver(check).observe(section, { subtree: true, childList: true, attributes: true, characterData: true });
})()`;

interface Keystroke {
  expected: string;
  dom: number;
  frame: number;
  paint: number;
  message: string;
  /** The renderer main thread over the keystroke, from DevTools' Performance metrics: ms of CPU and of busy wall time. */
  cpu: number;
  busy: number;
  script: number;
  styleLayout: number;
}

type Metrics = Record<string, number>;

async function rendererMetrics(cdp: CDPSession): Promise<Metrics> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(metrics.map(({ name, value }) => [name, value * 1000]));
}

async function typeQuery(page: Page, cdp: CDPSession, query: string): Promise<Keystroke[]> {
  const search = page.getByPlaceholder('Search counties...');
  await search.fill('');
  await page.getByText(PROMPT).waitFor();
  await page.waitForTimeout(200);
  const typed: Keystroke[] = [];
  for (let i = 1; i <= query.length; i++) {
    await page.evaluate(`window.__keyProbe.arm(${JSON.stringify(query.slice(0, i))})`);
    const before = await rendererMetrics(cdp);
    await page.keyboard.press(query[i - 1]);
    const timing =
      await page.evaluate<Omit<Keystroke, 'cpu' | 'busy' | 'script' | 'styleLayout'>>('window.__keyProbe.result()');
    const after = await rendererMetrics(cdp);
    const spent = (name: string) => after[name] - before[name];
    typed.push({
      ...timing,
      cpu: spent('ThreadTime'),
      busy: spent('TaskDuration'),
      script: spent('ScriptDuration'),
      styleLayout: spent('RecalcStyleDuration') + spent('LayoutDuration'),
    });
    // About a quick typist's pace, and time for anything the keystroke left queued.
    await page.waitForTimeout(150);
  }
  return typed;
}

async function keystrokes(browser: Browser, origin: string): Promise<ResultRow[]> {
  return withContext(browser, async (context, page) => {
    await page.goto(`${origin}/select-counties`);
    await page.getByText(PROMPT).waitFor();
    await page.waitForLoadState('networkidle');
    await page.evaluate(KEY_PROBE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.getByPlaceholder('Search counties...').focus();
    await typeQuery(page, cdp, 'miami'); // warm-up, not counted
    const all: Keystroke[] = [];
    for (let round = 0; round < KEYSTROKE_ROUNDS; round++) {
      for (const query of QUERIES) all.push(...(await typeQuery(page, cdp, query)));
    }
    const cook = all.find((k) => k.expected === 'cook');
    if (!cook || !/found/.test(cook.message)) throw new Error(`unexpected result for "cook": ${cook?.message}`);

    const of = (pick: (k: Keystroke) => number) => figure(median(all.map(pick)), 1);
    const paint = all.map((k) => k.paint);
    const [p50, p95] = [median(paint), percentile(paint, 0.95)];
    const slowest = [...all]
      .sort((a, b) => b.paint - a.paint)
      .slice(0, 3)
      .map((k) => `"${k.expected}" ${figure(k.paint)} ms`);
    return [
      [
        'search keystroke → painted result (/select-counties, whole catalog)',
        `median ${figure(p50, 1)} ms, p95 ${figure(p95, 1)} ms (${all.length} keystrokes: ${QUERIES.join(', ')} ` +
          `typed a key at a time, ${KEYSTROKE_ROUNDS} rounds; key event to the second frame after the list shows the ` +
          `result; result in the DOM at median ${of((k) => k.dom)} ms, first frame ${of((k) => k.frame)} ms; ` +
          `slowest: ${slowest.join(', ')}; target < ${KEYSTROKE_TARGET_MS} ms: ` +
          `median ${verdict(p50 < KEYSTROKE_TARGET_MS)}, p95 ${verdict(p95 < KEYSTROKE_TARGET_MS)})`,
      ],
      [
        'renderer main thread per keystroke (DevTools metrics)',
        `median ${of((k) => k.cpu)} ms of CPU in ${of((k) => k.busy)} ms of busy wall time (script ` +
          `${of((k) => k.script)} ms, style + layout ${of((k) => k.styleLayout)} ms wall); busy wall ÷ CPU ` +
          `${of((k) => k.busy / k.cpu)} (1.0 when the thread never waits for its core)`,
      ],
    ];
  });
}

// ---------------------------------------------------------------- (d) the county map

const MAP_BUDGET_BYTES = 200 * 1024;
const FPS_TARGET = 60;
const FPS_RUNS = 5;
const FPS_WINDOW_MS = 3000;
const PHONE = { width: 390, height: 844 };
const MAP_NAME = 'Map of U.S. counties';
/** The map's own files, by the names Vite gives them. */
const MAP_FILE = /^(county-map|county-shapes)-/;

/** The build files (scripts, styles, data) a tab requests, by file name. */
function buildRequests(page: Page, origin: string): Set<string> {
  const files = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === origin && url.pathname.startsWith('/assets/')) files.add(url.pathname.slice('/assets/'.length));
  });
  return files;
}

async function openPicker(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/select-counties`);
  await page.getByText(PROMPT).waitFor();
  await page.waitForLoadState('networkidle');
}

async function mapBytes(browser: Browser, origin: string): Promise<ResultRow[]> {
  // A phone: the page, then well past the moment a wide screen fetches the map, then "Show map".
  const phone = await withContext(
    browser,
    async (_context, page) => {
      const files = buildRequests(page, origin);
      await openPicker(page, origin);
      await page.waitForTimeout(4000);
      const before = [...files];
      await page.getByRole('button', { name: 'Show map' }).click();
      await page.getByRole('application', { name: MAP_NAME }).waitFor();
      await page.waitForLoadState('networkidle');
      return { before, after: [...files] };
    },
    { viewport: PHONE, isMobile: true, hasTouch: true },
  );
  const wide = await withContext(browser, async (_context, page) => {
    const files = buildRequests(page, origin);
    await openPicker(page, origin);
    await page.getByRole('application', { name: MAP_NAME }).waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    return [...files];
  });

  const extra = wide.filter((file) => !phone.before.includes(file));
  const sized = extra.map((file) => ({ file, gzipped: gzippedSize(readFileSync(join(STORE_DIST, 'assets', file))) }));
  const total = sized.reduce((sum, f) => sum + f.gzipped, 0);
  const phoneMapFiles = phone.before.filter((file) => MAP_FILE.test(file));
  const shownOnAsk = phone.after.filter((file) => MAP_FILE.test(file));
  return [
    [
      'county map: extra download on a wide screen (code + county shapes), fetched once the picker is idle',
      `${kilobytes(total)} gzip -9 (${sized
        .sort((a, b) => b.gzipped - a.gzipped)
        .map((f) => `${f.file} ${kilobytes(f.gzipped)}`)
        .join(', ')}; budget ≤ ${kilobytes(MAP_BUDGET_BYTES)}: ${verdict(total <= MAP_BUDGET_BYTES)})`,
    ],
    [
      'county map on a phone (390 px) until "Show map" is pressed',
      `${phoneMapFiles.length} map files fetched (${phone.before.length} build files in all; after "Show map": ` +
        `${shownOnAsk.join(', ') || 'none'}; target 0: ${verdict(phoneMapFiles.length === 0 && shownOnAsk.length > 0)})`,
    ],
  ];
}

/**
 * Installed in the picker: counts animation frames for a while, and the pointer events the map
 * received in each, so a frame rate is also a redraw rate (every event moves the view or the hover).
 */
const FRAME_COUNTER = `window.__countFrames = (ms) => new Promise((resolve) => {
  const canvas = document.querySelector('.county-map__canvas--overlay');
  let events = 0;
  const count = () => events++;
  canvas.addEventListener('pointermove', count);
  const stamps = [];
  let withInput = 0;
  const tick = (now) => {
    if (stamps.length && events) withInput++;
    events = 0;
    stamps.push(now);
    if (now - stamps[0] < ms) return requestAnimationFrame(tick);
    canvas.removeEventListener('pointermove', count);
    resolve({ stamps, withInput });
  };
  requestAnimationFrame(tick);
})`;

/** A mouse sends about this many moves a second; they go out without waiting for each to be handled. */
const POINTER_HZ = 125;

interface FrameRun {
  fps: number;
  /** The longest time between two frames, ms. */
  worst: number;
  /** Share of the frames that had pointer input to draw. */
  withInput: number;
  /** Share of the window the renderer's main thread was busy. */
  busy: number;
}

type Point = { x: number; y: number; buttons?: number };

/** Sends the path's points as mouse moves at POINTER_HZ while the page counts frames; the path repeats if short. */
async function countFrames(page: Page, cdp: CDPSession, path: (i: number) => Point): Promise<FrameRun> {
  const before = await rendererMetrics(cdp);
  let finished = false;
  const counting = page
    .evaluate<{ stamps: number[]; withInput: number }>(`window.__countFrames(${FPS_WINDOW_MS})`)
    .finally(() => (finished = true));
  const sent: Promise<unknown>[] = [];
  const start = performance.now();
  for (let i = 0; !finished; i++) {
    const { x, y, buttons = 0 } = path(i);
    sent.push(
      cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y, buttons, button: buttons ? 'left' : 'none' }),
    );
    const next = start + ((i + 1) * 1000) / POINTER_HZ;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
  }
  await Promise.all(sent);
  const { stamps, withInput } = await counting;
  const after = await rendererMetrics(cdp);
  const span = stamps[stamps.length - 1] - stamps[0];
  const gaps = stamps.slice(1).map((t, i) => t - stamps[i]);
  return {
    fps: ((stamps.length - 1) * 1000) / span,
    worst: Math.max(...gaps),
    withInput: withInput / (stamps.length - 1),
    busy: (after.TaskDuration - before.TaskDuration) / span,
  };
}

/** A full cart (500 counties spread over the country, both plans): the most shading the map ever draws. */
async function fullCart(origin: string): Promise<string> {
  const counties = (await (await fetch(`${origin}/api/counties`)).json()) as {
    id: string;
    name: string;
    state: string;
  }[];
  const step = Math.floor(counties.length / 500);
  const chosen = counties.filter((_, i) => i % step === 0).slice(0, 500);
  return JSON.stringify(
    chosen.map((county, i) => ({
      countyId: county.id,
      countyName: county.name,
      state: county.state,
      purchaseType: i % 2 ? 'annual' : 'one-time',
      price: 0,
    })),
  );
}

async function mapFrames(
  browser: Browser,
  origin: string,
  screen: { viewport: { width: number; height: number }; deviceScaleFactor: number },
): Promise<ResultRow[]> {
  const cart = await fullCart(origin);
  return withContext(
    browser,
    async (context, page) => {
      await context.addInitScript(
        `if (location.origin === ${JSON.stringify(origin)}) sessionStorage.setItem('cart', ${JSON.stringify(cart)});`,
      );
      await openPicker(page, origin);
      const map = page.getByRole('application', { name: MAP_NAME });
      await map.waitFor({ timeout: 15_000 });
      await page.evaluate(FRAME_COUNTER);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      const box = (await map.boundingBox())!;
      const mouse = (type: 'mousePressed' | 'mouseReleased', x: number, y: number) =>
        cdp.send('Input.dispatchMouseEvent', {
          type,
          x,
          y,
          button: 'left',
          buttons: type === 'mousePressed' ? 1 : 0,
          clickCount: 1,
        });
      const reset = async () => {
        const button = page.getByRole('button', { name: 'Reset view' });
        if (await button.isEnabled()) await button.click();
        await page.waitForTimeout(600);
      };

      // Zoomed in twice the country is two boxes wide: one long drag, swinging a box width each way
      // of the middle, sweeps it from coast to coast and back (the view stops at each coast).
      const pan = async () => {
        await reset();
        await page.getByRole('button', { name: 'Zoom in' }).click();
        await page.waitForTimeout(600);
        const y = box.y + box.height / 2;
        const x0 = box.x + box.width / 2;
        await mouse('mousePressed', x0, y);
        const perStep = (1.5 * box.width) / POINTER_HZ;
        const swing = (i: number) => {
          const travel = (i * perStep) % (4 * box.width);
          const offset =
            travel < box.width ? travel : travel < 3 * box.width ? 2 * box.width - travel : travel - 4 * box.width;
          return { x: x0 + offset, y, buttons: 1 };
        };
        const run = await countFrames(page, cdp, swing);
        await mouse('mouseReleased', x0, y);
        return run;
      };

      // The whole country: the pointer sweeps back and forth over it, a county every few moves.
      const hover = async () => {
        await reset();
        return countFrames(page, cdp, (i) => {
          const row = Math.floor(i / 150);
          const t = (i % 150) / 150;
          return {
            x: box.x + box.width * (0.08 + 0.84 * (row % 2 ? 1 - t : t)),
            y: box.y + box.height * (0.25 + 0.05 * (row % 11)),
          };
        });
      };

      const runs: Record<'pan' | 'hover', FrameRun[]> = { pan: [], hover: [] };
      for (let round = 0; round < FPS_RUNS; round++) {
        runs.pan.push(await pan());
        runs.hover.push(await hover());
      }
      const where = `${Math.round(box.width)} × ${Math.round(box.height)} CSS px map at device pixel ratio ${screen.deviceScaleFactor}, 500 counties in the cart`;
      const row = (name: string, all: FrameRun[]): ResultRow => {
        const fps = median(all.map((r) => r.fps));
        return [
          `county map: frames per second ${name} (Chromium, ${where})`,
          `median ${figure(fps, 1)} fps (${FPS_RUNS} runs of ${FPS_WINDOW_MS / 1000} s: ${all
            .map((r) => figure(r.fps, 1))
            .join(', ')}; pointer moves at ${POINTER_HZ}/s, ${figure(median(all.map((r) => r.withInput)) * 100)}% of ` +
            `frames drew new input; longest frame median ${figure(median(all.map((r) => r.worst)), 1)} ms; renderer ` +
            `main thread busy ${figure(median(all.map((r) => r.busy)) * 100)}% of the time; target ${FPS_TARGET} fps: ` +
            `${verdict(fps >= FPS_TARGET - 0.5)})`,
        ];
      };
      return [
        row('while dragging it coast to coast at 2× zoom', runs.pan),
        row('while moving the pointer over counties', runs.hover),
      ];
    },
    screen,
  );
}

/** `npm run bench -- --only map`: the county map's figures alone (about a minute). */
export const benchMap: BenchSection = (app: BenchApp) =>
  onEveryCore(async () => {
    const browser = await launchChromium();
    try {
      return [
        ...(await mapBytes(browser, app.origin)),
        ...(await mapFrames(browser, app.origin, { viewport: VIEWPORT, deviceScaleFactor: 1 })),
        // A large high-density screen: four times the pixels to fill per CSS pixel.
        ...(await mapFrames(browser, app.origin, { viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 2 })),
      ];
    } finally {
      await browser.close();
    }
  });

const loadAverage = () => figure(loadavg()[0], 1);

export const benchFrontend: BenchSection = (app: BenchApp) =>
  onEveryCore(async () => {
    const loadBefore = loadAverage();
    const browser = await launchChromium();
    const rows: ResultRow[] = [];
    const mainThread: ResultRow[] = [];
    try {
      rows.push(...(await firstLoads(browser, app.origin, mainThread)));
      rows.push(...(await keystrokes(browser, app.origin)));
    } finally {
      await browser.close();
    }
    // Lighthouse starts its own Chromium; ours is closed so the two do not compete.
    rows.push(...(await lighthouseScores(app.origin)), ...mainThread);
    rows.push([
      'machine load during the front-end section',
      `1-minute load average ${loadBefore} at the start, ${loadAverage()} at the end, on ${cpus().length} cores; ` +
        'Chromium and Lighthouse free to use every core (the server only hands out static files here)',
    ]);
    return rows;
  });
