import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { uuidParam } from '../../../common/validation';
import { AdminGuard, AdminSessionId } from '../staff-access/admin.guard';
import { StaffRoleRequired } from '../staff-access/staff-role';
import { AdminOwnersService } from './admin-owners.service';
import {
  AdminOwnerDetailDto,
  AdminOwnerMatchesDto,
  AdminOwnerSearchDto,
  MergeOwnerDto,
  OwnerDecidedDto,
  SplitOwnerDto,
} from './dto/admin-owners.dto';

/** The console's owners: auditing how owner names were grouped, and correcting it. */
@ApiTags('admin')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid admin token' })
@UseGuards(AdminGuard)
@Controller('admin/owners')
export class AdminOwnersController {
  constructor(private readonly owners: AdminOwnersService) {}

  @Get()
  @StaffRoleRequired('support')
  @ApiOperation({ summary: 'Owners of every county by name, best matches first' })
  @ApiOkResponse({ type: AdminOwnerMatchesDto })
  @ApiBadRequestResponse({ description: 'No name, or a limit out of range' })
  search(@Query() query: AdminOwnerSearchDto): Promise<AdminOwnerMatchesDto> {
    return this.owners.search(query.name, query.limit);
  }

  @Get(':id')
  @StaffRoleRequired('support')
  @ApiOperation({
    summary: 'An owner: every spelling at every mailing address, the rules that joined them, staff’s decisions',
  })
  @ApiOkResponse({ type: AdminOwnerDetailDto })
  @ApiNotFoundResponse({ description: 'No owner has this id' })
  owner(@Param('id', uuidParam('owner')) id: string): Promise<AdminOwnerDetailDto> {
    return this.owners.owner(id);
  }

  @Post(':id/split')
  @StaffRoleRequired('admin')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Split names at mailing addresses off an owner into an owner of their own (audited)',
    description: 'Every later grouping keeps them apart; the split takes effect at the next grouping, within a minute.',
  })
  @ApiOkResponse({ type: OwnerDecidedDto })
  @ApiBadRequestResponse({ description: 'A name at an address that is not the owner’s, or all of them, or no reason' })
  @ApiForbiddenResponse({ description: 'Support staff cannot change owners' })
  @ApiNotFoundResponse({ description: 'No owner has this id' })
  split(
    @AdminSessionId() sessionId: string,
    @Param('id', uuidParam('owner')) id: string,
    @Body() dto: SplitOwnerDto,
  ): Promise<OwnerDecidedDto> {
    return this.owners.split(sessionId, id, dto);
  }

  @Post(':id/merge')
  @StaffRoleRequired('admin')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Merge an owner into another, whose id stays (audited)',
    description: 'Every later grouping keeps them one; the merge takes effect at the next grouping, within a minute.',
  })
  @ApiOkResponse({ type: OwnerDecidedDto })
  @ApiBadRequestResponse({ description: 'The same owner twice, an owner to merge into that is none, or no reason' })
  @ApiForbiddenResponse({ description: 'Support staff cannot change owners' })
  @ApiNotFoundResponse({ description: 'No owner has this id' })
  merge(
    @AdminSessionId() sessionId: string,
    @Param('id', uuidParam('owner')) id: string,
    @Body() dto: MergeOwnerDto,
  ): Promise<OwnerDecidedDto> {
    return this.owners.merge(sessionId, id, dto);
  }
}
