import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { PrecompressedBody } from '../../common/http/precompressed-body';
import { renderDataSchemaPdf } from './data-schema-pdf';
import { DataSchemaDto } from './dto/data-schema.dto';
import { schemaDocument } from './schema-document';

export const DATA_SCHEMA_PATH = 'data-schema.pdf';

/** Both change only with a deployment: an hour in any cache, revalidated by ETag after. */
const CACHE = 'public, max-age=3600';

@ApiTags('datasets')
@Controller()
export class DataSchemaController {
  private pdf: Promise<PrecompressedBody> | null = null;
  private json: Promise<PrecompressedBody> | null = null;

  @Get(DATA_SCHEMA_PATH)
  @ApiOperation({ summary: 'The data schema: every field of a county dataset, as a PDF (served at /data-schema.pdf)' })
  @ApiProduces('application/pdf')
  @ApiOkResponse({
    description: 'The PDF, made once and cached; strong ETag',
    schema: { type: 'string', format: 'binary' },
  })
  async download(@Req() req: Request, @Res() res: Response): Promise<void> {
    this.pdf ??= renderDataSchemaPdf().then((bytes) =>
      PrecompressedBody.create(bytes, 'application/pdf', CACHE, {
        'Content-Disposition': 'inline; filename="county-data-schema.pdf"',
      }),
    );
    (await this.pdf).send(req, res);
  }

  @Get('schema')
  @ApiOperation({
    summary:
      'The schema contract: every field with its type, description and the version it arrived in, and the changelog',
    description:
      'Public. Fields are never renamed and never change type; a field leaves only in a new major version, at ' +
      'least 90 days after a deprecation announced here, in release emails and in webhooks. Every file carries its ' +
      'schema version (see the release manifest).',
  })
  @ApiOkResponse({ type: DataSchemaDto, description: 'Strong ETag; cacheable for an hour' })
  async schema(@Req() req: Request, @Res() res: Response): Promise<void> {
    this.json ??= PrecompressedBody.create(
      Buffer.from(JSON.stringify(schemaDocument())),
      'application/json; charset=utf-8',
      CACHE,
    );
    (await this.json).send(req, res);
  }
}
