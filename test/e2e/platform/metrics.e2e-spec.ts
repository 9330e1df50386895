import type { INestApplicationContext } from '@nestjs/common';
import { Queue } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import request from 'supertest';
import { freePort } from '../../../bench/support/bench-app';
import { serveWorkerMetrics } from '../../../src/integrations/metrics/worker-metrics-server';
import { redisOptionsFromUrl } from '../../../src/integrations/redis/redis-options';
import { DownloadsService } from '../../../src/modules/downloads/downloads.service';
import { eventually } from '../../support/eventually';
import { PRODUCTION_ENV } from '../../support/production-env';
import { buy } from '../../support/purchase';
import { startTestWorker, TestContext, useTestApp } from '../../support/test-app';
import { WorkerProcess } from '../../support/worker-process';

const PROMETHEUS_TEXT = 'text/plain; version=0.0.4; charset=utf-8';

/** The metrics table of docs/metrics.md: each metric with the process (API, worker or both) that serves it. */
function documentedMetrics(): { name: string; process: string }[] {
  const page = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'metrics.md'), 'utf8');
  return [...page.matchAll(/^\| `([a-z_]+)` \| \w+ \|[^|]*\| (API|worker|both) \|/gm)].map(([, name, process]) => ({
    name,
    process,
  }));
}

