import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { storageConfig } from '../../config';
import { CountiesRepository, type CatalogCountyDto } from '../counties';
import { releaseOf } from './files/entitlement';
import { DATASET_GENERATOR, type DatasetGenerator } from './files/dataset-generator';
import { IngestJobsRepository } from './ingest/ingest-jobs.repository';
import { SourceReceiver } from './ingest/source-receiver.service';
import { ReleasesService } from './releases.service';

const POLL_MS = 1000;
const STEP_TIMEOUT_MS = 10 * 60 * 1000;

/** The month before `month` (YYYY-MM). */
export function monthBefore(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return releaseOf(new Date(Date.UTC(year, m - 2, 1)));
}

type Progress = { months: string[]; state: 'running' | 'done' };

/**
 * Outside production, the store's first start runs the real release pipeline — ingest, checks,
 * comparison, change files, publish — on generated data for a few states, for last month and this
 * month, so that staff see from the first minute what a release looks like in the console, and a
 * buyer of those counties gets files that went through the same code as production's. It runs once:
 * on a store with no release, or to finish a run a stopped store left half done (a note in the
 * data folder says so). Each step is the one staff would take: a draft, a source file of many
 * counties split by `county_fips`, waiting for the worker's ingest and checks, publishing.
 */
@Injectable()
export class SampleReleases {
  private readonly logger = new Logger('SampleReleases');
  private readonly notePath: string;

  constructor(
    private readonly releases: ReleasesService,
    private readonly receiver: SourceReceiver,
    private readonly ingestJobs: IngestJobsRepository,
    private readonly counties: CountiesRepository,
    @Inject(DATASET_GENERATOR) private readonly generator: DatasetGenerator | null,
    @Inject(storageConfig.KEY) private readonly config: ConfigType<typeof storageConfig>,
  ) {
    this.notePath = join(config.dataDir, '.sample-releases.json');
  }

  /** Whether this start should run them: generated data is on, and the store has none or a half-done run. */
  async wanted(): Promise<boolean> {
    if (!this.generator) return false;
    const note = this.progress();
    if (note?.state === 'running') return true;
    return (await this.releases.list()).length === 0;
  }

  /** The states whose counties the sample releases hold (SAMPLE_RELEASE_STATES). */
  get states(): string[] {
    return this.config.sampleReleaseStates;
  }

  /** Runs the sample releases for the month before `now`'s and `now`'s, one after the other. */
  async run(now = new Date()): Promise<void> {
    await this.sampleCounties();
    const note = this.progress();
    const thisMonth = releaseOf(now);
    const months = note?.state === 'running' ? note.months : [monthBefore(thisMonth), thisMonth];
    this.note({ months, state: 'running' });
    const started = Date.now();
    for (const month of months) await this.publishMonth(month);
    this.note({ months, state: 'done' });
    this.logger.log(
      `Sample releases ${months.join(' and ')} published (${this.states.join(', ')}) in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
  }

  private async publishMonth(month: string): Promise<void> {
    const release = (await this.releases.list()).find((r) => r.month === month) ?? (await this.releases.create(month));
    if (release.status !== 'draft') return;
    const { counties } = await this.releases.detail(release.id);
    // A run a stopped store left half done may have its file staged already: the worker finishes that one.
    if (counties.length === 0 && (await this.ingestJobs.unfinished(release.id)) === 0) {
      await this.ingest(release.id, month);
    }
    await this.until(`the ${month} ingest`, async () => (await this.ingestJobs.unfinished(release.id)) === 0);
    const rows = await this.until(`the ${month} checks`, async () => {
      const detail = await this.releases.detail(release.id);
      return detail.counties.every((row) => row.status !== 'checking') && detail.counties;
    });
    // Generated months differ as real ones do, so a flag is rare; the sample publishes what it made either way.
    const flagged = rows.filter((row) => row.flags.length > 0).map((row) => row.countyId);
    await this.releases.publish(release.id, { acknowledge: flagged }, async () => undefined);
  }

  /** Stages the month's source file of the sample states, as staff would upload it; the worker takes it from there. */
  private async ingest(releaseId: string, month: string): Promise<void> {
    const generator = this.generator!;
    const counties = await this.sampleCounties();
    const dir = await mkdtemp(join(tmpdir(), 'cds-sample-'));
    try {
      const file = join(dir, `${month}.csv.gz`);
      await pipeline(generator.sourceFile(counties, month), createGzip(), createWriteStream(file));
      await this.receiver.receiveFile(releaseId, null, createReadStream(file), statSync(file).size);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  /** The catalog's counties of the sample states; a state without any is an error that names it. */
  private async sampleCounties(): Promise<CatalogCountyDto[]> {
    const counties = (await this.counties.listCatalog()).filter((county) => this.states.includes(county.stateCode));
    const empty = this.states.filter((state) => !counties.some((county) => county.stateCode === state));
    if (empty.length > 0) {
      throw new Error(`SAMPLE_RELEASE_STATES names ${empty.join(', ')}, which no county of the catalog is in`);
    }
    return counties;
  }

  /** Asks until `done` answers something truthy, and returns it; a step that takes over ten minutes is reported. */
  private async until<T>(what: string, done: () => Promise<T | false>): Promise<T> {
    const deadline = Date.now() + STEP_TIMEOUT_MS;
    for (;;) {
      const answer = await done();
      if (answer) return answer;
      if (Date.now() > deadline) throw new Error(`The sample releases gave up waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  private progress(): Progress | null {
    if (!existsSync(this.notePath)) return null;
    try {
      return JSON.parse(readFileSync(this.notePath, 'utf8')) as Progress;
    } catch {
      return null;
    }
  }

  private note(progress: Progress): void {
    mkdirSync(this.config.dataDir, { recursive: true });
    writeFileSync(this.notePath, JSON.stringify(progress));
  }
}
