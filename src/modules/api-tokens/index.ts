/** The api-tokens module's public API: what other modules may use of it. */
export { API_TOKEN_RATE_LIMIT, ApiTokenGuard, ApiTokenUserId, TOKEN_REFUSALS } from './api-token.guard';
export { ApiTokensModule } from './api-tokens.module';
export { ApiTokensService, MAX_LIVE_TOKENS } from './api-tokens.service';
