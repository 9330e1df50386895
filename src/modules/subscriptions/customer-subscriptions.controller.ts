import { Body, Controller, Get, Param, Patch, UseGuards } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { uuidParam } from '../../common/validation';
import { SignedInGuard, SignedInUserId } from '../auth';
import { CustomerSubscriptionsService } from './customer-subscriptions.service';
import { CustomerSubscriptionDto, UpdateAutoRenewDto } from './dto/customer-subscription.dto';

@ApiTags('subscriptions')
@ApiUnauthorizedResponse({ description: 'Not signed in' })
@UseGuards(SignedInGuard)
@Controller('subscriptions')
export class CustomerSubscriptionsController {
  constructor(private readonly subscriptions: CustomerSubscriptionsService) {}

  @Get()
  @ApiOperation({ summary: "The signed-in customer's subscriptions, newest first" })
  @ApiOkResponse({ type: CustomerSubscriptionDto, isArray: true })
  list(@SignedInUserId() userId: string): Promise<CustomerSubscriptionDto[]> {
    return this.subscriptions.list(userId);
  }

  @Patch(':id')
  @ApiOperation({ summary: "Turn a County Tracker's auto-renewal on or off" })
  @ApiOkResponse({ type: CustomerSubscriptionDto })
  @ApiNotFoundResponse({ description: 'No such subscription of this customer' })
  @ApiConflictResponse({ description: 'A one-time purchase, or not active' })
  setAutoRenew(
    @SignedInUserId() userId: string,
    @Param('id', uuidParam('subscription'))
    id: string,
    @Body() dto: UpdateAutoRenewDto,
  ): Promise<CustomerSubscriptionDto> {
    return this.subscriptions.setAutoRenew(userId, id, dto.autoRenew);
  }
}
