/** The api-tokens module's public API: what other modules may use of it. */
export {
  API_TOKEN_RATE_LIMIT,
  ApiTokenGuard,
  ApiTokenUserId,
  REFUSED_TOKEN_LIMIT,
  TOKEN_REFUSALS,
  TOO_MANY_REFUSED_TOKENS,
} from './api-token.guard';
export { ApiTokensModule } from './api-tokens.module';
export { ApiTokensService, MAX_LIVE_TOKENS } from './api-tokens.service';
