/** The auth module's public API: what other modules may use of it. */
export { SignedInGuard, SignedInUserId } from './signed-in.guard';
