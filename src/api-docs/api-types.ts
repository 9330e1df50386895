import type { OpenAPIObject } from '@nestjs/swagger';
import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';

/** The web apps' types of every request and answer, committed beside the code that reads them. */
export const API_TYPES_PATH = 'web-shared/api-types.ts';

const REGENERATE =
  '// Made from the OpenAPI document the API serves at /api/docs-json: run `npm run api:types` after changing the API.\n\n';

/** The TypeScript types of an OpenAPI document, as openapi-typescript prints them (the file is not prettier's). */
export async function renderApiTypes(document: OpenAPIObject): Promise<string> {
  // Free-form objects (journey metadata, audit records) are `Record<string, unknown>`, not `Record<string, never>`.
  const ast = await openapiTS(document as unknown as OpenAPI3, { silent: true, emptyObjectsUnknown: true });
  return COMMENT_HEADER + REGENERATE + astToString(ast);
}
