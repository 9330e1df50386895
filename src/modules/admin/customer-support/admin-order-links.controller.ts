import { Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { uuidParam } from '../../../common/validation';
import { AdminOrderLinksService } from './admin-order-links.service';
import { AdminGuard, AdminSessionId } from '../staff-access/admin.guard';
import { OrderLinksReplacedDto } from './dto/order-links-replaced.dto';
import { StaffRoleRequired } from '../staff-access/staff-role';

@ApiTags('admin')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid admin token' })
@UseGuards(AdminGuard)
@Controller('admin')
export class AdminOrderLinksController {
  constructor(private readonly orderLinks: AdminOrderLinksService) {}

  @Post('subscriptions/:id/replace-order-link')
  @StaffRoleRequired('admin')
  @HttpCode(200)
  @ApiOperation({
    summary: 'End every page link of the order this subscription came from, and email its buyer a new one',
  })
  @ApiOkResponse({ type: OrderLinksReplacedDto })
  @ApiNotFoundResponse({ description: 'No subscription has this id' })
  @ApiConflictResponse({ description: 'The subscription came from no paid order' })
  replace(
    @AdminSessionId() sessionId: string,
    @Param('id', uuidParam('subscription')) id: string,
  ): Promise<OrderLinksReplacedDto> {
    return this.orderLinks.replace(sessionId, id);
  }
}
