import { HttpException } from '@nestjs/common';
import type { ServerResponse } from 'node:http';

/** Runs work; when it refuses with a wait (429), tells the client how long in Retry-After. */
export async function sendRetryAfter<T>(res: ServerResponse, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const retryAfter = error instanceof HttpException && (error.getResponse() as { retryAfter?: number }).retryAfter;
    if (retryAfter) res.setHeader('Retry-After', String(retryAfter));
    throw error;
  }
}