/** The value of one series in a Prometheus text answer; 0 when it is not there (a counter not yet counted). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const got = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => got[key] === value)) return Number(match[3]);
  }
  return 0;
}

/** The label sets of every series of a metric. */
function seriesOf(text: string, name: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`))
    .map((line) => line.slice(name.length, line.lastIndexOf('}') + 1));
}

const scrape = (server: Server | string, token?: string) => {
  const req = request(server).get('/metrics');
  return token ? req.set('Authorization', `Bearer ${token}`) : req;
};

function bullOptions(context: TestContext) {
  return {
    connection: {
      ...redisOptionsFromUrl(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'),
      maxRetriesPerRequest: null,
    },
    prefix: `${context.environment.env.REDIS_KEY_PREFIX}:bull`,
  };
}

describe('Metrics for Prometheus', () => {
  describe('outside production, with no token set', () => {
    const context = useTestApp({ listen: true, env: { METRICS_TOKEN: '' } });
    const api = () => context.store.server;
    let worker: WorkerProcess;
    let workerUrl: string;

    beforeAll(async () => {
      const port = await freePort();
      workerUrl = `http://127.0.0.1:${port}`;
      worker = WorkerProcess.start({
        ...context.environment.env,
        WORKER_METRICS_PORT: String(port),
        LOG_LEVEL: 'warn',
      });
      await eventually(async () => (await fetch(`${workerUrl}/metrics`).catch(() => null))?.ok, 30_000).catch(() => {
        throw new Error(`The worker did not serve its metrics:\n${worker.log}`);
      });
    }, 60_000);

    afterAll(async () => {
      await worker?.stop();
    });

    it('serves the API metrics in Prometheus text format, with every metric docs/metrics.md names for the API', async () => {
      const res = await scrape(api()).expect(200);
      expect(res.headers['content-type']).toBe(PROMETHEUS_TEXT);
      const documented = documentedMetrics().filter((metric) => metric.process !== 'worker');
      expect(documented.length).toBeGreaterThanOrEqual(10);
      const missing = documented.filter(({ name }) => !new RegExp(`^# TYPE ${name} `, 'm').test(res.text));
      expect(missing).toEqual([]);
      // Queue depths are read from Redis when scraped, for every queue and state.
      for (const queue of [
        'mail',
        'billing',
        'datasets',
        'releases',
        'journey',
        'subscription-jobs',
        'stripe-events',
      ]) {
        expect(res.text).toMatch(new RegExp(`^cds_queue_jobs\\{queue="${queue}",state="waiting"\\} \\d+$`, 'm'));
      }
      expect(sample(res.text, 'cds_db_pool_connections')).toBeGreaterThan(0);
    });

    it('serves the worker metrics on WORKER_METRICS_PORT, with every metric docs/metrics.md names for the worker', async () => {
      const res = await fetch(`${workerUrl}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(PROMETHEUS_TEXT);
      const text = await res.text();
      const documented = documentedMetrics().filter((metric) => metric.process !== 'API');
      const missing = documented.filter(({ name }) => !new RegExp(`^# TYPE ${name} `, 'm').test(text));
      expect(missing).toEqual([]);
      // The worker serves no HTTP metrics of the API's, and nothing but /metrics.
      expect(text).not.toContain('cds_http_requests_total');
      expect((await fetch(`${workerUrl}/`)).status).toBe(404);
      expect((await fetch(`${workerUrl}/metrics/extra`)).status).toBe(404);
    });

    it('counts a paid order once, and its revenue in cents by plan type', async () => {
      const before = (await scrape(api())).text;
      const [oneTime, annual] = await context.store.db.query(
        `SELECT id FROM counties WHERE deleted_at IS NULL ORDER BY fips LIMIT 2`,
      );
      const orderId = await buy(api(), `metrics.${Date.now()}@example.com`, [
        { countyId: oneTime.id, purchaseType: 'one-time' },
        { countyId: annual.id, purchaseType: 'annual' },
      ]);
      const items: { purchase_type: string; cents: number }[] = await context.store.db.query(
        `SELECT purchase_type, sum(amount_cents)::int AS cents FROM order_items WHERE order_id = $1 GROUP BY purchase_type`,
        [orderId],
      );
      // The buyer's browser confirming the payment again counts nothing more.
      const [{ pi, email }] = await context.store.db.query(
        `SELECT stripe_payment_intent_id AS pi, email FROM orders WHERE id = $1`,
        [orderId],
      );
      await request(api()).post('/api/payment-success').send({ paymentIntentId: pi, email }).expect(200);

      const after = (await scrape(api())).text;
      expect(sample(after, 'cds_orders_paid_total') - sample(before, 'cds_orders_paid_total')).toBe(1);
      for (const { purchase_type, cents } of items) {
        const revenue = (text: string) => sample(text, 'cds_revenue_cents_total', { purchase_type });
        expect({ purchase_type, cents: revenue(after) - revenue(before) }).toEqual({ purchase_type, cents });
      }
    });

    it('counts a download by format, once however it is resumed, and a HEAD not at all', async () => {
      const [county] = await context.store.db.query(
        `SELECT id FROM counties WHERE deleted_at IS NULL ORDER BY fips OFFSET 2 LIMIT 1`,
      );
      const email = `metrics.download.${Date.now()}@example.com`;
      await buy(api(), email, [{ countyId: county.id, purchaseType: 'one-time' }]);
      const [{ id, user_id }] = await context.store.db.query(
        `SELECT s.id, s.user_id FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE u.email = $1`,
        [email],
      );
      const link = await context.store.app.get(DownloadsService).linkFor(id, { userId: user_id });
      const path = new URL(link.url).pathname;
      const before = (await scrape(api())).text;
      const asked = await request(api()).head(path).expect(200);
      await request(api()).get(path).expect(200);
      await request(api()).get(path).set('Range', 'bytes=10-20').expect(206);
      const [{ bytes }] = await context.store.db.query(`SELECT bytes FROM county_datasets WHERE sha256 = $1 LIMIT 1`, [
        asked.headers.etag.replace(/"/g, ''),
      ]);
      expect(asked.headers['content-length']).toBe(String(bytes));
      const after = (await scrape(api())).text;
      const downloads = (text: string) => sample(text, 'cds_downloads_total', { format: link.format });
      expect(downloads(after) - downloads(before)).toBe(1);
    });

    it('labels requests by route template, never by the address asked for, and leaves its own scrapes out', async () => {
      const token = `hostile-${randomBytes(12).toString('hex')}`;
      await request(api()).get(`/api/downloads/${token}`).expect(404);
      const unknown = `/api/no-such-route-${randomBytes(8).toString('hex')}`;
      await request(api()).get(unknown).expect(404);
      await request(api()).get('/api/health').expect(200);
      await request(api()).get('/api/counties').expect(200);
      for (let i = 0; i < 3; i++) await scrape(api()).expect(200);
      const text = (await scrape(api())).text;

      const downloads = { method: 'GET', route: '/api/downloads/:token', status: '404' };
      expect(sample(text, 'cds_http_requests_total', downloads)).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'cds_http_request_duration_seconds_count', downloads)).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'cds_http_requests_total', { route: '/api/health', status: '200' })).toBeGreaterThanOrEqual(
        1,
      );
      // Served ahead of the framework, and still named by its route.
      expect(sample(text, 'cds_http_requests_total', { route: '/api/counties', status: '200' })).toBeGreaterThanOrEqual(
        1,
      );
      expect(sample(text, 'cds_http_requests_total', { route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
      expect(text).not.toContain(token);
      expect(text).not.toContain(unknown);
      expect(seriesOf(text, 'cds_http_requests_total').filter((labels) => labels.includes('/metrics'))).toEqual([]);
    });

    it('counts the receipts the worker sends, by kind, and the jobs that sent them', async () => {
      // The orders bought above each queued a receipt, which the worker process sends to the outbox.
      const [{ paid }] = await context.store.db.query(`SELECT count(*)::int AS paid FROM orders WHERE status = 'paid'`);
      const text = await eventually(async () => {
        const now = await (await fetch(`${workerUrl}/metrics`)).text();
        return sample(now, 'cds_emails_sent_total', { kind: 'receipt' }) >= paid && now;
      }, 30_000);
      expect(sample(text, 'cds_emails_sent_total', { kind: 'receipt' })).toBe(paid);
      expect(sample(text, 'cds_emails_failed_total', { kind: 'receipt' })).toBe(0);
      expect(sample(text, 'cds_jobs_completed_total', { queue: 'mail' })).toBeGreaterThanOrEqual(paid);
      expect(
        sample(text, 'cds_job_duration_seconds_count', { queue: 'mail', outcome: 'completed' }),
      ).toBeGreaterThanOrEqual(paid);
    }, 60_000);

    it('counts a failed job in the worker, with its duration', async () => {
      const text = async () => (await fetch(`${workerUrl}/metrics`)).text();
      const before = await text();
      const queue = new Queue('mail', bullOptions(context));
      try {
        // No mail template has this name: the mail processor fails it, and with one attempt it stays failed.
        await queue.add('no-such-mail', {}, { attempts: 1 });
        const after = await eventually(async () => {
          const now = await text();
          return (
            sample(now, 'cds_jobs_failed_total', { queue: 'mail' }) >
              sample(before, 'cds_jobs_failed_total', { queue: 'mail' }) && now
          );
        }, 30_000);
        expect(
          sample(after, 'cds_jobs_failed_total', { queue: 'mail' }) -
            sample(before, 'cds_jobs_failed_total', { queue: 'mail' }),
        ).toBe(1);
        expect(
          sample(after, 'cds_job_duration_seconds_count', { queue: 'mail', outcome: 'failed' }),
        ).toBeGreaterThanOrEqual(1);
        // The API, which reads the queues from Redis, shows it among the mail queue's failed jobs.
        const apiText = (await scrape(context.store.server)).text;
        expect(sample(apiText, 'cds_queue_jobs', { queue: 'mail', state: 'failed' })).toBeGreaterThanOrEqual(1);
      } finally {
        await queue.close();
      }
    }, 60_000);
  });

  describe('in production without METRICS_TOKEN', () => {
    const context = useTestApp({ env: { ...PRODUCTION_ENV, METRICS_TOKEN: '' } });
    let worker: INestApplicationContext;
    let workerServer: Server;

    beforeAll(async () => {
      process.env.WORKER_METRICS_PORT = String(await freePort());
      worker = await startTestWorker(context.environment);
      workerServer = await serveWorkerMetrics(worker);
    });

    afterAll(async () => {
      workerServer?.closeAllConnections();
      await new Promise((resolve) => workerServer?.close(resolve));
      await worker?.close();
      delete process.env.WORKER_METRICS_PORT;
    });

    it('has no /metrics on the API or the worker: 404, with or without a token', async () => {
      await scrape(context.store.server).expect(404);
      await scrape(context.store.server, 'x'.repeat(40)).expect(404);
      const url = `http://127.0.0.1:${(workerServer.address() as AddressInfo).port}`;
      await scrape(url).expect(404);
      await scrape(url, 'x'.repeat(40)).expect(404);
      // A 404 counts as any unknown path: nothing of the metrics shows.
      const res = await scrape(url);
      expect(res.text).not.toContain('cds_');
    });
  });

  describe('in production with METRICS_TOKEN', () => {
    const token = randomBytes(24).toString('base64url');
    const context = useTestApp({ env: { ...PRODUCTION_ENV, METRICS_TOKEN: token } });
    let worker: INestApplicationContext;
    let workerServer: Server;
    let workerUrl: string;

    beforeAll(async () => {
      process.env.WORKER_METRICS_PORT = String(await freePort());
      worker = await startTestWorker(context.environment);
      workerServer = await serveWorkerMetrics(worker);
      workerUrl = `http://127.0.0.1:${(workerServer.address() as AddressInfo).port}`;
    });

    afterAll(async () => {
      workerServer?.closeAllConnections();
      await new Promise((resolve) => workerServer?.close(resolve));
      await worker?.close();
      delete process.env.WORKER_METRICS_PORT;
    });

    it.each([
      ['no Authorization header', undefined],
      ['a wrong token', 'Bearer not-the-metrics-token-but-just-as-long-000'],
      ['the token cut short', `Bearer ${token.slice(0, -1)}`],
      ['the token with more after it', `Bearer ${token}x`],
      ['the token as Basic credentials', `Basic ${Buffer.from(`prometheus:${token}`).toString('base64')}`],
      ['the bare token without its scheme', token],
      ['an empty bearer token', 'Bearer '],
    ])('answers 401 asking for a bearer token, on the API and the worker, to %s', async (_case, authorization) => {
      for (const target of [context.store.server, workerUrl]) {
        const req = request(target).get('/metrics');
        if (authorization !== undefined) req.set('Authorization', authorization);
        const res = await req.expect(401);
        expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
        expect(res.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
        expect(res.text).not.toContain('cds_');
      }
    });

    it('serves the metrics to the right token, on the API and the worker', async () => {
      for (const target of [context.store.server, workerUrl]) {
        const res = await scrape(target, token).expect(200);
        expect(res.headers['content-type']).toBe(PROMETHEUS_TEXT);
        expect(res.text).toMatch(/^# TYPE cds_db_pool_connections gauge$/m);
      }
    });
  });
});
