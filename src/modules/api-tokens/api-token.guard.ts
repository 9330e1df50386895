import {
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  HttpException,
  HttpStatus,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { addressKey } from '../../common/http/client-address';
import { RateLimiter } from '../../integrations/redis/rate-limiter.service';
import { ApiTokensService, TokenCheck } from './api-tokens.service';

/** Per token, shared by every replica (Redis): a monthly pull of a few hundred counties paces itself through it. */
export const API_TOKEN_RATE_LIMIT = { max: 120, windowSeconds: 60 };

/**
 * Per client address, refused tokens only: guessing one is hopeless (about 238 random bits), but each
 * well-formed guess costs a database lookup. A script whose token was revoked stays well under it.
 */
export const REFUSED_TOKEN_LIMIT = { max: 60, windowSeconds: 600 };

export const TOO_MANY_REFUSED_TOKENS =
  'Too many requests with API tokens that are not valid from your address. Wait the seconds that Retry-After ' +
  'gives, and use a token from your dashboard.';

const CREATE_ONE = 'Create one on your dashboard, under API tokens.';

export const TOKEN_REFUSALS: Record<'missing' | Extract<TokenCheck, { valid: false }>['reason'], string> = {
  missing: `This API takes an API token: send it as "Authorization: Bearer <token>". ${CREATE_ONE}`,
  malformed: `This is not an API token: a token is "cds_" and 40 letters and digits. ${CREATE_ONE}`,
  unknown: `This API token is not valid. Check that it was copied whole, or create a new one on your dashboard.`,
  revoked: `This API token has been revoked. ${CREATE_ONE}`,
};

export const TOO_MANY_TOKEN_REQUESTS =
  `Too many requests with this API token: at most ${API_TOKEN_RATE_LIMIT.max} a minute. ` +
  'Wait the seconds that Retry-After gives, then go on.';

const REALM = 'realm="County Data Store API"';

function tooMany(res: Response, retryAfter: number, message: string): never {
  res.setHeader('Retry-After', String(retryAfter));
  throw new HttpException(message, HttpStatus.TOO_MANY_REQUESTS);
}

/** Who a request's bearer token speaks for (set by ApiTokenGuard). */
const owners = new WeakMap<Request, string>();

/** The token in an `Authorization: Bearer …` header ('' for the scheme alone); null without one (no header, or another scheme). */
export function bearerTokenOf(header: string | undefined): string | null {
  const match = /^Bearer(?:[ ]+(.*))?$/i.exec(header?.trim() ?? '');
  return match ? (match[1] ?? '').trim() : null;
}

/**
 * Lets a request through only with a live API token, counted against its rate limit. Only the
 * Authorization header counts: cookies are never read, so a page another site opens in a
 * signed-in customer's browser cannot use this API on their behalf.
 */
@Injectable()
export class ApiTokenGuard implements CanActivate {
  constructor(
    private readonly tokens: ApiTokensService,
    private readonly limiter: RateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    const presented = bearerTokenOf(req.headers.authorization);
    if (presented === null) {
      res.setHeader('WWW-Authenticate', `Bearer ${REALM}`);
      throw new UnauthorizedException(TOKEN_REFUSALS.missing);
    }
    const checked = await this.tokens.check(presented);
    if (!checked.valid) {
      const wait = await this.limiter.hit({
        key: ['api-token-refused', addressKey(req.ip ?? '')],
        ...REFUSED_TOKEN_LIMIT,
      });
      if (wait > 0) tooMany(res, wait, TOO_MANY_REFUSED_TOKENS);
      res.setHeader('WWW-Authenticate', `Bearer ${REALM}, error="invalid_token"`);
      throw new UnauthorizedException(TOKEN_REFUSALS[checked.reason]);
    }
    const retryAfter = await this.limiter.hit({ key: ['api-token', checked.tokenId], ...API_TOKEN_RATE_LIMIT });
    if (retryAfter > 0) tooMany(res, retryAfter, TOO_MANY_TOKEN_REQUESTS);
    owners.set(req, checked.userId);
    return true;
  }
}

/** The id of the customer whose API token made the request (use behind ApiTokenGuard). */
export const ApiTokenUserId = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const userId = owners.get(context.switchToHttp().getRequest<Request>());
  // Only reachable by a route that forgot the guard: refuse rather than act for no one.
  if (!userId) throw new UnauthorizedException(TOKEN_REFUSALS.missing);
  return userId;
});
