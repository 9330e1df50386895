import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Handler } from 'express';
import passport from 'passport';

// authenticate() answers Express middleware; @types/passport leaves that any.
type Authenticator = passport.Authenticator<Handler, Handler>;
import { Strategy as OpenIDConnectStrategy, VerifyCallback } from 'passport-openidconnect';
import { DataSource } from 'typeorm';
import { appConfig, authConfig } from '../../config';
import type { DevProvider } from '../../dev/oidc-provider/dev-oidc-provider';
import { DEV_OIDC_PROVIDER } from '../../integrations/oidc/dev-oidc-provider.provider';
import { discoverIssuer, IssuerEndpoints, strategyOptions } from '../../integrations/oidc/issuer-endpoints';
import { SignInStateCookie, SignInStateStore } from '../../integrations/oidc/signed-state-store';
import { UsersRepository } from '../users';

export const SIGN_IN_NOT_CONFIGURED = 'Sign-in is not configured';
export const CALLBACK_PATH = '/api/login/callback';

/** A customer's sign-in in progress: sent only to /api/login and its callback. */
export const SIGN_IN_STATE: SignInStateCookie = { name: 'cds.signin', path: '/api/login', purpose: 'customer' };

/**
 * The store as an OpenID Connect relying party: the development provider
 * locally, or the issuer in OIDC_ISSUER_URL (endpoints from its discovery
 * document), through passport-openidconnect with state and nonce checked.
 */
@Injectable()
export class OidcClient {
  private readonly logger = new Logger('SignIn');
  private ready: Promise<{ passport: Authenticator; endpoints: IssuerEndpoints }> | null = null;

  constructor(
    @Inject(authConfig.KEY) private readonly auth: ConfigType<typeof authConfig>,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly users: UsersRepository,
    @Inject(DEV_OIDC_PROVIDER) readonly devProvider: DevProvider | null,
  ) {
    if (this.devProvider) this.logger.warn(`Development sign-in provider active at ${this.devProvider.issuer}`);
    else if (!this.configured)
      this.logger.warn(`OIDC_ISSUER_URL or OIDC_CLIENT_ID unset: /api/login answers "${SIGN_IN_NOT_CONFIGURED}"`);
  }

  get configured(): boolean {
    return this.devProvider !== null || Boolean(this.auth.oidc.issuerUrl && this.auth.oidc.clientId);
  }

  /** Passport with the OIDC strategy, made on first use (a real issuer's discovery document is fetched then). */
  authenticator(): Promise<{ passport: Authenticator; endpoints: IssuerEndpoints }> {
    this.ready ??= this.endpoints()
      .then((endpoints) => ({ passport: this.buildPassport(endpoints), endpoints }))
      .catch((error) => {
        this.ready = null;
        throw error;
      });
    return this.ready;
  }

  private async endpoints(): Promise<IssuerEndpoints> {
    if (this.devProvider) return this.devProvider;
    return discoverIssuer(this.auth.oidc.issuerUrl as string, {
      clientId: this.auth.oidc.clientId as string,
      clientSecret: this.auth.oidc.clientSecret ?? '',
    });
  }

  private buildPassport(endpoints: IssuerEndpoints): Authenticator {
    const authenticator = new passport.Authenticator() as Authenticator;
    const verify = (
      issuer: string,
      userInfo: { _json?: Record<string, unknown> } | undefined,
      idProfile: { id: string },
      _context: unknown,
      _idToken: unknown,
      _accessToken: unknown,
      _refreshToken: unknown,
      _params: unknown,
      done: VerifyCallback,
    ) => {
      const claims = userInfo?._json ?? {};
      this.db
        .transaction((db) =>
          this.users.signIn(db, {
            issuer,
            subject: idProfile.id,
            email: typeof claims.email === 'string' ? claims.email : undefined,
            emailVerified: claims.email_verified === true || claims.email_verified === 'true',
            firstName: typeof claims.given_name === 'string' ? claims.given_name : undefined,
            lastName: typeof claims.family_name === 'string' ? claims.family_name : undefined,
            pictureUrl: typeof claims.picture === 'string' ? claims.picture : undefined,
          }),
        )
        .then((userId) => done(null, { userId }))
        .catch((error: Error) => done(error));
    };
    authenticator.use(
      'oidc',
      new OpenIDConnectStrategy(
        strategyOptions(
          endpoints,
          `${this.app.publicUrl}${CALLBACK_PATH}`,
          // State, nonce and return path in a signed cookie: starting a sign-in writes no session row.
          new SignInStateStore(this.auth.sessionSecrets, SIGN_IN_STATE, this.app.production),
        ),
        verify as unknown as ConstructorParameters<typeof OpenIDConnectStrategy>[1],
      ),
    );
    return authenticator;
  }

  /** Where to send the browser to end the issuer's session too, when the issuer supports it. */
  async logoutUrl(): Promise<string | undefined> {
    if (!this.configured) return undefined;
    const { endpoints } = await this.authenticator();
    if (!endpoints.endSessionUrl) return undefined;
    const url = new URL(endpoints.endSessionUrl);
    url.searchParams.set('client_id', endpoints.clientId);
    url.searchParams.set('post_logout_redirect_uri', `${this.app.publicUrl}/`);
    return url.toString();
  }
}
