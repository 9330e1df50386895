import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { uuidParam } from '../../../common/validation';
import { invoicePdfHeaders } from '../../invoices';
import { AdminCustomersService } from './admin-customers.service';
import { AdminEmailCopiesService } from './admin-email-copies.service';
import { AdminExtensionsService } from './admin-extensions.service';
import { AdminOrderLinksService } from './admin-order-links.service';
import { AdminRefundsService } from './admin-refunds.service';
import { AdminGuard, AdminSessionId } from '../staff-access/admin.guard';
import {
  AdminCustomersQueryDto,
  CustomerDetailDto,
  CustomerSearchPageDto,
  ExtendSubscriptionDto,
  OrderPageLinkDto,
  OrderRefundedDto,
  ReceiptResentDto,
  RefundOrderDto,
  ResendReceiptDto,
  ResendTrackerEmailDto,
  SubscriptionExtendedDto,
  TrackerEmailResentDto,
} from './dto/admin-customers.dto';
import { StaffRoleRequired } from '../staff-access/staff-role';

@ApiTags('admin')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid admin token' })
@UseGuards(AdminGuard)
@Controller('admin/customers')
export class AdminCustomersController {
  constructor(
    private readonly customers: AdminCustomersService,
    private readonly refunds: AdminRefundsService,
    private readonly emailCopies: AdminEmailCopiesService,
    private readonly extensions: AdminExtensionsService,
    private readonly orderLinks: AdminOrderLinksService,
  ) {}

  @Get()
  @StaffRoleRequired('support')
  @ApiOperation({ summary: 'Find customers by text in their email or name, one page at a time (newest first)' })
  @ApiOkResponse({ type: CustomerSearchPageDto })
  @ApiBadRequestResponse({ description: 'A parameter out of range or unknown; the message names it' })
  search(@Query() query: AdminCustomersQueryDto): Promise<CustomerSearchPageDto> {
    return this.customers.search(query);
  }

  @Get(':id')
  @StaffRoleRequired('support')
  @ApiOperation({
    summary: "A customer's orders (with what is still refundable), subscriptions, invoices and the emails sent to them",
  })
  @ApiOkResponse({ type: CustomerDetailDto })
  @ApiNotFoundResponse({ description: 'No customer has this id' })
  detail(@Param('id', uuidParam('customer')) id: string): Promise<CustomerDetailDto> {
    return this.customers.detail(id);
  }

  @Post(':id/orders/:orderId/refund')
  @StaffRoleRequired('admin')
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
  @ApiConflictResponse({
    description: 'The order is not paid, or is refunded in full already; or the idempotencyKey refunded another amount',
  })
  refund(
    @AdminSessionId() sessionId: string,
    @Param('id', uuidParam('customer')) id: string,
    @Param('orderId', uuidParam('order')) orderId: string,
    @Body() dto: RefundOrderDto,
  ): Promise<OrderRefundedDto> {
    return this.refunds.refund(sessionId, id, orderId, dto);
  }

  @Post(':id/orders/:orderId/resend-receipt')
  @StaffRoleRequired('support')
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
    return this.emailCopies.resendReceipt(sessionId, id, orderId, dto);
  }

  @Post(':id/orders/:orderId/page-link')
  @StaffRoleRequired('support')
  @HttpCode(200)
  @ApiOperation({
    summary: 'A new link to the page of one of the customer’s paid orders, for staff to pass on (audited)',
    description: 'Whoever holds the link sees the order and downloads its files, as from the buyer’s emails.',
  })
  @ApiOkResponse({ type: OrderPageLinkDto })
  @ApiNotFoundResponse({ description: 'No order of this customer has this id' })
  @ApiConflictResponse({ description: 'The order is not paid: it has no page' })
  orderPageLink(
    @AdminSessionId() sessionId: string,
    @Param('id', uuidParam('customer')) id: string,
    @Param('orderId', uuidParam('order')) orderId: string,
  ): Promise<OrderPageLinkDto> {
    return this.orderLinks.orderPageLink(sessionId, id, orderId);
  }

  @Get(':id/invoices/:invoiceId/pdf')
  @StaffRoleRequired('support')
  @ApiOperation({ summary: 'One of the customer’s invoices as the PDF they get' })
  @ApiProduces('application/pdf')
  @ApiOkResponse({
    description: 'The invoice PDF, named after its number',
    schema: { type: 'string', format: 'binary' },
  })
  @ApiBadRequestResponse({ description: 'An id is not a UUID' })
  @ApiNotFoundResponse({ description: 'No invoice of this customer has this id' })
  async invoicePdf(
    @Param('id', uuidParam('customer')) id: string,
    @Param('invoiceId', uuidParam('invoice')) invoiceId: string,
    @Res() res: Response,
  ): Promise<void> {
    const file = await this.customers.invoicePdf(id, invoiceId);
    res.status(200).set(invoicePdfHeaders(file)).end(file.body);
  }

  @Post(':id/subscriptions/:subscriptionId/resend-tracker-email')
  @StaffRoleRequired('support')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Email the customer one more copy of a County Tracker’s latest email (audited)',
    description:
      'The latest of its monthly deliveries and its release news. The same idempotencyKey again sends no second copy.',
  })
  @ApiOkResponse({ type: TrackerEmailResentDto })
  @ApiBadRequestResponse({ description: 'A malformed body' })
  @ApiNotFoundResponse({ description: 'No subscription of this customer has this id' })
  @ApiConflictResponse({ description: 'Not an active County Tracker, or one that has had no Tracker email yet' })
  resendTrackerEmail(
    @AdminSessionId() sessionId: string,
    @Param('id', uuidParam('customer')) id: string,
    @Param('subscriptionId', uuidParam('subscription')) subscriptionId: string,
    @Body() dto: ResendTrackerEmailDto,
  ): Promise<TrackerEmailResentDto> {
    return this.emailCopies.resendTrackerEmail(sessionId, id, subscriptionId, dto);
  }

  @Post(':id/subscriptions/:subscriptionId/extend')
  @StaffRoleRequired('admin')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Give an active subscription more time: 1–365 days or 1–12 months (audited)',
    description:
      'Its period ends that much later, and its Stripe renewal charges that much later, with nothing charged or ' +
      'credited for the time added. The same idempotencyKey again answers with the same extension and extends ' +
      'nothing more. End a subscription with POST /api/admin/subscriptions/{id}/cancel.',
  })
  @ApiOkResponse({ type: SubscriptionExtendedDto })
  @ApiBadRequestResponse({
    description: 'A count out of range, an unknown unit, or an end over 730 days ahead or still in the past',
  })
  @ApiNotFoundResponse({ description: 'No subscription of this customer has this id' })
  @ApiConflictResponse({
    description:
      'The subscription is not active or is a one-time purchase with no end; its Stripe renewal is unpaid, or ' +
      'renewed past the new end and not yet recorded; or the idempotencyKey already made another extension',
  })
  @ApiServiceUnavailableResponse({ description: 'Stripe could not be reached; nothing changed' })
  extendSubscription(
    @AdminSessionId() sessionId: string,
    @Param('id', uuidParam('customer')) id: string,
    @Param('subscriptionId', uuidParam('subscription')) subscriptionId: string,
    @Body() dto: ExtendSubscriptionDto,
  ): Promise<SubscriptionExtendedDto> {
    return this.extensions.extendSubscription(sessionId, id, subscriptionId, dto);
  }
}
