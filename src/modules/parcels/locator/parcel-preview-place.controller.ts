import { Controller, Get, Header, Param } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { uuidParam } from '../../../common/validation';
import { ParcelPreviewPlaceDto } from './dto/parcel-place.dto';
import { ParcelLocatorService, type PreviewPlace } from './parcel-locator.service';

/** The public preview's locator: the preview tiles start at zoom 15, so its map needs a place with parcels. */
@ApiTags('parcels')
@Controller('counties/:id/parcel-preview')
export class ParcelPreviewPlaceController {
  constructor(private readonly locator: ParcelLocatorService) {}

  @Get()
  // The same for everyone and changed only by a county's next load: a CDN may keep it.
  @Header('Cache-Control', 'public, max-age=3600')
  @ApiOperation({
    summary: 'Where the preview map of a county on sale shows parcel outlines',
    description:
      "The county's box and a point inside a parcel near its middle: a map centred there from zoom 15 in " +
      'draws the preview tiles (/api/tiles/preview/{z}/{x}/{y}.mvt).',
  })
  @ApiOkResponse({ type: ParcelPreviewPlaceDto })
  @ApiBadRequestResponse({ description: 'The county id is not a UUID' })
  @ApiNotFoundResponse({ description: 'No county on sale has this id, or the store holds none of its parcels yet' })
  place(@Param('id', uuidParam('county')) id: string): Promise<PreviewPlace> {
    return this.locator.previewPlace(id);
  }
}
