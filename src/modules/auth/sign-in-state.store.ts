import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import type { SessionStore, SessionStoreContext } from 'passport-openidconnect';

export const SIGN_IN_STATE_COOKIE = 'cds.signin';
/** Long enough to sign in at the provider (a password, a second factor), short enough to be useless later. */
export const SIGN_IN_STATE_TTL_MS = 10 * 60 * 1000;
// Sent only to /api/login and its callback, nowhere else in the store.
const COOKIE_PATH = '/api/login';

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
 * derived from the session secret for this use only, so no other signed value of the store
 * (a session cookie, a download token) can pass for one.
 */
export class SignInStateSeal {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('cds sign-in state v1').digest();
  }

  seal(state: SignInState): string {
    const payload = Buffer.from(JSON.stringify(state)).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  open(value: string | undefined, now: number): OpenedState {
    if (!value) return { refused: 'No sign-in in progress in this browser (its state cookie is missing)' };
    const [payload, mac, ...rest] = value.split('.');
    if (!payload || !mac || rest.length > 0 || !sameText(mac, this.mac(payload)))
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

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The value of one cookie in a Cookie header, or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export function signInStateCookieOptions(secure: boolean) {
  // Lax, not Strict: the provider sends the browser back with a top-level cross-site redirect.
  return { httpOnly: true, secure, sameSite: 'lax' as const, path: COOKIE_PATH };
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
    secret: string,
    private readonly secure: boolean,
  ) {
    this.seal = new SignInStateSeal(secret);
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
    (req.res as Response).cookie(SIGN_IN_STATE_COOKIE, this.seal.seal(state), {
      ...signInStateCookieOptions(this.secure),
      maxAge: SIGN_IN_STATE_TTL_MS,
    });
    cb(null, handle);
  }

  verify(
    req: Request,
    handle: string,
    cb: (err: Error | null, ctx?: false | SessionStoreContext, state?: unknown) => void,
  ): void {
    // The callback route clears the cookie whatever the outcome: one use only.
    const opened = this.seal.open(readCookie(req.headers.cookie, SIGN_IN_STATE_COOKIE), Date.now());
    if ('refused' in opened) return cb(null, false, { message: opened.refused });
    const { state } = opened;
    if (typeof handle !== 'string' || !sameText(handle, state.handle))
      return cb(null, false, { message: 'The state the provider sent back is not the one this browser was given' });
    // The strategy compares `issued` as a Date when a max_age was asked for.
    const issued = state.issued ? (new Date(state.issued) as unknown as string) : undefined;
    cb(null, { nonce: state.nonce, maxAge: state.maxAge, issued }, { returnTo: state.returnTo });
  }
}
