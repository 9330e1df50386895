import { createHttpClient } from '@web-shared/http';

export { HttpError, isUnauthorized, messageOf } from '@web-shared/http';

/** The store's calls carry the shopper's session cookie and nothing else. */
export const { apiRequest, getJson, sendJson } = createHttpClient();
