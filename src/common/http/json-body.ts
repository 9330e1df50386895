import { isUtf8 } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  BadRequestException,
  CanActivate,
  ExecutionContext,
  Injectable,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { json } from 'body-parser';
import type { Request, RequestHandler, Response } from 'express';

/** Far deeper than any body of ours (a cart is four levels); deep enough bodies overflow the validators' recursion. */
export const MAX_JSON_DEPTH = 32;
// Keys the validation pipe would strip without a word, so that an extra field could slip past "should not exist".
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor']);
const LONE_SURROGATE = /\p{Surrogate}/u;

/** Why a parsed JSON body is refused before any route sees it, or null. Walks without recursion. */
export function jsonBodyProblem(body: unknown): string | null {
  const pending: [value: unknown, depth: number][] = [[body, 1]];
  while (pending.length > 0) {
    const [value, depth] = pending.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return problem;
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_JSON_DEPTH) return `The request body is nested more than ${MAX_JSON_DEPTH} levels deep`;
    for (const [key, child] of Object.entries(value)) {
      if (FORBIDDEN_KEYS.has(key)) return `property ${key} should not exist`;
      const problem = textProblem(key);
      if (problem) return problem;
      pending.push([child, depth + 1]);
    }
  }
  return null;
}

// PostgreSQL stores neither: its text refuses NUL, its JSON refuses half a UTF-16 pair.
function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'The request body must not contain NUL characters';
  if (LONE_SURROGATE.test(text)) return 'The request body is not valid Unicode (half a surrogate pair)';
  return null;
}

/** An error body-parser passes on with its type, which the error contract turns into 400 with this message. */
class InvalidUtf8 extends Error {
  readonly type = 'entity.encoding.invalid';
}

/**
 * The JSON body parser of every route that takes JSON: within `limit`, valid UTF-8 only (instead
 * of bytes silently replaced by "�"), the raw bytes kept for webhook signatures, and then
 * refused with a 400 when jsonBodyProblem finds something.
 */
export function parseJsonBody(limit: string): RequestHandler {
  const parse = json({
    limit,
    verify: (req: IncomingMessage & { rawBody?: Buffer }, _res: ServerResponse, bytes: Buffer) => {
      if (!isUtf8(bytes)) throw new InvalidUtf8('The request body is not valid UTF-8');
      req.rawBody = bytes;
    },
  });
  return (req: Request, res: Response, next) =>
    parse(req, res, (error?: unknown) => {
      if (error) return next(error);
      const problem = jsonBodyProblem((req as { body?: unknown }).body);
      next(problem ? new BadRequestException(problem) : undefined);
    });
}

/**
 * For a route whose JSON body is all optional: refuses a body of another type (415) instead of
 * dropping it unread, which would carry out the request as if nothing had been asked — publish
 * every county where the sender meant to exclude some. No body at all is fine.
 */
@Injectable()
export class JsonBodyOnly implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    if (hasBody && !req.is('application/json')) {
      throw new UnsupportedMediaTypeException(
        'Send the request body as JSON (Content-Type: application/json), or none',
      );
    }
    return true;
  }
}
