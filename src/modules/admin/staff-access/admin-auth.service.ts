import { HttpException, HttpStatus, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { adminConfig, authConfig } from '../../../config';
import { addressKey } from '../../../common/http/client-address';
import { RateLimiter } from '../../../integrations/redis/rate-limiter.service';
import { AdminSessionsRepository } from './admin-sessions.repository';
import { AuditLogRepository } from '../audit/audit-log.repository';
import type { AdminSignInMethod } from './entities/admin-session.entity';
import { ProviderTokenSeal } from './provider-token-seal';
import type { StaffRole } from './staff-role';
import { type ProviderTokens, type StaffRecheck, StaffSignIn } from './staff-sign-in.service';

export const ADMIN_COOKIE = 'cds.admin';
export const ADMIN_SESSION_HOURS = 12;
const MAX_FAILURES = 5;
const FAILURE_WINDOW_SECONDS = 15 * 60;

/** The audit log's names for staff sign-in events (docs/staff-console.md). */
export const SIGN_IN_ACTIONS = {
  signIn: 'session.sign_in',
  signOut: 'session.sign_out',
  refused: 'session.sign_in_refused',
  /** A named person's session ended because the provider no longer lists them as staff (or cannot say). */
  ended: 'session.ended',
  roleChanged: 'session.role_changed',
} as const;

/** How long a named person's groups are trusted before the provider is asked again (on their next request). */
export const GROUPS_RECHECK_MINUTES = 15;

/** A valid staff session as a request sees it; or why it just ended. */
export type SessionCheck = { id: string; role: StaffRole } | { ended: string };

/** Where a request came from, as the audit log records it. */
export interface StaffClient {
  ipAddress: string | null;
  userAgent: string | null;
}

/** A person the OpenID provider vouched for. */
export interface StaffIdentity {
  subject: string;
  email: string | null;
  name: string | null;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * Staff sign-in: as a named person through the OpenID provider, or with the one shared admin
 * password (break-glass). Sessions are random tokens stored only as hashes; each sign-in, sign-out
 * and refused attempt is audited with its address and browser.
 */
@Injectable()
export class AdminAuthService {
  constructor(
    @Inject(adminConfig.KEY) private readonly config: ConfigType<typeof adminConfig>,
    private readonly sessions: AdminSessionsRepository,
    private readonly auditLog: AuditLogRepository,
    private readonly limiter: RateLimiter,
    private readonly staffSignIn: StaffSignIn,
    @Inject(authConfig.KEY) auth: ConfigType<typeof authConfig>,
  ) {
    this.tokenSeal = new ProviderTokenSeal(auth.sessionSecrets);
  }

  private readonly tokenSeal: ProviderTokenSeal;

  /** A new admin token for the right password; "Invalid password" otherwise; 429 after repeated failures. */
  async login(password: string, client: StaffClient): Promise<{ token: string; expiresAt: Date }> {
    const failures = {
      key: ['admin-login', addressKey(client.ipAddress ?? '')],
      max: MAX_FAILURES,
      windowSeconds: FAILURE_WINDOW_SECONDS,
    };
    // Every attempt counts until it succeeds; a success clears the count.
    const retryAfter = await this.limiter.hit(failures);
    if (retryAfter > 0) {
      throw new HttpException(
        { message: `Too many failed attempts. Try again in ${Math.ceil(retryAfter / 60)} minutes.`, retryAfter },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
    const expected = this.config.password;
    // Hashing first makes the comparison constant-time whatever the lengths.
    if (!expected || !timingSafeEqual(sha256(password), sha256(expected))) {
      await this.refused('password', 'Invalid password', client);
      throw new UnauthorizedException('Invalid password');
    }
    await this.limiter.reset(failures.key);
    // Break-glass is for when named sign-in fails, so it can do everything.
    return this.startSession('password', client, 'admin');
  }

  /** A new admin token for a person the OpenID provider says is staff, with the role their groups give. */
  signInStaff(
    identity: StaffIdentity,
    role: StaffRole,
    tokens: ProviderTokens | null,
    client: StaffClient,
  ): Promise<{ token: string; expiresAt: Date }> {
    return this.startSession('staff-account', client, role, identity, tokens);
  }

  /** Records a sign-in that was refused, and why (never the password tried). */
  async refused(
    method: AdminSignInMethod,
    reason: string,
    client: StaffClient,
    identity?: Partial<StaffIdentity>,
    provider?: { providerError: string | null; providerSaid: string | null },
  ): Promise<void> {
    await this.auditLog.transaction((db) =>
      this.auditLog.record(db, {
        sessionId: null,
        action: SIGN_IN_ACTIONS.refused,
        targetType: 'admin_session',
        targetId: null,
        before: null,
        after: { signInMethod: method, reason, ...(identity ?? {}), ...(provider ?? {}) },
        ...client,
      }),
    );
  }

  /**
   * The admin session a token stands for, if it is valid, unexpired and not logged out, with its role. A named
   * person's groups are asked of the provider again once GROUPS_RECHECK_MINUTES have passed: no longer staff
   * (or the provider cannot say), the session ends there and then, audited.
   */
  async sessionFor(token: string | undefined): Promise<SessionCheck | null> {
    if (!token || token.length > 100) return null;
    const session = await this.sessions.findValid(this.hash(token));
    if (!session) return null;
    if (session.signInMethod !== 'staff-account') return { id: session.id, role: session.role };
    const due = Date.now() - GROUPS_RECHECK_MINUTES * 60_000;
    if (session.groupsCheckedAt && session.groupsCheckedAt.getTime() > due)
      return { id: session.id, role: session.role };
    const tokens = this.tokenSeal.open<ProviderTokens>(session.providerTokens);
    const check: StaffRecheck = tokens
      ? await this.staffSignIn.recheck(tokens)
      : { unconfirmed: 'the session holds no provider sign-in to ask about' };
    if ('unconfirmed' in check || !check.role) {
      const why =
        'unconfirmed' in check
          ? `The provider could not confirm the staff groups: ${check.unconfirmed}`
          : 'No longer in the staff group';
      await this.end(session.id, why, session.role);
      return {
        ended:
          'unconfirmed' in check
            ? 'Your staff session has ended: the sign-in provider could not confirm you are still staff. Please sign in again.'
            : 'Your staff session has ended: your account is no longer in the staff group.',
      };
    }
    await this.auditLog.transaction(async (db) => {
      await this.sessions.confirmGroups(db, session.id, check.role!, this.tokenSeal.seal(check.tokens));
      if (check.role !== session.role)
        await this.auditLog.record(db, {
          sessionId: session.id,
          action: SIGN_IN_ACTIONS.roleChanged,
          targetType: 'admin_session',
          targetId: session.id,
          before: { role: session.role },
          after: { role: check.role, reason: 'The provider lists other groups now' },
        });
    });
    return { id: session.id, role: check.role };
  }

  /** Ends a session whose person the provider no longer vouches for as staff, audited once. */
  private async end(sessionId: string, reason: string, role: StaffRole): Promise<void> {
    await this.auditLog.transaction(async (db) => {
      if (!(await this.sessions.revoke(db, sessionId))) return;
      await this.auditLog.record(db, {
        sessionId,
        action: SIGN_IN_ACTIONS.ended,
        targetType: 'admin_session',
        targetId: sessionId,
        before: { role },
        after: { reason },
      });
    });
  }

  /** Revokes the session for good (the row stays, so the audit log keeps naming it). */
  async logout(sessionId: string, client: StaffClient): Promise<void> {
    await this.auditLog.transaction(async (db) => {
      if (!(await this.sessions.revoke(db, sessionId))) return;
      await this.auditLog.record(db, {
        sessionId,
        action: SIGN_IN_ACTIONS.signOut,
        targetType: 'admin_session',
        targetId: sessionId,
        before: null,
        after: null,
        ...client,
      });
    });
  }

  private async startSession(
    method: AdminSignInMethod,
    client: StaffClient,
    role: StaffRole,
    staff?: StaffIdentity,
    tokens?: ProviderTokens | null,
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + ADMIN_SESSION_HOURS * 3600 * 1000);
    await this.auditLog.transaction(async (db) => {
      const sessionId = await this.sessions.create(db, {
        tokenHash: this.hash(token),
        expiresAt,
        method,
        staff,
        role,
        providerTokens: tokens ? this.tokenSeal.seal(tokens) : null,
        ...client,
      });
      await this.auditLog.record(db, {
        sessionId,
        action: SIGN_IN_ACTIONS.signIn,
        targetType: 'admin_session',
        targetId: sessionId,
        before: null,
        // The shared password names nobody: the entry says so, so a reviewer knows break-glass was used.
        after: { signInMethod: method, breakGlass: method === 'password', role, ...(staff ?? {}) },
        ...client,
      });
    });
    return { token, expiresAt };
  }

  private hash(token: string): string {
    return sha256(token).toString('hex');
  }
}
