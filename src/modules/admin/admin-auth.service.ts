import { HttpException, HttpStatus, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { adminConfig } from '../../config';
import { addressKey } from '../../common/http/client-address';
import { RateLimiter } from '../../integrations/redis/rate-limiter.service';
import { AdminSessionsRepository } from './admin-sessions.repository';
import { AuditLogRepository } from './audit-log.repository';
import type { AdminSignInMethod } from './entities/admin-session.entity';

export const ADMIN_COOKIE = 'cds.admin';
export const ADMIN_SESSION_HOURS = 12;
const MAX_FAILURES = 5;
const FAILURE_WINDOW_SECONDS = 15 * 60;

/** The audit log's names for staff sign-in events (docs: README "Staff console API"). */
export const SIGN_IN_ACTIONS = {
  signIn: 'session.sign_in',
  signOut: 'session.sign_out',
  refused: 'session.sign_in_refused',
} as const;

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
  ) {}

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
    return this.startSession('password', client);
  }

  /** A new admin token for a person the OpenID provider says is in the staff group. */
  signInStaff(identity: StaffIdentity, client: StaffClient): Promise<{ token: string; expiresAt: Date }> {
    return this.startSession('staff-account', client, identity);
  }

  /** Records a sign-in that was refused, and why (never the password tried). */
  async refused(
    method: AdminSignInMethod,
    reason: string,
    client: StaffClient,
    identity?: Partial<StaffIdentity>,
  ): Promise<void> {
    await this.auditLog.transaction((db) =>
      this.auditLog.record(db, {
        sessionId: null,
        action: SIGN_IN_ACTIONS.refused,
        targetType: 'admin_session',
        targetId: null,
        before: null,
        after: { signInMethod: method, reason, ...(identity ?? {}) },
        ...client,
      }),
    );
  }

  /** The admin session a token stands for, if it is valid, unexpired and not logged out. */
  async sessionFor(token: string | undefined): Promise<string | null> {
    if (!token || token.length > 100) return null;
    return this.sessions.findValid(this.hash(token));
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
    staff?: StaffIdentity,
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + ADMIN_SESSION_HOURS * 3600 * 1000);
    await this.auditLog.transaction(async (db) => {
      const sessionId = await this.sessions.create(db, {
        tokenHash: this.hash(token),
        expiresAt,
        method,
        staff,
        ...client,
      });
      await this.auditLog.record(db, {
        sessionId,
        action: SIGN_IN_ACTIONS.signIn,
        targetType: 'admin_session',
        targetId: sessionId,
        before: null,
        // The shared password names nobody: the entry says so, so a reviewer knows break-glass was used.
        after: { signInMethod: method, breakGlass: method === 'password', ...(staff ?? {}) },
        ...client,
      });
    });
    return { token, expiresAt };
  }

  private hash(token: string): string {
    return sha256(token).toString('hex');
  }
}
