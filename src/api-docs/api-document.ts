import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { AppModule } from '../app.module';
import { API_TOKEN_SCHEME } from '../modules/data-api';
import { DATA_SCHEMA_PATH } from '../modules/data-schema/data-schema.controller';

/** Everything is under /api but the schema PDF, whose address docs/store-spec.md §1 fixes. */
export function setApiPrefix(app: INestApplication): void {
  app.setGlobalPrefix('api', { exclude: [DATA_SCHEMA_PATH] });
}

/** The OpenAPI document the API serves at /api/docs-json (the app's global prefix must be set first). */
export function buildApiDocument(app: INestApplication): OpenAPIObject {
  return SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('County Data Store API')
      .setDescription('Bulk U.S. county property-record data: catalog, checkout, subscriptions and staff console.')
      .setVersion('1')
      .addBearerAuth(
        {
          type: 'http',
          scheme: 'bearer',
          description:
            'A personal access token ("cds_" and 40 letters and digits) created on the dashboard under API tokens',
        },
        API_TOKEN_SCHEME,
      )
      .build(),
  );
}

/**
 * The same document without PostgreSQL, Redis or any configuration: Nest's preview mode reads the
 * modules and controllers but creates no provider, so nothing connects.
 */
export async function buildApiDocumentOffline(): Promise<OpenAPIObject> {
  const app = await NestFactory.create(AppModule, { preview: true, logger: false, abortOnError: false });
  setApiPrefix(app);
  return buildApiDocument(app);
}
