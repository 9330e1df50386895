/** The data-api module's public API: what other modules may use of it. */
export { API_TOKEN_SCHEME } from './data-api.controller';
export { DataApiModule } from './data-api.module';
