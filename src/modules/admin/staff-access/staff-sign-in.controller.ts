import { Controller, Get, Inject, Logger, Next, Req, Res } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { ApiFoundResponse, ApiOperation, ApiResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import { appConfig } from '../../../config';
import { addressKey } from '../../../common/http/client-address';
import { sendRetryAfter } from '../../../common/http/retry-after';
import { type Limit, RateLimiter } from '../../../integrations/redis/rate-limiter.service';
import { AdminAuthService } from './admin-auth.service';
import { setAdminCookie } from './admin-cookie';
import { staffClientOf } from './staff-client';
import { StaffSignIn, StaffVerdict } from './staff-sign-in.service';

/**
 * Why staff sign-in came back to the login page, as a code the console turns into a sentence
 * (web-admin/src/pages/login/staff-sign-in-errors.ts). Codes only: nothing secret goes in a URL.
 */
export const STAFF_SIGN_IN_ERRORS = {
  notStaff: 'not-staff',
  failed: 'staff-sign-in-failed',
  unavailable: 'staff-sign-in-unavailable',
} as const;

const LOGIN_PAGE = '/admin/login';
/** Failed returns from the provider one address may make in the window, as for the password. */
const MAX_FAILED_RETURNS = 10;
const FAILURE_WINDOW_SECONDS = 15 * 60;
const TOO_MANY_FAILURES = 'Too many failed staff sign-ins from this address. Please wait 15 minutes and try again.';
/** How much of the provider's free text an audit entry keeps. */
const PROVIDER_WORDS_MAX = 100;

/** The provider's own words, cut short and marked as theirs, or null when it said nothing. */
export function providerWords(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(/[\p{Cc}\p{Cf}]+/gu, ' ').trim();
  if (!text) return null;
  const excerpt = text.length > PROVIDER_WORDS_MAX ? `${text.slice(0, PROVIDER_WORDS_MAX)}…` : text;
  return `The provider said (excerpt): "${excerpt}"`;
}

/** An OAuth error code is a short token (access_denied, login_required); anything else is not kept. */
function errorCode(value: unknown): string | null {
  return typeof value === 'string' && /^[\w.-]{1,40}$/.test(value) ? value : null;
}
const CONSOLE_HOME = '/admin/dashboard';

@ApiTags('admin')
@Controller('admin/staff-login')
export class StaffSignInController {
  private readonly logger = new Logger('StaffSignIn');

  constructor(
    private readonly staffSignIn: StaffSignIn,
    private readonly auth: AdminAuthService,
    private readonly limiter: RateLimiter,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Start named staff sign-in to the admin console with the OpenID provider (authorization code flow)',
  })
  @ApiFoundResponse({ description: 'To the provider' })
  @ApiResponse({ status: 303, description: 'Back to /admin/login?error=staff-sign-in-unavailable when not configured' })
  async start(@Req() req: Request, @Res() res: Response, @Next() next: NextFunction): Promise<void> {
    if (!this.staffSignIn.configured) return this.backToLogin(res, STAFF_SIGN_IN_ERRORS.unavailable);
    const passport = await this.staffSignIn.authenticator().catch((error: Error) => {
      this.logger.error(`Staff sign-in unavailable: ${error.message}`);
      return null;
    });
    if (!passport) return this.backToLogin(res, STAFF_SIGN_IN_ERRORS.unavailable);
    // The strategy reads `code` and `error` wherever it runs: here, where none belongs, any outcome but the
    // redirect to the provider is a sign-in that cannot start.
    passport.authenticate('staff-oidc', { session: false }, () => this.backToLogin(res, STAFF_SIGN_IN_ERRORS.failed))(
      req,
      res,
      next,
    );
  }

  @Get('callback')
  @ApiOperation({ summary: 'Where the provider returns: opens an admin session for a member of the staff group' })
  @ApiResponse({
    status: 303,
    description:
      'To /admin/dashboard with the httpOnly admin cookie set; or back to /admin/login?error=not-staff ' +
      '(no staff group) or ?error=staff-sign-in-failed',
  })
  @ApiTooManyRequestsResponse({ description: 'Ten failed returns from one address (its /64 for IPv6) in 15 minutes' })
  async callback(@Req() req: Request, @Res() res: Response, @Next() next: NextFunction): Promise<void> {
    if (!this.staffSignIn.configured) return this.backToLogin(res, STAFF_SIGN_IN_ERRORS.unavailable);
    const client = staffClientOf(req);
    const { code, error, state } = req.query;
    if ((code ?? error ?? state) !== undefined && !this.staffSignIn.startedHere(req)) {
      // A return from the provider to a sign-in this store did not begin in this browser: anyone can send
      // this, so it is counted per address (429 past the limit) and written nowhere, least of all in the
      // audit log staff rely on. (With none of those, the strategy starts sign-in over, as it always did.)
      await sendRetryAfter(res, () => this.limiter.enforce(TOO_MANY_FAILURES, this.failures(client)));
      this.logger.warn(`Staff sign-in return without a sign-in started here, from ${client.ipAddress ?? 'unknown'}`);
      return this.backToLogin(res, STAFF_SIGN_IN_ERRORS.failed);
    }
    const passport = await this.staffSignIn.authenticator();
    passport.authenticate('staff-oidc', { session: false }, (error: Error | null, verdict?: StaffVerdict | false) => {
      this.finish(req, res, client, error, verdict).catch(next);
    })(req, res, next);
  }

  private async finish(
    req: Request,
    res: Response,
    client: ReturnType<typeof staffClientOf>,
    error: Error | null,
    verdict: StaffVerdict | false | undefined,
  ): Promise<void> {
    if (error || !verdict) {
      // A provider error or a refused consent on a sign-in begun here: audited, with at most a short, marked
      // excerpt of what the provider said (free text anyone could have put in the address), and only while
      // this address is within its limit, so even a stream of begun-and-failed sign-ins cannot fill the log.
      this.staffSignIn.forgetState(res);
      const said = providerWords(req.query.error_description ?? error?.message);
      this.logger.warn(`Staff sign-in failed${said ? `: ${said}` : ''}`);
      if ((await this.limiter.hit(this.failures(client))) === 0)
        await this.auth.refused('staff-account', 'The provider did not complete the sign-in', client, undefined, {
          providerError: errorCode(req.query.error),
          providerSaid: said,
        });
      return this.backToLogin(res, STAFF_SIGN_IN_ERRORS.failed);
    }
    if ('refused' in verdict) {
      await this.auth.refused('staff-account', verdict.refused, client, verdict.identity);
      return this.backToLogin(res, STAFF_SIGN_IN_ERRORS.notStaff);
    }
    const { token } = await this.auth.signInStaff(verdict.staff, verdict.role, verdict.tokens, client);
    setAdminCookie(res, token, this.app.production);
    res.redirect(303, CONSOLE_HOME);
  }

  private failures(client: ReturnType<typeof staffClientOf>): Limit {
    return {
      key: ['staff-sign-in-failed', addressKey(client.ipAddress ?? '')],
      max: MAX_FAILED_RETURNS,
      windowSeconds: FAILURE_WINDOW_SECONDS,
    };
  }

  private backToLogin(res: Response, error: string): void {
    res.redirect(303, `${LOGIN_PAGE}?error=${error}`);
  }
}
