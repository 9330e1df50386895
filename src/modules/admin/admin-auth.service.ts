import { HttpException, HttpStatus, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { DataSource } from 'typeorm';
import { adminConfig } from '../../config';
import { RateLimiter } from '../../integrations/redis/rate-limiter.service';

export const ADMIN_COOKIE = 'cds.admin';
export const ADMIN_SESSION_HOURS = 12;
const MAX_FAILURES = 5;
const FAILURE_WINDOW_SECONDS = 15 * 60;

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Staff sign-in with the one admin password; sessions are random tokens stored only as hashes. */
@Injectable()
export class AdminAuthService {
  constructor(
    @Inject(adminConfig.KEY) private readonly config: ConfigType<typeof adminConfig>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly limiter: RateLimiter,
  ) {}

  /** A new admin token for the right password; "Invalid password" otherwise; 429 after repeated failures. */
  async login(password: string, address: string): Promise<{ token: string; expiresAt: Date }> {
    const failures = { key: ['admin-login', address], max: MAX_FAILURES, windowSeconds: FAILURE_WINDOW_SECONDS };
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
    if (!expected || !timingSafeEqual(sha256(password), sha256(expected)))
      throw new UnauthorizedException('Invalid password');
    await this.limiter.reset(failures.key);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + ADMIN_SESSION_HOURS * 3600 * 1000);
    await this.db.query(`INSERT INTO admin_sessions (token, expires_at) VALUES ($1, $2)`, [
      this.hash(token),
      expiresAt,
    ]);
    return { token, expiresAt };
  }

  /** The admin session a token stands for, if it is valid and unexpired. */
  async sessionFor(token: string | undefined): Promise<string | null> {
    if (!token || token.length > 100) return null;
    const [session] = await this.db.query<{ id: string }[]>(
      `SELECT id FROM admin_sessions WHERE token = $1 AND expires_at > now()`,
      [this.hash(token)],
    );
    return session?.id ?? null;
  }

  async logout(sessionId: string): Promise<void> {
    await this.db.query(`DELETE FROM admin_sessions WHERE id = $1`, [sessionId]);
  }

  private hash(token: string): string {
    return sha256(token).toString('hex');
  }
}
