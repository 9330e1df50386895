import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiNotModifiedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CountyCatalogService } from './county-catalog.service';
import { CatalogCountyDto } from './dto/catalog-county.dto';

@ApiTags('counties')
@Controller('counties')
export class CountiesController {
  constructor(private readonly catalog: CountyCatalogService) {}

  @Get()
  @ApiOperation({ summary: 'The whole county catalog, ordered by state then name' })
  @ApiHeader({ name: 'If-None-Match', required: false, description: 'An ETag from an earlier answer' })
  @ApiOkResponse({ type: CatalogCountyDto, isArray: true, description: 'Brotli or gzip when accepted; strong ETag' })
  @ApiNotModifiedResponse({ description: 'The catalog has not changed since that ETag' })
  list(@Req() req: Request, @Res() res: Response): void {
    this.catalog.current().send(req, res);
  }
}
