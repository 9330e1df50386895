/**
 * Section: webhooks of a release that refreshes 1,000 counties held by 2,000 County Tracker
 * customers, each with an endpoint for release.published on a local receiver (this process). The
 * release is published through the console's call; the worker raises one event per customer and
 * delivers it as production does. One endpoint in twenty answers 500 for the first 20 s, then
 * 200. What counts: every healthy endpoint's event delivered within 60 s of publishing; each
 * recovering endpoint accepting its event exactly once after it recovers (by `id`); every delivery
 * signed for its endpoint. The reference: the same number of signed POSTs of the same bodies sent
 * straight from this process, 32 at a time (the worker's concurrency), to the same receiver.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { Client } from 'pg';
import { storageConfig } from '../src/config/storage.config';
import { KEY_FIELDS } from '../src/contracts/county-dataset';
import { datasetStorageFor } from '../src/integrations/storage/dataset-storage.provider';
import { DATA_FIELDS } from '../src/modules/data-schema/data-schema';
import { SCHEMA_VERSION } from '../src/modules/data-schema/schema-versions';
import { FORMATS_QUEUE } from '../src/modules/formats/formats.constants';
import { PARCEL_STORE_QUEUE } from '../src/modules/parcels/parcels.constants';
import { signatureHeader, verifySignature } from '../src/modules/webhooks/webhook-signature';
import { adminToken, median, poster, type BenchApp } from './support/bench-app';
import { HeldWork } from './support/bench-queues';
import { figure, verdict, type ResultRow } from './support/section';
import { trackerCustomer } from './support/tracker-customer';

const COUNTIES = 1000;
const CUSTOMERS = 2000;
const MONTH = '2003-01';
/** Every twentieth endpoint fails at first. */
const FLAKY_EVERY = 20;
const FLAKY_FOR_MS = 20_000;
const TARGET_SECONDS = 60;
/** Long enough for the first retry (a minute after the failure, ±10 %) and a margin. */
const RECOVERY_WAIT_MS = 4 * 60_000;
const CONCURRENCY = 32;

interface Endpoint {
  secret: string;
  flaky: boolean;
  /** When its event was accepted (a 200), ms after publishing; each event id accepted. */
  acceptedAt: number | null;
  accepted: Map<string, number>;
  refused: number;
  badSignatures: number;
  countyHeld: string;
}

