import {
  BadRequestException,
  HttpException,
  Inject,
  Injectable,
  Logger,
  OnModuleDestroy,
  OnModuleInit,
} from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { Server, type Upload } from '@tus/server';
import { randomBytes } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import { appConfig, storageConfig } from '../../../config';
import { SourceReceiver } from '../../releases';
import { RedisService } from '../../../integrations/redis/redis.service';
import { AuditLogRepository } from '../audit/audit-log.repository';
import { RedisUploadLocker } from './release-upload-locker';
import { ReleaseUploadOutcomes, type UploadOutcome } from './release-upload-outcomes';
import { storeIdPrefix, uploadStoreFor, type UploadStore } from './release-upload-store';

/** Where the tus endpoint answers (the API's global prefix included). */
export const UPLOADS_PATH = '/api/admin/uploads';
// An upload left unfinished this long is given up on and its bytes deleted: a day leaves
// room to resume a multi-GB file after a night's lost connection.
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;
const CLEAN_EVERY_MS = 60 * 60 * 1000;
// While a whole upload is checked and staged (minutes for a multi-GB file), its finishing
// marker is renewed this often.
const RENEW_MS = 15_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The ids this server gives uploads (its namingFunction); no other id reaches the store. */
export const UPLOAD_ID = /^[0-9a-f]{32}$/;
const FINISHING =
  'This upload is whole and its file is being checked before ingest: ask again in a minute for its ingest job ' +
  '(the release page lists it once the file is staged)';

type UploadRequest = IncomingMessage & { adminSessionId?: string; originalUrl?: string };

/**
 * The upload id a request names: the last segment of its path, under the uploads path, and
 * only in the form this server issues. The query string names nothing (the tus library reads
 * the id from the whole URL, query included, and decodes it: `?x/..%2Ffile` named a file).
 */
export function uploadIdOf(req: UploadRequest): string | undefined {
  const path = (req.originalUrl ?? req.url ?? '').split('?')[0];
  if (!path.startsWith(`${UPLOADS_PATH}/`)) return undefined;
  const id = path.slice(UPLOADS_PATH.length + 1);
  return UPLOAD_ID.test(id) ? id : undefined;
}

/** A refusal the tus server answers with its status_code and body: the store's one error contract. */
class TusRefusal extends Error {
  readonly status_code: number;
  readonly body: string;
  constructor(statusCode: number, message: string, error: string) {
    super(message);
    this.status_code = statusCode;
    this.body = JSON.stringify({ statusCode, message, error });
  }
}
const tusError = (statusCode: number, message: string, error: string) => new TusRefusal(statusCode, message, error);

/**
 * Resumable uploads (the tus protocol) of release source files: the browser sends a multi-GB
 * file in pieces and, after a dropped connection, asks how far it got and goes on from there.
 * The pieces gather in the bucket (or, without one, on local disk); once whole, the file goes
 * through the very same checks, staging and ingest job as POST /api/admin/releases/:id/files,
 * exactly once however often its last PATCH is sent, and is then deleted.
 */
