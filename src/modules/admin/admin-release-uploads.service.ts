import { HttpException, Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import { createReadStream, mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { storageConfig } from '../../config';
import { SourceReceiver } from '../datasets';
import { AuditLogRepository } from './audit-log.repository';

/** Where the tus endpoint answers (the API's global prefix included). */
export const UPLOADS_PATH = '/api/admin/uploads';
// An upload left unfinished this long is given up on and its bytes deleted: a day leaves
// room to resume a multi-GB file after a night's lost connection.
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;
const CLEAN_EVERY_MS = 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type UploadRequest = IncomingMessage & { adminSessionId?: string };

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
 * The pieces gather on local disk; once whole, the file goes through the very same checks,
 * staging and ingest job as POST /api/admin/releases/:id/files, and is then deleted.
 */
@Injectable()
export class AdminReleaseUploadsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('ReleaseUploads');
  private readonly server: Server;
  private cleaner?: NodeJS.Timeout;

  constructor(
    private readonly receiver: SourceReceiver,
    private readonly auditLog: AuditLogRepository,
    @Inject(storageConfig.KEY) config: ConfigType<typeof storageConfig>,
  ) {
    const directory = join(config.dataDir, '.uploads');
    mkdirSync(directory, { recursive: true });
    const store = new FileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
    this.server = new Server({
      path: UPLOADS_PATH,
      datastore: store,
      maxSize: config.releaseFileMaxBytes,
      // Relative Location: behind a TLS proxy an absolute http:// URL would be blocked as mixed content.
      relativeLocation: true,
      onUploadCreate: (req, res, upload) => this.accept(res, upload),
      onUploadFinish: (req, res, upload) => this.handOff(req, res, upload, store),
    });
  }

  onModuleInit(): void {
    this.cleaner = setInterval(() => void this.cleanExpired(), CLEAN_EVERY_MS);
    this.cleaner.unref();
  }

  onModuleDestroy(): void {
    if (this.cleaner) clearInterval(this.cleaner);
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    await this.server.handle(req, res);
  }

  /** Deletes the bytes of uploads left unfinished past their expiry; answers how many. */
  async cleanExpired(): Promise<number> {
    try {
      const removed = await this.server.cleanUpExpiredUploads();
      if (removed > 0) this.logger.log(`${removed} unfinished upload(s) expired and deleted`);
      return removed;
    } catch (error) {
      this.logger.warn(`Cleaning expired uploads failed: ${(error as Error).message}`);
      return 0;
    }
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

  /** The finished file into the ingest path; the ingest job's id goes back in Upload-Ingest-Job. */
  private async handOff(req: UploadRequest, res: ServerResponse, upload: Upload, store: FileStore) {
    const { releaseId, countyId } = targetOf(upload);
    try {
      const body = createReadStream(join(store.directory, upload.id));
      const job = await this.receiver.receiveFile(releaseId, countyId, body, upload.size ?? 0);
      await this.auditLog.transaction((db) =>
        this.auditLog.record(db, {
          sessionId: req.adminSessionId!,
          action: 'release.ingest',
          targetType: 'release',
          targetId: releaseId,
          before: null,
          after: {
            month: job.month,
            ingest_job: job.id,
            county_id: countyId,
            bytes: job.bytesTotal,
            upload: upload.id,
          },
        }),
      );
      return { res, headers: { 'Upload-Ingest-Job': job.id }, body: JSON.stringify(job) };
    } catch (error) {
      throw asTusError(error);
    } finally {
      // Staged or refused, the upload's bytes are done with.
      await store.remove(upload.id).catch(() => undefined);
    }
  }
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
