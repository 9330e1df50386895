import { BadRequestException } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import type { Transform } from 'node:stream';

// After refusing an upload, what the client still sends is read and dropped up to this much,
// so that it can read the answer; past it the connection is cut.
const DISCARD_LIMIT = 16 * 1024 * 1024;

/**
 * The request body through a checking stream. Not stream.pipeline: on a failure it would
 * destroy the request, and with it the connection the refusal must be sent on.
 */
export function bodyThrough<T extends Transform>(req: IncomingMessage, inspector: T): T {
  const aborted = () => {
    if (!req.complete) inspector.destroy(new BadRequestException('The upload was interrupted before the file ended'));
  };
  req.once('aborted', aborted);
  req.once('error', aborted);
  req.once('close', aborted);
  inspector.once('close', () => {
    req.off('aborted', aborted);
    req.off('error', aborted);
    req.off('close', aborted);
  });
  // The body can end, and the inspector fail, before storage starts reading it; storage
  // still gets that error (the stream stays errored), this only keeps it from being uncaught.
  inspector.on('error', () => undefined);
  req.pipe(inspector);
  return inspector;
}

/**
 * After a refusal: drops what the client is still sending, so it can read the answer on a
 * connection that stays usable, but only so much. A client that goes on past that is cut off.
 */
export function discardUnread(req: IncomingMessage): void {
  if (req.complete || req.destroyed) return;
  // A client that hangs up before its body ends never ends the request either: ending it with its
  // connection lets go of what waits for that end (the request's deadline timer).
  req.socket?.once('close', () => {
    if (!req.complete) req.destroy();
  });
  req.unpipe();
  let discarded = 0;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_LIMIT) req.socket.destroy();
  });
  req.resume();
}

/** Refuses, before reading any of it, a body whose Content-Length is not a number or passes the limit. */
export function declaredLengthProblem(req: IncomingMessage, maxBytes: number): 'not-a-number' | 'too-large' | null {
  const declared = req.headers['content-length'];
  if (declared === undefined) return null;
  if (!/^\d+$/.test(declared)) return 'not-a-number';
  return Number(declared) > maxBytes ? 'too-large' : null;
}