@Injectable()
export class AdminReleaseUploadsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('ReleaseUploads');
  private readonly server: Server;
  private readonly store: UploadStore;
  /** What store ids have before the public upload id (the bucket's prefix and `uploads/`). */
  private readonly idPrefix: string;
  private cleaner?: NodeJS.Timeout;

  constructor(
    private readonly receiver: SourceReceiver,
    private readonly auditLog: AuditLogRepository,
    private readonly outcomes: ReleaseUploadOutcomes,
    redis: RedisService,
    @Inject(storageConfig.KEY) config: ConfigType<typeof storageConfig>,
    @Inject(appConfig.KEY) app: ConfigType<typeof appConfig>,
  ) {
    this.store = uploadStoreFor(config.s3, config.dataDir, UPLOAD_EXPIRY_MS);
    this.idPrefix = storeIdPrefix(config.s3);
    this.server = new Server({
      path: UPLOADS_PATH,
      datastore: this.store.datastore,
      // One lock per upload across every replica, not per process.
      locker: new RedisUploadLocker(redis),
      maxSize: config.releaseFileMaxBytes,
      // Relative Location: behind a TLS proxy an absolute http:// URL would be blocked as mixed content.
      relativeLocation: true,
      // Only the store's own pages may read the answers (the console is served from the same origin).
      allowedOrigins: app.origins,
      namingFunction: () => this.idPrefix + randomBytes(16).toString('hex'),
      getFileIdFromRequest: (req) => {
        const id = uploadIdOf(req);
        return id && this.idPrefix + id;
      },
      generateUrl: (req, { path, id }) => `${path}/${this.publicId(id)}`,
      onIncomingRequest: (req, res, id) => this.admit(req, this.publicId(id)),
      onUploadCreate: (req, res, upload) => this.accept(res, upload),
      onUploadFinish: (req, res, upload) => this.handOff(req, res, upload),
      onResponseError: (req, res, error) => {
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        return this.contractOf(error);
      },
    });
  }

  onModuleInit(): void {
    if (!this.store.sweepsExpired) return;
    this.cleaner = setInterval(() => void this.cleanExpired(), CLEAN_EVERY_MS);
    this.cleaner.unref();
  }

  onModuleDestroy(): void {
    if (this.cleaner) clearInterval(this.cleaner);
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // The tus library would take the method from this header: a POST could then delete.
    if (req.headers['x-http-method-override'] !== undefined) {
      throw new BadRequestException('X-HTTP-Method-Override is not accepted: send PATCH, HEAD and DELETE as they are');
    }
    const id = uploadIdOf(req);
    if (id && (req.method === 'HEAD' || req.method === 'PATCH')) {
      const outcome = await this.outcomes.of(id);
      if (outcome && outcome.state !== 'finishing') return answerSettled(req, res, outcome);
    }
    await this.server.handle(req, res);
  }

  /** Deletes the bytes of uploads left unfinished past their expiry; answers how many. */
  async cleanExpired(): Promise<number> {
    // With a bucket the bucket's lifecycle rule does it (see uploadStoreFor).
    if (!this.store.sweepsExpired) return 0;
    try {
      const removed = await this.server.cleanUpExpiredUploads();
      if (removed > 0) this.logger.log(`${removed} unfinished upload(s) expired and deleted`);
      return removed;
    } catch (error) {
      this.logger.warn(`Cleaning expired uploads failed: ${(error as Error).message}`);
      return 0;
    }
  }

  private publicId(storeId: string): string {
    return storeId.slice(this.idPrefix.length);
  }

  /**
   * Before a PATCH or DELETE touches an upload: refuses one that is being finished, and
   * records a cancellation in the audit log before its bytes are deleted.
   */
  private async admit(req: UploadRequest, id: string): Promise<void> {
    if (req.method !== 'PATCH' && req.method !== 'DELETE') return;
    const outcome = await this.outcomes.of(id);
    if (outcome?.state === 'finishing') {
      throw tusError(
        423,
        req.method === 'DELETE'
          ? 'This upload is whole and its file is being checked: it can no longer be cancelled'
          : FINISHING,
        'Locked',
      );
    }
    if (req.method === 'DELETE') await this.recordCancel(req, id);
  }

  private async recordCancel(req: UploadRequest, id: string): Promise<void> {
    const upload = await this.store.datastore.getUpload(this.idPrefix + id);
    await this.auditLog.transaction((db) =>
      this.auditLog.record(db, {
        sessionId: req.adminSessionId!,
        action: 'release.upload_cancel',
        targetType: 'release',
        targetId: UUID.test(upload.metadata?.releaseId ?? '') ? upload.metadata!.releaseId! : null,
        before: {
          upload: id,
          county_id: upload.metadata?.countyId || null,
          filename: upload.metadata?.filename ?? null,
          bytes: upload.size ?? null,
          bytes_received: upload.offset,
        },
        after: null,
      }),
    );
  }

  /** Refuses an upload to a release that cannot take it before any byte is sent. */
  private async accept(res: ServerResponse, upload: Upload) {
    const { releaseId, countyId } = targetOf(upload);
    if (upload.sizeIsDeferred || upload.size === undefined) {
      throw tusError(400, 'Declare the file size (Upload-Length) when creating the upload', 'Bad Request');
    }
    try {
      await this.receiver.checkTarget(releaseId, countyId);
    } catch (error) {
      throw asTusError(error);
    }
    return res;
  }

  /**
   * The finished file into the ingest path; the ingest job's id goes back in Upload-Ingest-Job.
   * The tus library has let go of its lock by now, so the finishing marker is what keeps a
   * second request (a retry of the last PATCH, on any replica) from making a second job.
   */
  private async handOff(req: UploadRequest, res: ServerResponse, upload: Upload) {
    const id = this.publicId(upload.id);
    const { releaseId, countyId } = targetOf(upload);
    const size = upload.size ?? 0;
    if (!(await this.outcomes.begin(id))) throw tusError(423, FINISHING, 'Locked');
    const renewal = setInterval(() => void this.outcomes.renew(id).catch(() => undefined), RENEW_MS);
    // The connection is quiet while the server works, not idle: this server does not cut it (a
    // proxy may; then the client's resent last PATCH is answered 423 until the outcome is ready).
    const idleMs = req.socket.timeout ?? 0;
    req.socket.setTimeout(0);
    try {
      const job = await this.receiver.receiveFile(releaseId, countyId, await this.store.read(upload.id), size);
      await this.auditLog.transaction((db) =>
        this.auditLog.record(db, {
          sessionId: req.adminSessionId!,
          action: 'release.ingest',
          targetType: 'release',
          targetId: releaseId,
          before: null,
          after: { month: job.month, ingest_job: job.id, county_id: countyId, bytes: job.bytesTotal, upload: id },
        }),
      );
      await this.outcomes.settle(id, { state: 'finished', size, job });
      await this.discard(upload.id);
      return { res, headers: { 'Upload-Ingest-Job': job.id }, body: JSON.stringify(job) };
    } catch (error) {
      const refusal = asTusError(error);
      if (refusal instanceof TusRefusal) {
        // Refused: the answer is kept for a client that asks again, and the bytes are done with.
        await this.outcomes
          .settle(id, { state: 'refused', size, statusCode: refusal.status_code, body: refusal.body })
          .catch(() => undefined);
        await this.discard(upload.id);
      } else {
        // Something passing (storage, the database): the bytes stay, and resending the last
        // (empty) PATCH finishes the upload again.
        await this.outcomes.release(id).catch(() => undefined);
      }
      throw refusal;
    } finally {
      clearInterval(renewal);
      if (!req.socket.destroyed) req.socket.setTimeout(idleMs);
    }
  }

  private async discard(storeId: string): Promise<void> {
    await this.store.datastore.remove(storeId).catch((error: Error) => {
      this.logger.warn(`Upload ${this.publicId(storeId)}: its bytes could not be deleted (${error.message})`);
    });
  }

  /** Every answer in the store's error contract; an unknown error is logged and answered without its internals. */
  private contractOf(error: Error | { status_code: number; body: string }): { status_code: number; body: string } {
    if (error instanceof TusRefusal) return error;
    const status = 'status_code' in error && typeof error.status_code === 'number' ? error.status_code : 500;
    if (status >= 500) {
      this.logger.error(`Resumable upload failed: ${(error as Error).stack ?? (error as Error).message}`);
      return {
        status_code: 500,
        body: JSON.stringify({ statusCode: 500, message: 'Internal server error', error: STATUS_CODES[500] }),
      };
    }
    const body = (error as { body?: unknown }).body;
    const message =
      status === 404
        ? 'No unfinished upload has this id: it was finished, cancelled or has expired'
        : (typeof body === 'string' ? body.trim() : '') || STATUS_CODES[status] || 'Refused';
    return {
      status_code: status,
      body: JSON.stringify({ statusCode: status, message, error: STATUS_CODES[status] ?? 'Error' }),
    };
  }
}