export async function benchWebhookDeliveries(app: BenchApp): Promise<ResultRow[]> {
  const storage = datasetStorageFor(storageConfig());
  const db = new Client({ connectionString: app.databaseUrl });
  await db.connect();
  const held = await HeldWork.hold(app, [FORMATS_QUEUE, PARCEL_STORE_QUEUE]);
  const endpoints = new Map<string, Endpoint>();
  let publishedAt = 0;
  const receiver = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const endpoint = endpoints.get(req.url ?? '');
      if (!endpoint) return void res.writeHead(200).end();
      const now = Date.now() - publishedAt;
      if (endpoint.flaky && now < FLAKY_FOR_MS) {
        endpoint.refused++;
        return void res.writeHead(500).end();
      }
      if (!verifySignature(String(req.headers['cds-signature']), body, endpoint.secret)) endpoint.badSignatures++;
      const { id } = JSON.parse(body) as { id: string };
      endpoint.accepted.set(id, (endpoint.accepted.get(id) ?? 0) + 1);
      endpoint.acceptedAt ??= now;
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  try {
    const admin = poster(app.origin, await adminToken(app.origin));
    const { rows: counties } = await db.query<{ id: string; fips: string }>(
      `SELECT id, fips FROM counties WHERE deleted_at IS NULL ORDER BY fips LIMIT $1 OFFSET 100`,
      [COUNTIES],
    );

    // The release: each county a small file (what a delivery says of it is the same whatever its size).
    const release = await admin('/api/admin/releases', { month: MONTH });
    const file = gzipSync(`${DATA_FIELDS.map((field) => field.name).join(',')}\n`);
    const noCounts = Object.fromEntries(KEY_FIELDS.map(({ field }) => [field, 0]));
    for (const county of counties) {
      const key = `releases/${MONTH}/counties/bench-webhooks-${county.fips}.csv.gz`;
      await storage.putStream(key, Readable.from([file]));
      const {
        rows: [dataset],
      } = await db.query<{ id: string }>(
        `INSERT INTO county_datasets (county_id, release, storage_key, bytes, sha256, records, source,
           key_field_counts, release_id, kind, format, schema_version)
         VALUES ($1, $2, $3, $4, repeat('0', 64), 0, 'uploaded', $5, $6, 'full', 'csv', $7) RETURNING id`,
        [county.id, MONTH, key, file.length, noCounts, release.id, SCHEMA_VERSION],
      );
      await db.query(
        `INSERT INTO release_counties (release_id, county_id, dataset_id, status, records, key_field_counts)
         VALUES ($1, $2, $3, 'ready', 0, $4)`,
        [release.id, county.id, dataset.id, noCounts],
      );
    }

    // The customers, each with a Tracker begun in the release's month and an endpoint registered with its token.
    const registering = Date.now();
    for (let i = 0; i < CUSTOMERS; i++) {
      const county = counties[i % COUNTIES];
      const {
        tokens: [customerToken],
      } = await trackerCustomer(db, [county.id], { tokens: 1, startDate: new Date(`${MONTH}-15T12:00:00Z`) });
      const path = `/hook/${i}`;
      const { secret } = await poster(app.origin, customerToken)<{ secret: string }>('/api/v1/webhooks', {
        url: `${receiverUrl}${path}`,
        events: ['release.published'],
      });
      endpoints.set(path, {
        secret,
        flaky: i % FLAKY_EVERY === 0,
        acceptedAt: null,
        accepted: new Map(),
        refused: 0,
        badSignatures: 0,
        countyHeld: county.fips,
      });
    }
    const registeringSeconds = (Date.now() - registering) / 1000;

    publishedAt = Date.now();
    await admin(`/api/admin/releases/${release.id}/publish`, {});
    const publishSeconds = (Date.now() - publishedAt) / 1000;
    const all = [...endpoints.values()];
    const healthy = all.filter((e) => !e.flaky);
    const flaky = all.filter((e) => e.flaky);
    const deadline = publishedAt + RECOVERY_WAIT_MS;
    while (Date.now() < deadline && all.some((e) => e.acceptedAt === null)) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // Any repeat would come within seconds of the acceptance: wait a little for one.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const missing = all.filter((e) => e.acceptedAt === null).length;
    if (missing > 0) throw new Error(`${missing} endpoints had no event ${RECOVERY_WAIT_MS / 1000} s after publishing`);
    const healthyTimes = healthy.map((e) => e.acceptedAt! / 1000);
    const lastHealthy = Math.max(...healthyTimes);
    const flakyTimes = flaky.map((e) => e.acceptedAt! / 1000);
    const once = all.every((e) => e.accepted.size === 1 && [...e.accepted.values()][0] === 1);
    const badSignatures = all.reduce((sum, e) => sum + e.badSignatures, 0);
    if (badSignatures > 0) throw new Error(`${badSignatures} deliveries failed their signature`);

    // The reference: the same count of signed POSTs, sent straight to the receiver 32 at a time.
    const body = JSON.stringify({ id: 'evt_reference', type: 'release.published', data: {} });
    const reference = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < CUSTOMERS) {
          next++;
          const timestamp = Math.floor(Date.now() / 1000);
          const res = await fetch(`${receiverUrl}/reference`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'cds-signature': signatureHeader(body, ['x'], timestamp) },
            body,
          });
          await res.arrayBuffer();
        }
      }),
    );
    const referenceSeconds = (Date.now() - reference) / 1000;
    return [
      [
        'Webhooks: release published',
        `${figure(COUNTIES)} counties, ${figure(CUSTOMERS)} County Tracker customers each with an endpoint ` +
          `(registered through the API in ${figure(registeringSeconds)} s); the publish call answered in ${figure(publishSeconds, 1)} s`,
      ],
      [
        `Webhooks: ${figure(healthy.length)} healthy endpoints, each event delivered`,
        `all within ${figure(lastHealthy, 1)} s of publishing, median ${figure(median(healthyTimes), 1)} s ` +
          `(target ≤ ${TARGET_SECONDS} s: ${verdict(lastHealthy <= TARGET_SECONDS)}); ` +
          `${figure(lastHealthy / referenceSeconds, 1)}× the reference (${figure(CUSTOMERS)} signed POSTs sent straight, ${CONCURRENCY} at a time: ${figure(referenceSeconds, 1)} s)`,
      ],
      [
        `Webhooks: ${figure(flaky.length)} endpoints answering 500 for ${FLAKY_FOR_MS / 1000} s, then 200`,
        `${figure(flaky.reduce((sum, e) => sum + e.refused, 0))} attempts refused; every event accepted at the retry, ` +
          `${figure(Math.min(...flakyTimes), 1)}–${figure(Math.max(...flakyTimes), 1)} s after publishing`,
      ],
      [
        'Webhooks: each event accepted exactly once, signed for its endpoint',
        `${verdict(once)}: ${figure(all.filter((e) => e.accepted.size === 1).length)} of ${figure(all.length)} endpoints ` +
          'accepted one event id once; every signature verified with the secret its registration answered',
      ],
    ];
  } finally {
    receiver.close();
    await held.drop();
    await db.end();
  }
}
