import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { PrecompressedBody } from '../../common/http/precompressed-body';
import { renderDataSchemaPdf } from './data-schema-pdf';

export const DATA_SCHEMA_PATH = 'data-schema.pdf';

@ApiTags('datasets')
@Controller()
export class DataSchemaController {
  private pdf: Promise<PrecompressedBody> | null = null;

  @Get(DATA_SCHEMA_PATH)
  @ApiOperation({ summary: 'The data schema: every field of a county dataset, as a PDF (served at /data-schema.pdf)' })
  @ApiProduces('application/pdf')
  @ApiOkResponse({
    description: 'The PDF, made once and cached; strong ETag',
    schema: { type: 'string', format: 'binary' },
  })
  async download(@Req() req: Request, @Res() res: Response): Promise<void> {
    this.pdf ??= renderDataSchemaPdf().then((bytes) =>
      PrecompressedBody.create(bytes, 'application/pdf', 'public, max-age=3600', {
        'Content-Disposition': 'inline; filename="county-data-schema.pdf"',
      }),
    );
    (await this.pdf).send(req, res);
  }
}