/** The answer to a HEAD or PATCH of an upload already finished: what its last PATCH answered. */
function answerSettled(
  req: IncomingMessage,
  res: ServerResponse,
  outcome: Exclude<UploadOutcome, { state: 'finishing' }>,
) {
  // A resent last PATCH carries no bytes; whatever it does carry is not needed.
  req.resume();
  res.setHeader('Tus-Resumable', '1.0.0');
  res.setHeader('Cache-Control', 'no-store');
  if (req.method === 'HEAD') {
    res.writeHead(200, { 'Upload-Offset': outcome.size, 'Upload-Length': outcome.size }).end();
    return;
  }
  if (req.headers['upload-offset'] !== String(outcome.size)) {
    const body = JSON.stringify({
      statusCode: 409,
      message: `This upload is whole (${outcome.size} bytes): nothing more can be sent to it`,
      error: 'Conflict',
    });
    res.writeHead(409, { 'Content-Type': 'application/json' }).end(body);
    return;
  }
  if (outcome.state === 'finished') {
    res.writeHead(204, { 'Upload-Offset': outcome.size, 'Upload-Ingest-Job': outcome.job.id }).end();
    return;
  }
  res.writeHead(outcome.statusCode, { 'Content-Type': 'application/json' }).end(outcome.body);
}

function targetOf(upload: Upload): { releaseId: string; countyId: string | null } {
  const releaseId = upload.metadata?.releaseId ?? '';
  const countyId = upload.metadata?.countyId || null;
  if (!UUID.test(releaseId))
    throw tusError(400, 'Upload-Metadata must name the release (releaseId, a UUID)', 'Bad Request');
  if (countyId !== null && !UUID.test(countyId)) throw tusError(400, 'countyId must be a UUID', 'Bad Request');
  return { releaseId, countyId };
}

function asTusError(error: unknown) {
  if (error instanceof HttpException) {
    const answer = error.getResponse();
    const message = typeof answer === 'object' && answer && 'message' in answer ? answer.message : error.message;
    return tusError(
      error.getStatus(),
      String(message),
      error.name.replace(/Exception$/, '').replace(/([a-z])([A-Z])/g, '$1 $2'),
    );
  }
  return error;
}
