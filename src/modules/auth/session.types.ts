import 'express-session';

declare module 'express-session' {
  interface SessionData {
    /** The signed-in customer. */
    userId?: string;
  }
}
