import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { ModuleRef } from '@nestjs/core';
import type { Handler } from 'express';
import passport from 'passport';
import { Strategy as OpenIDConnectStrategy, VerifyCallback } from 'passport-openidconnect';
import { adminConfig, appConfig, authConfig } from '../../config';
import type { DevProvider } from '../../dev/oidc-provider/dev-oidc-provider';
import { DEV_OIDC_PROVIDER } from '../../integrations/oidc/dev-oidc-provider.provider';
import { discoverIssuer, IssuerEndpoints, strategyOptions } from '../../integrations/oidc/issuer-endpoints';
import { SignInStateStore } from '../../integrations/oidc/signed-state-store';
import type { StaffIdentity } from './admin-auth.service';

type Authenticator = passport.Authenticator<Handler, Handler>;

export const STAFF_LOGIN_PATH = '/api/admin/staff-login';
/** Registered with the provider as a redirect URI of the store's client (the development provider does so itself). */
export const STAFF_CALLBACK_PATH = `${STAFF_LOGIN_PATH}/callback`;
/** A staff sign-in in progress: the admin area has no server session, and any replica may finish it. */
const STAFF_SIGN_IN_STATE = { name: 'cds.admin-sign-in', path: STAFF_LOGIN_PATH, purpose: 'staff' };

/** What the provider said about a person: a staff member, or someone to refuse (and audit) with a reason. */
export type StaffVerdict = { staff: StaffIdentity } | { refused: string; identity: Partial<StaffIdentity> };

/** The groups a claim lists: an array, or one string of names separated by spaces or commas. */
export function groupsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((group): group is string => typeof group === 'string');
  if (typeof value === 'string') return value.split(/[\s,]+/).filter(Boolean);
  return [];
}

function idTokenClaims(idToken: unknown): Record<string, unknown> {
  if (typeof idToken !== 'string') return {};
  try {
    // The strategy has checked the token (issuer, audience, expiry, nonce); only its claims are read here.
    return JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
  } catch {
    return {};
  }
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 200) : null);

/**
 * Named staff sign-in to the admin console through the store's OpenID provider (authorization code
 * flow, state and nonce checked), for members of the staff group only (OIDC_STAFF_GROUP in the
 * OIDC_STAFF_GROUP_CLAIM claim of the ID token or userinfo). The shared password stays as break-glass.
 */
@Injectable()
export class StaffSignIn {
  private readonly logger = new Logger('StaffSignIn');
  private ready: Promise<Authenticator> | null = null;

  constructor(
    @Inject(adminConfig.KEY) private readonly admin: ConfigType<typeof adminConfig>,
    @Inject(authConfig.KEY) private readonly auth: ConfigType<typeof authConfig>,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
    private readonly modules: ModuleRef,
  ) {}

  /** Off without a staff group, or without a provider (no issuer and no development provider). */
  get configured(): boolean {
    const provider = this.auth.useDevProvider || Boolean(this.auth.oidc.issuerUrl && this.auth.oidc.clientId);
    return Boolean(this.admin.staffSignIn.group) && provider;
  }

  /** Passport with the staff strategy, made on first use (a real issuer's discovery document is fetched then). */
  authenticator(): Promise<Authenticator> {
    this.ready ??= this.endpoints()
      .then((endpoints) => this.build(endpoints))
      .catch((error) => {
        this.ready = null;
        throw error;
      });
    return this.ready;
  }

  private async endpoints(): Promise<IssuerEndpoints> {
    if (this.auth.useDevProvider) {
      // The development provider is made once, by the auth module, and mounted in the store.
      const dev = this.modules.get<typeof DEV_OIDC_PROVIDER, DevProvider | null>(DEV_OIDC_PROVIDER, { strict: false });
      if (!dev) throw new Error('The development sign-in provider is not running');
      return dev;
    }
    return discoverIssuer(this.auth.oidc.issuerUrl as string, {
      clientId: this.auth.oidc.clientId as string,
      clientSecret: this.auth.oidc.clientSecret ?? '',
    });
  }

  private build(endpoints: IssuerEndpoints): Authenticator {
    const { groupClaim, group } = this.admin.staffSignIn;
    const verify = (
      issuer: string,
      userInfo: { _json?: Record<string, unknown> } | undefined,
      idProfile: { id: string },
      _context: unknown,
      idToken: unknown,
      _accessToken: unknown,
      _refreshToken: unknown,
      _params: unknown,
      done: VerifyCallback,
    ) => {
      const claims = { ...idTokenClaims(idToken), ...(userInfo?._json ?? {}) };
      const given = [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ');
      const identity: StaffIdentity = {
        subject: `${issuer}#${idProfile.id}`.slice(0, 300),
        email: text(claims.email),
        name: text(claims.name) ?? (given || null),
      };
      // Both sources are asked: some providers put groups in the ID token only, others in userinfo only.
      const groups = [...groupsIn(idTokenClaims(idToken)[groupClaim]), ...groupsIn(userInfo?._json?.[groupClaim])];
      const verdict: StaffVerdict = groups.includes(group as string)
        ? { staff: identity }
        : { refused: `Not in the staff group (${groupClaim}: ${group})`, identity };
      done(null, verdict);
    };
    const authenticator = new passport.Authenticator() as Authenticator;
    authenticator.use(
      'staff-oidc',
      new OpenIDConnectStrategy(
        {
          ...strategyOptions(
            endpoints,
            `${this.app.publicUrl}${STAFF_CALLBACK_PATH}`,
            new SignInStateStore(this.auth.sessionSecrets, STAFF_SIGN_IN_STATE, this.app.production),
          ),
          // Staff must show who they are now, not ride on an old provider session: ask every time.
          prompt: 'login',
        },
        verify as unknown as ConstructorParameters<typeof OpenIDConnectStrategy>[1],
      ),
    );
    this.logger.log(`Staff sign-in through ${endpoints.issuer} for members of ${group}`);
    return authenticator;
  }
}
