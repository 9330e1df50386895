import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { ErrorRequestHandler } from 'express';
import { STATUS_CODES, type ServerResponse } from 'node:http';

export interface ErrorBody {
  statusCode: number;
  message: string;
  error: string;
}

// Errors raised by Express's body parsers before a route runs.
const BODY_PARSER_MESSAGES: Record<string, [number, string]> = {
  'entity.parse.failed': [400, 'The request body is not valid JSON'],
  'entity.too.large': [413, 'The request body is too large'],
  'encoding.unsupported': [415, 'The request body encoding is not supported'],
  'charset.unsupported': [415, 'The request body character set is not supported'],
  'request.aborted': [400, 'The request was aborted'],
  'entity.verify.failed': [400, 'The request body could not be verified'],
  'entity.encoding.invalid': [400, 'The request body is not valid UTF-8'],
};

function messageOf(response: string | object): string {
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  return typeof message === 'string' ? message : 'Request failed';
}

export const TEMPORARILY_UNAVAILABLE = 'The store is briefly unavailable. Please try again in a moment.';

// ioredis while Redis is unreachable; pg and node while PostgreSQL is (SQLSTATE class 08 is
// "connection exception", 57P0x the server shutting down or starting up).
const REDIS_DOWN =
  /^(Command timed out|Connection is closed\.|Stream isn't writeable|Reached the max retries per request limit)/;
const NETWORK_DOWN = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);
const POSTGRES_DOWN = /^(08|57P0)/;

/** Whether an error only says that PostgreSQL or Redis cannot be reached right now. */
export function isServiceDown(exception: unknown): boolean {
  // Node, pg and ioredis give string or numeric codes; String() below still copes with anything else.
  const error = exception as { code?: string | number; message?: string; driverError?: { code?: string | number } };
  const code = String(error?.driverError?.code ?? error?.code ?? '');
  const message = String(error?.message ?? '');
  return (
    NETWORK_DOWN.has(code) ||
    POSTGRES_DOWN.test(code) ||
    REDIS_DOWN.test(message) ||
    message.startsWith('Connection terminated')
  );
}

/** The one error contract: `{ statusCode, message, error }`, never internals. */
export function describeError(exception: unknown): { statusCode: number; message: string } {
  if (isServiceDown(exception)) return { statusCode: 503, message: TEMPORARILY_UNAVAILABLE };
  if (exception instanceof HttpException) {
    return { statusCode: exception.getStatus(), message: messageOf(exception.getResponse()) };
  }
  const parserError = exception as {
    type?: string;
    code?: unknown;
    status?: number;
    expose?: boolean;
    message?: string;
  };
  const known = parserError.type ? BODY_PARSER_MESSAGES[parserError.type] : undefined;
  if (known) return { statusCode: known[0], message: known[1] };
  // zlib's own words ("incorrect header check") for a body whose Content-Encoding does not match it.
  if (typeof parserError.code === 'string' && parserError.code.startsWith('Z_')) {
    return { statusCode: 400, message: 'The request body could not be decompressed as its Content-Encoding says' };
  }
  if (parserError.expose && parserError.status && parserError.status >= 400 && parserError.status < 500) {
    return { statusCode: parserError.status, message: parserError.message ?? 'Bad request' };
  }
  return { statusCode: 500, message: 'Internal server error' };
}

const logger = new Logger('HttpError');

/** Answers with the error contract; works on Express's response and on a plain Node one alike. */
export function replyWithError(res: ServerResponse, exception: unknown): void {
  const { statusCode, message } = describeError(exception);
  // An unknown error is a bug: its stack is logged. A deliberate 5xx (a service not configured or down) is one line.
  if (statusCode >= 500 && exception instanceof HttpException) logger.warn(`${statusCode} ${message}`);
  else if (statusCode === 503)
    logger.warn(`503: ${exception instanceof Error ? exception.message : String(exception)}`);
  else if (statusCode >= 500) logger.error(exception instanceof Error ? exception.stack : String(exception));
  if (res.headersSent) return;
  const body: ErrorBody = { statusCode, message, error: STATUS_CODES[statusCode] ?? 'Error' };
  res.statusCode = statusCode;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(body));
}

/** Errors raised in route handlers, guards and pipes. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    replyWithError(host.switchToHttp().getResponse<ServerResponse>(), exception);
  }
}

/** Errors raised in Express middleware (body parsing) before Nest routes a request. */
export const middlewareErrorHandler: ErrorRequestHandler = (error, _req, res, _next) => replyWithError(res, error);
