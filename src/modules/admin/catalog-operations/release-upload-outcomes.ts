import { Injectable } from '@nestjs/common';
import { RedisService } from '../../../integrations/redis/redis.service';
import type { IngestJobDto } from '../../releases';

/**
 * How long a finishing step holds its upload without renewing the hold: a replica that dies
 * while finishing frees the upload this soon, and a resent last PATCH finishes it again.
 */
export const FINISHING_LEASE_MS = 60_000;
// What the last PATCH answered is kept as long as an unfinished upload is: a client that lost
// that answer (a dropped connection) asks again and gets the same one.
const OUTCOME_KEPT_MS = 24 * 60 * 60 * 1000;

/** Where an upload whose last byte arrived stands: being checked and staged, or what came of it. */
export type UploadOutcome =
  | { state: 'finishing' }
  | { state: 'finished'; size: number; job: IngestJobDto }
  | { state: 'refused'; size: number; statusCode: number; body: string };

/**
 * The finishing marker of resumable uploads, in Redis so that every API replica sees it: the
 * first request to finish an upload takes it, and any other (a client's retry after a dropped
 * connection, on this replica or another) is refused while it runs and answered its outcome after.
 */
@Injectable()
export class ReleaseUploadOutcomes {
  constructor(private readonly redis: RedisService) {}

  /** Takes the upload for finishing; false when another request has it or has finished it. */
  async begin(uploadId: string): Promise<boolean> {
    const taken = await this.redis.client.set(
      this.key(uploadId),
      JSON.stringify({ state: 'finishing' }),
      'PX',
      FINISHING_LEASE_MS,
      'NX',
    );
    return taken === 'OK';
  }

  /** Renews the hold of a finishing step that is still running. */
  async renew(uploadId: string): Promise<void> {
    await this.redis.client.pexpire(this.key(uploadId), FINISHING_LEASE_MS);
  }

  async settle(uploadId: string, outcome: Exclude<UploadOutcome, { state: 'finishing' }>): Promise<void> {
    await this.redis.client.set(this.key(uploadId), JSON.stringify(outcome), 'PX', OUTCOME_KEPT_MS);
  }

  /** Gives the upload back (its finishing failed on something passing): the next last PATCH finishes it. */
  async release(uploadId: string): Promise<void> {
    await this.redis.client.del(this.key(uploadId));
  }

  async of(uploadId: string): Promise<UploadOutcome | null> {
    const value = await this.redis.client.get(this.key(uploadId));
    return value ? (JSON.parse(value) as UploadOutcome) : null;
  }

  private key(uploadId: string): string {
    return this.redis.key('release-upload', uploadId);
  }
}
