import { Controller, Get, Inject, Logger, Next, Req, Res } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { ApiFoundResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import { appConfig } from '../../config';
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
const CONSOLE_HOME = '/admin/dashboard';

@ApiTags('admin')
@Controller('admin/staff-login')
export class StaffSignInController {
  private readonly logger = new Logger('StaffSignIn');

  constructor(
    private readonly staffSignIn: StaffSignIn,
    private readonly auth: AdminAuthService,
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
  async callback(@Req() req: Request, @Res() res: Response, @Next() next: NextFunction): Promise<void> {
    if (!this.staffSignIn.configured) return this.backToLogin(res, STAFF_SIGN_IN_ERRORS.unavailable);
    const passport = await this.staffSignIn.authenticator();
    const client = staffClientOf(req);
    passport.authenticate('staff-oidc', { session: false }, (error: Error | null, verdict?: StaffVerdict | false) => {
      this.finish(res, client, error, verdict).catch(next);
    })(req, res, next);
  }

  private async finish(
    res: Response,
    client: ReturnType<typeof staffClientOf>,
    error: Error | null,
    verdict: StaffVerdict | false | undefined,
  ): Promise<void> {
    if (error || !verdict) {
      // A provider error, a stale or forged state, a refused consent: audited, and staff may try again.
      const reason = error ? `Provider error: ${error.message}` : 'The sign-in could not be verified';
      this.logger.warn(`Staff sign-in failed: ${reason}`);
      await this.auth.refused('staff-account', reason.slice(0, 300), client);
      return this.backToLogin(res, STAFF_SIGN_IN_ERRORS.failed);
    }
    if ('refused' in verdict) {
      await this.auth.refused('staff-account', verdict.refused, client, verdict.identity);
      return this.backToLogin(res, STAFF_SIGN_IN_ERRORS.notStaff);
    }
    const { token } = await this.auth.signInStaff(verdict.staff, client);
    setAdminCookie(res, token, this.app.production);
    res.redirect(303, CONSOLE_HOME);
  }

  private backToLogin(res: Response, error: string): void {
    res.redirect(303, `${LOGIN_PAGE}?error=${error}`);
  }
}
