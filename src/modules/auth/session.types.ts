import 'express-session';

declare module 'express-session' {
  interface SessionData {
    /** The signed-in customer. */
    userId?: string;
    /** Where to go after signing in (a same-site path). */
    returnTo?: string;
  }
}
