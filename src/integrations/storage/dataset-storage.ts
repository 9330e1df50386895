import type { ServerResponse } from 'node:http';
import { pipeline, type Readable } from 'node:stream';

/** How a presigned download presents itself to the buyer's browser or script. */
export interface DownloadPresentation {
  /** The name the file is saved under (Content-Disposition: attachment). */
  filename: string;
  contentType: string;
}

/** The status and headers of a response that sends an object. */
export interface ResponseHead {
  status: number;
  headers: Record<string, string>;
}

/**
 * Where dataset files live, by key (`counties/24510/2026-11.csv.gz`): a local directory
 * (DATA_DIR, the zero-configuration default) or an S3-compatible bucket (STORAGE_URL).
 * Both keep the same promises: readers never see half an object, a failed streamed put
 * leaves nothing behind, keys never leave the store, a missing key is no error to delete
 * and has no size. Callers inject this class and never learn which one they got.
 */
export abstract class DatasetStorage {
  /** Writes the whole object at once: readers never see half of it. */
  abstract put(key: string, bytes: Buffer): Promise<void>;

  /**
   * Streams an object in without holding it in memory. It appears under its key only once
   * the stream has ended without error; a stream that fails or is destroyed (a refused or
   * aborted upload) leaves nothing behind.
   */
  abstract putStream(key: string, source: Readable): Promise<void>;

  /** Removes an object; one already gone is no error. */
  abstract delete(key: string): Promise<void>;

  /** The object's size in bytes, or null when there is no such object. */
  abstract size(key: string): Promise<number | null>;

  /** The object's bytes, or a range of them (inclusive, as HTTP Range counts). */
  abstract read(key: string, range?: { start: number; end: number }): Readable;

  /**
   * Answers a response with `head` and the object's bytes, or a range of them. Resolves once the
   * sending is under way; a failure after that, or a client that leaves, ends the response early.
   */
  send(key: string, range: { start: number; end: number }, res: ServerResponse, head: ResponseHead): Promise<void> {
    res.writeHead(head.status, head.headers);
    // The response is cut short either way; the client sees it by the length.
    pipeline(this.read(key, range), res, () => undefined);
    return Promise.resolve();
  }

  /**
   * A short-lived URL the buyer can fetch the object from directly, so that no byte passes
   * through the API; null when the store has no such URLs (local files are streamed by the API).
   */
  abstract downloadUrl(key: string, presentation: DownloadPresentation): Promise<string | null>;

  /** Resolves when the store can be reached and written to now; for the health check. */
  abstract checkReachable(): Promise<void>;
}
