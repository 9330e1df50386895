import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DATASET_FORMATS } from '../../contracts/dataset-formats';
import { DatasetFormatDto } from './dto/dataset-format.dto';

@ApiTags('counties')
@Controller('formats')
export class FormatsController {
  @Get()
  @Header('Cache-Control', 'public, max-age=3600')
  @ApiOperation({
    summary: 'The formats every county file is offered in',
    description:
      'CSV first (the default). Each id is what `format` takes in the download-link calls. How each format carries ' +
      'the fields: see docs/formats.md.',
  })
  @ApiOkResponse({ type: DatasetFormatDto, isArray: true })
  list(): DatasetFormatDto[] {
    return DATASET_FORMATS.map((format) => ({ ...format }));
  }
}
