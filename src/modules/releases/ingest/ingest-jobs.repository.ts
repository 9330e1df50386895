import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { IngestJobDto } from '../dto/ingest-job.dto';
import type { SourceFormat } from './gis-source';

/** What a run of the job needs to know of it. */
export interface IngestJobWork {
  id: string;
  releaseId: string;
  countyId: string | null;
  stagedKey: string | null;
  /** A county file an earlier run was storing when it was cut short, not yet recorded or removed. */
  storingKey: string | null;
  stagedBytes: number;
  gzipped: boolean;
  sourceFormat: SourceFormat;
  attempts: number;
}

export interface IngestProgress {
  bytesRead: number;
  recordsRead: number;
  countiesFound: number;
}

const JOB_COLUMNS = `j.id, j.release_id AS "releaseId", r.month, j.county_id AS "countyId", j.state,
  j.bytes_read::float8 AS "bytesRead", j.staged_bytes::float8 AS "bytesTotal", j.records_read::float8 AS "recordsRead",
  j.counties_found AS "countiesFound", j.errors, j.attempts, j.created_at AS "createdAt",
  j.started_at AS "startedAt", j.finished_at AS "finishedAt"`;

const WORK_COLUMNS = `id, release_id AS "releaseId", county_id AS "countyId", staged_key AS "stagedKey",
  storing_key AS "storingKey",
  staged_bytes::float8 AS "stagedBytes", gzipped, source_format AS "sourceFormat", attempts`;

/** The ingest jobs of release source files (`ingest_jobs`): the only SQL on that table. */
@Injectable()
export class IngestJobsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async create(job: {
    id: string;
    releaseId: string;
    countyId: string | null;
    stagedKey: string;
    stagedBytes: number;
    gzipped: boolean;
    /** CSV when not said. */
    sourceFormat?: SourceFormat;
  }): Promise<void> {
    await this.db.query(
      `INSERT INTO ingest_jobs (id, release_id, county_id, state, staged_key, staged_bytes, gzipped, source_format)
       VALUES ($1, $2, $3, 'queued', $4, $5, $6, $7)`,
      [job.id, job.releaseId, job.countyId, job.stagedKey, job.stagedBytes, job.gzipped, job.sourceFormat ?? 'csv'],
    );
  }

  async find(id: string): Promise<IngestJobDto | null> {
    const [job] = await this.db.query<IngestJobDto[]>(
      `SELECT ${JOB_COLUMNS} FROM ingest_jobs j JOIN releases r ON r.id = j.release_id WHERE j.id = $1`,
      [id],
    );
    return job ?? null;
  }

  /**
   * Starts a run: a job queued, or running when its worker died (a rerun starts from the
   * beginning, its counters reset). Null for a job that is over: nothing to do.
   */
  async start(id: string): Promise<IngestJobWork | null> {
    // An UPDATE answers [rows, count].
    const [[job]] = await this.db.query<[IngestJobWork[], number]>(
      `UPDATE ingest_jobs SET state = 'running', attempts = attempts + 1, started_at = now(), finished_at = NULL,
         bytes_read = 0, records_read = 0, counties_found = 0, errors = '[]'
       WHERE id = $1 AND state IN ('queued', 'running') AND staged_key IS NOT NULL
       RETURNING ${WORK_COLUMNS}`,
      [id],
    );
    return job ?? null;
  }

  async progress(id: string, progress: IngestProgress): Promise<void> {
    await this.db.query(
      `UPDATE ingest_jobs SET bytes_read = $2, records_read = $3, counties_found = $4 WHERE id = $1 AND state = 'running'`,
      [id, progress.bytesRead, progress.recordsRead, progress.countiesFound],
    );
  }

  /** Done: its county files are recorded, its staged file deleted. `errors` lists what was left out. */
  async complete(id: string, progress: IngestProgress, errors: string[]): Promise<void> {
    await this.db.query(
      `UPDATE ingest_jobs SET state = 'completed', finished_at = now(), staged_key = NULL,
         bytes_read = $2, records_read = $3, counties_found = $4, errors = $5
       WHERE id = $1`,
      [id, progress.bytesRead, progress.recordsRead, progress.countiesFound, JSON.stringify(errors)],
    );
  }

  /** Over without county files: the reason is kept for staff; the staged file is (being) deleted. */
  async fail(id: string, errors: string[]): Promise<void> {
    await this.db.query(
      `UPDATE ingest_jobs SET state = 'failed', finished_at = now(), staged_key = NULL, errors = $2 WHERE id = $1`,
      [id, JSON.stringify(errors)],
    );
  }

  /** A run failed on something passing (the database, storage); the job waits for its next run. */
  async retrying(id: string, error: string): Promise<void> {
    await this.db.query(
      `UPDATE ingest_jobs SET state = 'queued', finished_at = now(), errors = $2 WHERE id = $1 AND state = 'running'`,
      [id, JSON.stringify([error])],
    );
  }

  /**
   * Notes the county file the job has in hand, to be removed should the run be cut short unless a
   * record names it: the file it is about to store, then the file its record replaced; null for none.
   */
  async storing(id: string, storageKey: string | null, db: EntityManager = this.db.manager): Promise<void> {
    await db.query(`UPDATE ingest_jobs SET storing_key = $2 WHERE id = $1`, [id, storageKey]);
  }

  /** Jobs queued longer ago than this: their queueing may have failed (Redis down). Oldest first. */
  async queuedBefore(ageMs: number): Promise<string[]> {
    const rows = await this.db.query<{ id: string }[]>(
      `SELECT id FROM ingest_jobs WHERE state = 'queued' AND created_at < now() - make_interval(secs => $1)
       ORDER BY created_at LIMIT 1000`,
      [ageMs / 1000],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Fails a job that is still queued or running; answers its staged key and the county file it was
   * storing (either may be null), or null when it was over already.
   */
  async abandon(id: string, error: string): Promise<{ stagedKey: string | null; storingKey: string | null } | null> {
    const [rows] = await this.db.query<[{ stagedKey: string | null; storingKey: string | null }[], number]>(
      `WITH old AS (
         SELECT id, staged_key, storing_key FROM ingest_jobs WHERE id = $1 AND state IN ('queued', 'running') FOR UPDATE
       )
       UPDATE ingest_jobs j SET state = 'failed', errors = $2, finished_at = now(), staged_key = NULL, storing_key = NULL
       FROM old WHERE j.id = old.id RETURNING old.staged_key AS "stagedKey", old.storing_key AS "storingKey"`,
      [id, JSON.stringify([error])],
    );
    return rows[0] ?? null;
  }

  /** How many files sent to the release are still waiting or being ingested (in the caller's transaction, if given). */
  async unfinished(releaseId: string, db: EntityManager = this.db.manager): Promise<number> {
    const [{ n }] = await db.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM ingest_jobs WHERE release_id = $1 AND state IN ('queued', 'running')`,
      [releaseId],
    );
    return n;
  }
}
