import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { uuidParam } from '../../common/validation';
import { AdminCustomersService } from './admin-customers.service';
import { AdminGuard, AdminSessionId } from './admin.guard';
import {
  AdminCustomersQueryDto,
  CustomerDetailDto,
  OrderRefundedDto,
  ReceiptResentDto,
  RefundOrderDto,
  ResendReceiptDto,
} from './dto/admin-customers.dto';
import { AdminUserPageDto } from './dto/admin-lists.dto';

@ApiTags('admin')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid admin token' })
@UseGuards(AdminGuard)
@Controller('admin/customers')
export class AdminCustomersController {
  constructor(private readonly customers: AdminCustomersService) {}

  @Get()
  @ApiOperation({ summary: 'Find customers by text in their email or name, one page at a time (newest first)' })
  @ApiOkResponse({ type: AdminUserPageDto })
  @ApiBadRequestResponse({ description: 'A parameter out of range or unknown; the message names it' })
  search(@Query() query: AdminCustomersQueryDto): Promise<AdminUserPageDto> {
    return this.customers.search(query);
  }

  @Get(':id')
  @ApiOperation({
    summary: "A customer's orders (with what is still refundable), subscriptions, invoices and the emails sent to them",
  })
  @ApiOkResponse({ type: CustomerDetailDto })
  @ApiNotFoundResponse({ description: 'No customer has this id' })
  detail(@Param('id', uuidParam('customer')) id: string): Promise<CustomerDetailDto> {
    return this.customers.detail(id);
  }

  @Post(':id/orders/:orderId/refund')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Refund part or all of one of the customer’s paid orders through Stripe (audited)',
    description:
      'The Stripe webhook records the refund in the ledger and on the invoice, as for any refund. The same ' +
      'idempotencyKey again answers with the same refund and refunds nothing more.',
  })
  @ApiOkResponse({ type: OrderRefundedDto })
  @ApiBadRequestResponse({ description: 'An amount above what is still refundable, or a malformed body' })
  @ApiNotFoundResponse({ description: 'No order of this customer has this id' })
  @ApiConflictResponse({ description: 'The order is not paid, or is refunded in full already' })
  refund(
    @AdminSessionId() sessionId: string,
    @Param('id', uuidParam('customer')) id: string,
    @Param('orderId', uuidParam('order')) orderId: string,
    @Body() dto: RefundOrderDto,
  ): Promise<OrderRefundedDto> {
    return this.customers.refund(sessionId, id, orderId, dto);
  }

  @Post(':id/orders/:orderId/resend-receipt')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Email the customer one more copy of a paid order’s receipt (audited)',
    description: 'The same idempotencyKey again sends no second copy.',
  })
  @ApiOkResponse({ type: ReceiptResentDto })
  @ApiBadRequestResponse({ description: 'A malformed body' })
  @ApiNotFoundResponse({ description: 'No order of this customer has this id' })
  @ApiConflictResponse({ description: 'The order is not paid (or was refunded): it has no receipt to send' })
  resendReceipt(
    @AdminSessionId() sessionId: string,
    @Param('id', uuidParam('customer')) id: string,
    @Param('orderId', uuidParam('order')) orderId: string,
    @Body() dto: ResendReceiptDto,
  ): Promise<ReceiptResentDto> {
    return this.customers.resendReceipt(sessionId, id, orderId, dto);
  }
}
