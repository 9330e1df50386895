import {
  Controller,
  Get,
  Header,
  Inject,
  Logger,
  Next,
  Post,
  Query,
  Req,
  Res,
  ServiceUnavailableException,
  UnauthorizedException,
  UseGuards,
} from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import {
  ApiForbiddenResponse,
  ApiFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { NextFunction, Request, Response } from 'express';
import { DataSource } from 'typeorm';
import { appConfig } from '../../config';
import { UsersRepository } from '../users';
import { CurrentUserDto } from './dto/current-user.dto';
import { OidcClient, SIGN_IN_NOT_CONFIGURED, SIGN_IN_STATE } from './oidc-client.service';
import { refererPath, safeReturnPath } from './return-path';
import { SESSION_COOKIE, sessionCookieOptions } from './session.middleware';
import { confirmSignOutPage, continueToProviderPage, SIGN_OUT_STYLESHEET } from './sign-out-page';
import { SignedInGuard, SignedInUserId } from './signed-in.guard';
import { signInStateCookieOptions } from '../../integrations/oidc/signed-state-store';

@ApiTags('auth')
@Controller()
export class AuthController {
  private readonly logger = new Logger('SignIn');

  constructor(
    private readonly oidc: OidcClient,
    private readonly users: UsersRepository,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
  ) {}

  @Get('login')
  @ApiOperation({ summary: 'Start signing in with the OpenID provider (authorization code flow)' })
  @ApiQuery({ name: 'returnTo', required: false, description: 'A path in the store to come back to' })
  @ApiFoundResponse({ description: 'To the provider' })
  @ApiServiceUnavailableResponse({ description: SIGN_IN_NOT_CONFIGURED })
  async login(
    @Req() req: Request,
    @Res() res: Response,
    @Next() next: NextFunction,
    @Query('returnTo') returnTo?: string,
  ): Promise<void> {
    if (!this.oidc.configured) throw new ServiceUnavailableException(SIGN_IN_NOT_CONFIGURED);
    const state = { returnTo: safeReturnPath(returnTo ?? refererPath(req.headers.referer, this.app.origins)) };
    const { passport } = await this.oidc.authenticator();
    // The return path travels in the signed state cookie with the OIDC state and nonce (SignInStateStore);
    // the strategy hands `state` to the store as is, though passport's types say string.
    passport.authenticate('oidc', { state: state as unknown as string })(req, res, next);
  }

  @Get('login/callback')
  @ApiOperation({ summary: 'Where the provider returns: signs the customer in, then back to where they came from' })
  @ApiResponse({ status: 303, description: 'To the page the customer came from, or / when sign-in failed' })
  @ApiFoundResponse({ description: 'Back to the provider when the request carries no code (sign-in starts again)' })
  async callback(@Req() req: Request, @Res() res: Response, @Next() next: NextFunction): Promise<void> {
    if (!this.oidc.configured) throw new ServiceUnavailableException(SIGN_IN_NOT_CONFIGURED);
    const { passport } = await this.oidc.authenticator();
    passport.authenticate(
      'oidc',
      { session: false },
      (error: Error | null, user?: { userId: string }, info?: { state?: { returnTo?: unknown } }) => {
        // The sign-in this callback ends is over, whatever its outcome: its state cookie goes.
        res.clearCookie(SIGN_IN_STATE.name, signInStateCookieOptions(SIGN_IN_STATE, this.app.production));
        if (error || !user) {
          this.logger.warn(`Sign-in failed: ${error?.message ?? JSON.stringify(info)}`);
          res.redirect(303, '/');
          return;
        }
        const returnTo = safeReturnPath(info?.state?.returnTo);
        // A new session id at sign-in: an id planted before cannot ride along.
        req.session.regenerate((regenerateError) => {
          if (regenerateError) return next(regenerateError);
          req.session.userId = user.userId;
          req.session.save((saveError) => (saveError ? next(saveError) : res.redirect(303, returnTo)));
        });
      },
    )(req, res, next);
  }

  @Get('logout')
  @Header('Cache-Control', 'no-store')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @ApiOperation({
    summary: 'A page with a Sign out button (a form posting to /api/logout); following a link here signs nobody out',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'The sign-out page', schema: { type: 'string' } })
  signOutPage(): string {
    return confirmSignOutPage();
  }

  @Get('logout/page.css')
  @ApiOperation({ summary: "The sign-out pages' stylesheet (the pages may carry no inline style)" })
  @ApiProduces('text/css')
  @ApiOkResponse({ description: 'The stylesheet', schema: { type: 'string' } })
  @Header('Content-Type', 'text/css; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  signOutStylesheet(): string {
    return SIGN_OUT_STYLESHEET;
  }

  @Post('logout')
  @ApiOperation({
    summary: "Sign out: end the session (and the provider's, where it supports that), back to /",
    description: "Same-origin only, like every write: a form of this site (the store's Logout link) posts it.",
  })
  @ApiResponse({ status: 303, description: "To the provider's sign-out on this site, then /" })
  @ApiProduces('text/html')
  @ApiOkResponse({
    description: "A page that moves on to the provider's sign-out on another site, then /",
    schema: { type: 'string' },
  })
  @ApiForbiddenResponse({ description: 'Sent from another site: { message: "Cross-site requests are not allowed" }' })
  async logout(@Req() req: Request, @Res() res: Response): Promise<void> {
    const target = (await this.oidc.logoutUrl().catch(() => undefined)) ?? '/';
    req.session.destroy(() => {
      res.clearCookie(SESSION_COOKIE, sessionCookieOptions(this.app.production));
      res.setHeader('Cache-Control', 'no-store');
      if (this.isOwnPage(target)) res.redirect(303, target);
      else res.type('html').send(continueToProviderPage(target));
    });
  }

  private isOwnPage(target: string): boolean {
    const url = new URL(target, this.app.publicUrl);
    return this.app.origins.includes(url.origin);
  }

  @Get('auth/user')
  @UseGuards(SignedInGuard)
  @ApiOperation({ summary: 'The signed-in customer' })
  @ApiOkResponse({ type: CurrentUserDto })
  @ApiUnauthorizedResponse({ description: 'Not signed in: { message: "Unauthorized" }' })
  async user(@SignedInUserId() userId: string): Promise<CurrentUserDto> {
    const user = await this.users.findProfile(this.db.manager, userId);
    if (!user) throw new UnauthorizedException('Unauthorized');
    return user;
  }
}
