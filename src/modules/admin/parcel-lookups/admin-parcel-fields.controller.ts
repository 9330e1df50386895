import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { DATA_SCHEMA } from '../../data-schema';
import { AdminGuard } from '../staff-access/admin.guard';
import { StaffRoleRequired } from '../staff-access/staff-role';
import { ParcelFieldsDto } from './dto/parcel-fields.dto';

/** Made once: the schema is fixed in code. The boundary is a parcel's geometry, not one of its properties. */
const PARCEL_FIELDS: ParcelFieldsDto = {
  categories: DATA_SCHEMA.map(({ category, fields }) => ({
    category,
    fields: fields.filter((field) => field.type !== 'geometry'),
  })).filter(({ fields }) => fields.length > 0),
};

/** What the console's parcel page labels a looked-up parcel's properties with. */
@ApiTags('admin')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid admin token' })
@UseGuards(AdminGuard)
@Controller('admin/parcel-fields')
export class AdminParcelFieldsController {
  @Get()
  @StaffRoleRequired('support')
  @ApiOperation({ summary: 'The properties of a parcel lookup, by data-schema category, with their descriptions' })
  @ApiOkResponse({ type: ParcelFieldsDto })
  list(): ParcelFieldsDto {
    return PARCEL_FIELDS;
  }
}
