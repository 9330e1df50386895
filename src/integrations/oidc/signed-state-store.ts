import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import type { SessionStore, SessionStoreContext } from 'passport-openidconnect';
import { readCookie } from '../../common/http/cookies';

/** Long enough to sign in at the provider (a password, a second factor), short enough to be useless later. */
export const SIGN_IN_STATE_TTL_MS = 10 * 60 * 1000;

/** Which sign-in a state belongs to: customers' and staff's each have a cookie and key of their own. */
export interface SignInStateCookie {
  name: string;
  /** The sign-in route and its callback below it: the cookie goes nowhere else. */
  path: string;
  /** Keeps each sign-in's states apart: one's cookie is no state for the other. */
  purpose: string;
}

/** What a sign-in started here must find again when the provider sends the browser back. */
export interface SignInState {
  /** The `state` parameter sent to the provider. */
  handle: string;
  nonce?: string;
  maxAge?: number;
  issued?: string;
  /** Where to go once signed in (already a safe same-site path). */
  returnTo?: string;
  /** Epoch milliseconds after which the state is refused. */
  expires: number;
}

export type OpenedState = { state: SignInState } | { refused: string };

/**
 * Seals sign-in state into a cookie value: base64url JSON and an HMAC-SHA256 of it under a key
 * derived from the session secret for this use (and this sign-in) only, so no other signed value
 * of the store (a session cookie, a download token, the other sign-in's state) can pass for one.
 */
export class SignInStateSeal {
  /** The current secret's key seals; a previous secret's still opens a sign-in begun before a rotation. */
  private readonly keys: Buffer[];

  constructor(secrets: string | readonly string[], purpose: string) {
    this.keys = [secrets]
      .flat()
      .map((secret) => createHmac('sha256', secret).update(`cds ${purpose} sign-in state v1`).digest());
  }

  seal(state: SignInState): string {
    const payload = Buffer.from(JSON.stringify(state)).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  open(value: string | undefined, now: number): OpenedState {
    if (!value) return { refused: 'No sign-in in progress in this browser (its state cookie is missing)' };
    const [payload, mac, ...rest] = value.split('.');
    if (!payload || !mac || rest.length > 0 || !this.keys.some((key) => sameText(mac, this.mac(payload, key))))
      return { refused: 'The sign-in state cookie is not one this store signed' };
    let state: SignInState;
    try {
      state = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SignInState;
    } catch {
      return { refused: 'The sign-in state cookie is not one this store signed' };
    }
    if (typeof state.handle !== 'string' || typeof state.expires !== 'number')
      return { refused: 'The sign-in state cookie is not one this store signed' };
    if (state.expires <= now) return { refused: 'The sign-in took too long: its state expired' };
    return { state };
  }

  private mac(payload: string, key = this.keys[0]): string {
    return createHmac('sha256', key).update(payload).digest('base64url');
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function signInStateCookieOptions(cookie: SignInStateCookie, secure: boolean) {
  // Lax, not Strict: the provider sends the browser back with a top-level cross-site redirect.
  return { httpOnly: true, secure, sameSite: 'lax' as const, path: cookie.path };
}

/**
 * passport-openidconnect's state store, kept in a short-lived signed cookie instead of the
 * session: starting a sign-in writes nothing on the server (no session row per anonymous
 * visit), and the callback accepts only the browser that started it, once, within ten minutes.
 * The app state passed to authenticate() ({ returnTo }) rides along and comes back as info.state.
 */
export class SignInStateStore implements Pick<SessionStore, 'store' | 'verify'> {
  private readonly seal: SignInStateSeal;

  constructor(
    secrets: string | readonly string[],
    private readonly cookie: SignInStateCookie,
    private readonly secure: boolean,
  ) {
    this.seal = new SignInStateSeal(secrets, cookie.purpose);
  }

  store(
    req: Request,
    ctx: SessionStoreContext,
    appState: { returnTo?: string } | undefined,
    _meta: unknown,
    cb: (err: Error | null, handle?: string) => void,
  ): void {
    const handle = randomBytes(24).toString('base64url');
    const state: SignInState = {
      handle,
      nonce: ctx.nonce,
      maxAge: ctx.maxAge,
      issued: ctx.issued ? new Date(ctx.issued).toISOString() : undefined,
      returnTo: appState?.returnTo,
      expires: Date.now() + SIGN_IN_STATE_TTL_MS,
    };
    (req.res as Response).cookie(this.cookie.name, this.seal.seal(state), {
      ...signInStateCookieOptions(this.cookie, this.secure),
      maxAge: SIGN_IN_STATE_TTL_MS,
    });
    cb(null, handle);
  }

  verify(
    req: Request,
    handle: string,
    cb: (err: Error | null, ctx?: false | SessionStoreContext, state?: unknown) => void,
  ): void {
    const opened = this.seal.open(readCookie(req, this.cookie.name), Date.now());
    // One use only: the state is gone whatever the outcome.
    (req.res as Response).clearCookie(this.cookie.name, signInStateCookieOptions(this.cookie, this.secure));
    if ('refused' in opened) return cb(null, false, { message: opened.refused });
    const { state } = opened;
    if (typeof handle !== 'string' || !sameText(handle, state.handle))
      return cb(null, false, { message: 'The state the provider sent back is not the one this browser was given' });
    // The strategy compares `issued` as a Date when a max_age was asked for.
    const issued = state.issued ? (new Date(state.issued) as unknown as string) : undefined;
    cb(null, { nonce: state.nonce, maxAge: state.maxAge, issued }, { returnTo: state.returnTo });
  }
}
