/**
 * `npm run bench`: the store's performance side by side with its limits, in one run.
 * Starts the built store in its own process (pinned to one core, the load generator to the
 * other), runs each section against it, and prints the table that also goes to bench/RESULTS.md.
 * `--only http,journey` runs some sections; the 10-million-event analytics run is
 * `npm run bench:analytics` (several minutes), kept apart so this one stays short.
 * `--without-http-metrics` runs the store with its request metrics off, to show what they cost;
 * its figures go to a section of their own.
 */
import { cpus } from 'node:os';
import { benchAdminLists } from './admin-lists';
import { benchCheckout } from './checkout';
import { benchDatasetFormats } from './dataset-formats';
import { benchFrontend, benchMap } from './frontend';
import { benchHttp } from './http';
import { benchJourney } from './journey';
import { benchLocalDownloads } from './local-downloads';
import { benchReleaseIngest } from './release-ingest';
import { benchReleaseIngestGeopackage } from './release-ingest-geopackage';
import { benchReleaseCompare } from './release-compare';
import { benchChangesSince } from './changes-since';
import { benchWebhookDeliveries } from './webhook-deliveries';
import { benchOwnerGrouping } from './owner-grouping';
import { benchParcelStoreLoad } from './parcel-store-load';
import { benchOwnerPortfolios } from './owner-portfolios';
import { benchParcelLookups } from './parcel-lookups';
import { benchS3Downloads } from './s3-downloads';
import { pinLoadGenerator, startBenchApp } from './support/bench-app';
import { recordResults } from './support/results';
import { withoutHttpMetrics } from './support/without-http-metrics';
import { figure, verdict, type BenchSection, type ResultRow } from './support/section';

const MEMORY_TARGET_BYTES = 300 * 1024 * 1024;

// Sections 1–4 load the API; its peak memory is read after them, before the front-end section.
const LOADED: [string, BenchSection][] = [
  ['http', benchHttp],
  ['journey', benchJourney],
  ['checkout', benchCheckout],
  ['admin-lists', benchAdminLists],
];
const AFTER: [string, BenchSection][] = [
  ['frontend', benchFrontend],
  ['map', benchMap],
  ['release-ingest', benchReleaseIngest],
  ['release-ingest-gpkg', benchReleaseIngestGeopackage],
  ['release-compare', benchReleaseCompare],
  ['changes-since', benchChangesSince],
  ['webhook-deliveries', benchWebhookDeliveries],
  ['owner-grouping', () => benchOwnerGrouping()],
  // Stores of their own: local files serving a 300 MB file, and a local S3-compatible server.
  ['local-downloads', () => benchLocalDownloads()],
  ['s3-downloads', () => benchS3Downloads()],
  ['dataset-formats', benchDatasetFormats],
  ['parcel-store-load', benchParcelStoreLoad],
  ['parcel-lookups', benchParcelLookups],
  // Empties the parcel store for planted owners: after every section that reads its parcels.
  ['owner-portfolios', benchOwnerPortfolios],
];

async function main(): Promise<void> {
  const at = process.argv.indexOf('--only');
  const only = at === -1 ? null : new Set(process.argv[at + 1].split(','));
  const chosen = (sections: [string, BenchSection][]) => sections.filter(([name]) => !only || only.has(name));

  const unmetered = process.argv.includes('--without-http-metrics') ? withoutHttpMetrics() : null;

  const placement = pinLoadGenerator();
  // BENCH_DATABASE: another name, so that two runs on one machine do not drop each other's database.
  const app = await startBenchApp(process.env.BENCH_DATABASE ?? 'cds_bench', unmetered?.env);
  const rows: ResultRow[] = [['placement', placement]];
  try {
    for (const [name, section] of chosen(LOADED)) {
      console.log(`Running ${name}…`);
      rows.push(...(await section(app)));
    }
    if (chosen(LOADED).length) {
      const peak = app.peakRssBytes();
      rows.push([
        'API peak RSS during the sections above',
        `${figure(peak / 1024 / 1024)} MB (target < 300 MB: ${verdict(peak < MEMORY_TARGET_BYTES)})`,
      ]);
    }
    for (const [name, section] of chosen(AFTER)) {
      console.log(`Running ${name}…`);
      rows.push(...(await section(app)));
    }
  } finally {
    await app.stop();
    unmetered?.cleanUp();
  }
  // A partial run has a section of its own: it must not replace the whole run's figures. Its title
  // extends the whole run's, so the next whole run replaces it too (sections are replaced by prefix).
  // Without metrics, a title that no run with them starts with, so neither replaces the other.
  const store = unmetered
    ? 'Store performance without HTTP metrics (npm run bench -- --without-http-metrics)'
    : 'Store performance (npm run bench)';
  const title = only ? `${store}, only ${[...only].join(',')}` : store;
  recordResults(title, rows, `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
