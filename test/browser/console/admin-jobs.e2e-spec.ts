import { Queue, Worker } from 'bullmq';
import type { Page } from 'playwright-core';
import { redisOptionsFromUrl } from '../../../src/integrations/redis/redis-options';
import { signInToConsole } from '../../support/admin-console';
import { browserOrigin, cspRefusals, screenshot, useBrowser } from '../../support/browser';
import { useTestApp } from '../../support/test-app';

// A queue no worker of this test app serves: the test's own worker fails one job there.
const QUEUE = 'journey';

describe('Background work in the console: queues, failed jobs, retry and remove', () => {
  const context = useTestApp({ listen: true });
  const browser = useBrowser();
  let origin: string;
  let page: Page;
  let queue: Queue;
  let token: string;

  const bull = () => ({
    connection: {
      ...redisOptionsFromUrl(context.environment.env.REDIS_URL ?? process.env.REDIS_URL ?? 'redis://localhost:6379'),
      maxRetriesPerRequest: null,
    },
    prefix: `${context.environment.env.REDIS_KEY_PREFIX ?? 'cds'}:bull`,
  });

  /** A job that fails its one attempt, with a reason staff can read. */
  async function failedJob(name: string): Promise<string> {
    const worker = new Worker(
      QUEUE,
      async (job) => {
        if (job.name !== name) throw new Error('not this test’s job');
        throw new Error(`Mail provider refused ${name}: 550 mailbox unavailable`);
      },
      { ...bull(), autorun: false },
    );
    const job = await queue.add(name, {}, { attempts: 1 });
    const failed = new Promise<void>((resolve) => worker.on('failed', () => resolve()));
    void worker.run();
    await failed;
    await worker.close();
    return job.id!;
  }

  beforeAll(async () => {
    origin = browserOrigin(await context.store.app.getUrl());
    queue = new Queue(QUEUE, bull());
  });

  afterAll(async () => {
    await queue?.close();
  });

  beforeEach(async () => {
    page = await browser.open();
    token = await signInToConsole(page, origin, '/admin/jobs');
  });

  it('shows every queue with its counts and a failed job with its error and attempts, and retries it', async () => {
    const jobId = await failedJob('journey-test-retry');
    const refusals = cspRefusals(page);
    await page.getByRole('heading', { name: 'Background work', level: 1 }).waitFor();
    for (const name of ['mail', 'billing', 'datasets', 'releases', 'journey', 'subscription-jobs', 'stripe-events']) {
      await page.getByRole('cell', { name, exact: true }).first().waitFor();
    }
    await page.getByText('Failed jobs: journey').waitFor();
    await page.getByText('Mail provider refused journey-test-retry: 550 mailbox unavailable').waitFor();
    await page.getByText('1 of 1').waitFor();
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'admin-jobs-1280');

    await page.getByRole('button', { name: 'Retry' }).click();
    await page.locator('.ant-notification-notice').getByText('Job retried').waitFor();
    expect(await (await queue.getJob(jobId))!.getState()).toBe('waiting');
    await page.getByText('Mail provider refused journey-test-retry').waitFor({ state: 'detached' });
    // Another queue's failed jobs open from the keyboard too: each queue's name is a button.
    await page.getByRole('button', { name: 'mail', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Failed jobs: mail').waitFor();
    expect(refusals).toEqual([]);
    await queue.remove(jobId);
  });

  it('removes a failed job for good after a confirmation, and fits a phone screen', async () => {
    const jobId = await failedJob('journey-test-remove');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByText('Mail provider refused journey-test-remove').waitFor();
    await screenshot(page, 'admin-jobs-390');
    await page.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('button', { name: 'Remove', exact: true }).last().click();
    await page.locator('.ant-notification-notice').getByText('Job removed').waitFor();
    expect(await queue.getJob(jobId)).toBeUndefined();
  });

  it('answers 404 for a queue it does not run and for a job that is not failed', async () => {
    const api = (path: string, method = 'GET') =>
      fetch(`${origin}${path}`, { method, headers: { Authorization: `Bearer ${token}` } });
    const noQueue = await api('/api/admin/queues/not-a-queue/failed');
    expect(noQueue.status).toBe(404);
    expect(await noQueue.json()).toMatchObject({ statusCode: 404, message: 'No queue has this name' });
    const waiting = await queue.add('journey-test-waiting', {});
    expect((await api(`/api/admin/queues/${QUEUE}/jobs/${waiting.id}/retry`, 'POST')).status).toBe(404);
    expect((await api(`/api/admin/queues/${QUEUE}/jobs/${waiting.id}`, 'DELETE')).status).toBe(404);
    expect(await (await queue.getJob(waiting.id!))!.getState()).toBe('waiting');
    await queue.remove(waiting.id!);
  });
});
