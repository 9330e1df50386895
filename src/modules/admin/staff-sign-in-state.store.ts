import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { readCookie } from '../../common/http/cookies';

export const STAFF_STATE_COOKIE = 'cds.admin-sign-in';
const STATE_MINUTES = 10;

type Ctx = { nonce?: string; issued?: Date | string; maxAge?: number };
type StoredState = { handle: string } & Ctx;

/**
 * passport-openidconnect's state store for staff sign-in, kept in a short-lived signed httpOnly
 * cookie rather than a server session: the admin area has no session but its own token, and any
 * replica can finish a sign-in another began. The state and nonce are still checked on return;
 * SameSite=Lax, so the cookie comes back with the provider's redirect.
 */
export class StaffSignInStateStore {
  constructor(
    private readonly secret: string,
    private readonly secure: boolean,
    private readonly path: string,
  ) {}

  store(
    req: Request,
    ctx: Ctx,
    _appState: unknown,
    _meta: unknown,
    done: (error: Error | null, handle?: string) => void,
  ) {
    const handle = randomBytes(24).toString('base64url');
    const state: StoredState = { handle, nonce: ctx.nonce, issued: ctx.issued, maxAge: ctx.maxAge };
    const payload = Buffer.from(JSON.stringify(state)).toString('base64url');
    req.res!.cookie(STAFF_STATE_COOKIE, `${payload}.${this.sign(payload)}`, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      path: this.path,
      maxAge: STATE_MINUTES * 60 * 1000,
    });
    done(null, handle);
  }

  verify(req: Request, handle: string, done: (error: Error | null, ctx: Ctx | false, stateOrInfo?: unknown) => void) {
    const value = readCookie(req, STAFF_STATE_COOKIE);
    // One use only: the state is gone whatever the outcome.
    req.res!.clearCookie(STAFF_STATE_COOKIE, { path: this.path });
    const state = value ? this.read(value) : null;
    if (!state) return done(null, false, { message: 'Unable to verify authorization request state.' });
    if (state.handle !== handle) return done(null, false, { message: 'Invalid authorization request state.' });
    done(null, {
      nonce: state.nonce,
      maxAge: state.maxAge,
      issued: state.issued ? new Date(state.issued) : undefined,
    });
  }

  private read(value: string): StoredState | null {
    const [payload, signature] = value.split('.');
    if (!payload || !signature) return null;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const state = JSON.parse(Buffer.from(payload, 'base64url').toString()) as StoredState;
      return typeof state.handle === 'string' ? state : null;
    } catch {
      return null;
    }
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(`staff-sign-in-state\n${payload}`).digest('base64url');
  }
}
