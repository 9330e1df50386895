import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { ModuleRef } from '@nestjs/core';
import type { Handler, Request, Response } from 'express';
import { timingSafeEqual } from 'node:crypto';
import passport from 'passport';
import { Strategy as OpenIDConnectStrategy, VerifyCallback } from 'passport-openidconnect';
import { adminConfig, appConfig, authConfig } from '../../../config';
import type { DevProvider } from '../../../dev/oidc-provider/dev-oidc-provider';
import { DEV_OIDC_PROVIDER } from '../../../integrations/oidc/dev-oidc-provider.provider';
import { discoverIssuer, IssuerEndpoints, strategyOptions } from '../../../integrations/oidc/issuer-endpoints';
import {
  SignInStateSeal,
  SignInStateStore,
  signInStateCookieOptions,
} from '../../../integrations/oidc/signed-state-store';
import { readCookie } from '../../../common/http/cookies';
import type { StaffIdentity } from './admin-auth.service';
import { type StaffRole, staffRoleOf } from './staff-role';

type Authenticator = passport.Authenticator<Handler, Handler>;

export const STAFF_LOGIN_PATH = '/api/admin/staff-login';
/** Registered with the provider as a redirect URI of the store's client (the development provider does so itself). */
export const STAFF_CALLBACK_PATH = `${STAFF_LOGIN_PATH}/callback`;
/** A staff sign-in in progress: the admin area has no server session, and any replica may finish it. */
const STAFF_SIGN_IN_STATE = { name: 'cds.admin-sign-in', path: STAFF_LOGIN_PATH, purpose: 'staff' };

/** The provider's tokens of a staff sign-in, kept (sealed) to ask the provider again about the person's groups. */
export interface ProviderTokens {
  accessToken: string;
  refreshToken?: string;
}

/** What the provider said about a person: a staff member and their role, or someone to refuse (and audit) with a reason. */
export type StaffVerdict =
  | { staff: StaffIdentity; role: StaffRole; tokens: ProviderTokens | null }
  | { refused: string; identity: Partial<StaffIdentity> };

/** What asking the provider again found: the person's role now (null: no longer staff), and tokens renewed on the way. */
export type StaffRecheck = { role: StaffRole | null; tokens: ProviderTokens } | { unconfirmed: string };

/** How long the provider may take to answer a re-check before the session is treated as unconfirmed. */
const RECHECK_TIMEOUT_MS = 5_000;

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
  private endpointsReady: Promise<IssuerEndpoints> | null = null;
  private readonly stateSeal: SignInStateSeal;

  constructor(
    @Inject(adminConfig.KEY) private readonly admin: ConfigType<typeof adminConfig>,
    @Inject(authConfig.KEY) private readonly auth: ConfigType<typeof authConfig>,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
    private readonly modules: ModuleRef,
  ) {
    this.stateSeal = new SignInStateSeal(this.auth.sessionSecrets, STAFF_SIGN_IN_STATE.purpose);
  }

  /** Off without a staff group, or without a provider (no issuer and no development provider). */
  get configured(): boolean {
    const provider = this.auth.useDevProvider || Boolean(this.auth.oidc.issuerUrl && this.auth.oidc.clientId);
    return Boolean(this.admin.staffSignIn.group) && provider;
  }

  /**
   * Whether the request carries a sign-in this store began in this browser: its signed, unexpired state
   * cookie, naming the state the provider sent back. Read without using it up (the strategy does that).
   */
  startedHere(req: Request): boolean {
    const opened = this.stateSeal.open(readCookie(req, STAFF_SIGN_IN_STATE.name), Date.now());
    const handle = req.query.state;
    if ('refused' in opened || typeof handle !== 'string') return false;
    const given = Buffer.from(handle);
    const expected = Buffer.from(opened.state.handle);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** Uses up the sign-in state (the strategy does not when the provider answers with an error). */
  forgetState(res: Response): void {
    res.clearCookie(STAFF_SIGN_IN_STATE.name, signInStateCookieOptions(STAFF_SIGN_IN_STATE, this.app.production));
  }

  /** Passport with the staff strategy, made on first use (a real issuer's discovery document is fetched then). */
  authenticator(): Promise<Authenticator> {
    this.ready ??= this.issuer()
      .then((endpoints) => this.build(endpoints))
      .catch((error) => {
        this.ready = null;
        throw error;
      });
    return this.ready;
  }

  /**
   * Asks the provider again who a signed-in person is (its userinfo, with the access token they signed in
   * with; renewed with the refresh token when the provider gave one and the access token has expired).
   */
  async recheck(tokens: ProviderTokens): Promise<StaffRecheck> {
    try {
      const endpoints = await this.issuer();
      let current = tokens;
      let answer = await this.userInfo(endpoints, current.accessToken);
      if (answer.status === 401 && current.refreshToken) {
        const renewed = await this.refresh(endpoints, current.refreshToken);
        if (!renewed) return { unconfirmed: 'the provider would not renew the sign-in' };
        current = renewed;
        answer = await this.userInfo(endpoints, current.accessToken);
      }
      if (answer.status === 401) return { unconfirmed: 'the provider no longer accepts the sign-in' };
      if (!answer.ok) return { unconfirmed: `the provider answered ${answer.status}` };
      const claims = (await answer.json()) as Record<string, unknown>;
      const { groupClaim, group, adminGroup } = this.admin.staffSignIn;
      return { role: staffRoleOf(groupsIn(claims[groupClaim]), group, adminGroup), tokens: current };
    } catch (error) {
      return { unconfirmed: `the provider could not be reached (${(error as Error).message.slice(0, 100)})` };
    }
  }

  private userInfo(endpoints: IssuerEndpoints, accessToken: string): Promise<globalThis.Response> {
    return fetch(endpoints.userInfoUrl, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(RECHECK_TIMEOUT_MS),
    });
  }

  private async refresh(endpoints: IssuerEndpoints, refreshToken: string): Promise<ProviderTokens | null> {
    const client = `${encodeURIComponent(endpoints.clientId)}:${encodeURIComponent(endpoints.clientSecret)}`;
    const res = await fetch(endpoints.tokenUrl, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(client).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
      signal: AbortSignal.timeout(RECHECK_TIMEOUT_MS),
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { access_token?: unknown; refresh_token?: unknown };
    if (typeof body.access_token !== 'string') return null;
    return {
      accessToken: body.access_token,
      refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : refreshToken,
    };
  }

  /** The provider's endpoints, found once (a real issuer's discovery document is fetched then). */
  private issuer(): Promise<IssuerEndpoints> {
    this.endpointsReady ??= this.endpoints().catch((error) => {
      this.endpointsReady = null;
      throw error;
    });
    return this.endpointsReady;
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
    const { groupClaim, group, adminGroup } = this.admin.staffSignIn;
    const verify = (
      issuer: string,
      userInfo: { _json?: Record<string, unknown> } | undefined,
      idProfile: { id: string },
      _context: unknown,
      idToken: unknown,
      accessToken: unknown,
      refreshToken: unknown,
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
      const role = staffRoleOf(groups, group, adminGroup);
      const tokens =
        typeof accessToken === 'string'
          ? { accessToken, ...(typeof refreshToken === 'string' && refreshToken ? { refreshToken } : {}) }
          : null;
      const verdict: StaffVerdict = role
        ? { staff: identity, role, tokens }
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
