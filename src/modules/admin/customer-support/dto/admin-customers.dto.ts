import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, type TransformFnParams } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import { EXTENSION_UNITS, type ExtensionUnit, extensionUnitOf, MOST_EXTENSION } from '../../../../contracts/extensions';
import { trimmed } from '../../../../common/validation';

/** Digits become a number; anything else stays as it came, for the validator to refuse with its message. */
const wholeNumber = ({ value }: TransformFnParams): unknown =>
  typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;

/** A search of the customers: text in the email or name, one page at a time. */
export class AdminCustomersQueryDto {
  @ApiPropertyOptional({ description: 'Text found, case-insensitively, in the email or name', example: 'dana@' })
  @IsOptional()
  @Transform(trimmed)
  @IsString({ message: 'q must be text' })
  @MaxLength(100, { message: 'q must be at most 100 characters' })
  @Matches(/^[^\p{Cc}]*$/u, { message: 'q cannot hold control characters' })
  q?: string;

  @ApiPropertyOptional({ default: 1, minimum: 1 })
  @IsOptional()
  @Transform(wholeNumber)
  @IsInt({ message: 'page must be a whole number from 1 to 1,000,000' })
  @Min(1, { message: 'page must be a whole number from 1 to 1,000,000' })
  @Max(1_000_000, { message: 'page must be a whole number from 1 to 1,000,000' })
  page?: number;

  @ApiPropertyOptional({ default: 20, minimum: 1, maximum: 100 })
  @IsOptional()
  @Transform(wholeNumber)
  @IsInt({ message: 'pageSize must be a whole number from 1 to 100' })
  @Min(1, { message: 'pageSize must be a whole number from 1 to 100' })
  @Max(100, { message: 'pageSize must be a whole number from 1 to 100' })
  pageSize?: number;
}

/** A refund staff ask for: the amount in cents, and a key the console makes once per confirmation. */
export class RefundOrderDto {
  @ApiProperty({ description: 'Cents to refund: at most what is still refundable on the order', example: 20000 })
  @IsInt({ message: 'amountCents must be a whole number of cents' })
  @Min(1, { message: 'amountCents must be at least 1' })
  @Max(100_000_000, { message: 'amountCents must be at most 100000000' })
  amountCents: number;

  @ApiProperty({
    format: 'uuid',
    description: 'One per confirmed refund: the same key again (a double click, a retry) is the same refund',
  })
  @IsUUID('all', { message: 'idempotencyKey must be a UUID' })
  idempotencyKey: string;
}

export class CustomerProfileDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty({ type: String, nullable: true }) firstName: string | null;
  @ApiProperty({ type: String, nullable: true }) lastName: string | null;
}

export class CustomerOrderDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'paid' }) status: string;
  @ApiProperty({ description: 'What was charged, in cents', example: 1700 }) amountCents: number;
  @ApiProperty({ description: 'Refunded so far at Stripe, in cents' }) refundedCents: number;
  @ApiProperty({ description: 'What staff may still refund, in cents' }) refundableCents: number;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) paidAt: string | null;
}

/** One customer found by a search, with what they have bought. */
export class CustomerSearchRowDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty({ type: String, nullable: true }) firstName: string | null;
  @ApiProperty({ type: String, nullable: true }) lastName: string | null;
  @ApiProperty({ description: 'Paid orders' }) ordersCount: number;
  @ApiProperty({ description: 'What their paid orders charged, in cents, before refunds' }) spentCents: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the latest order was paid' })
  lastOrderAt: string | null;
}

export class CustomerSearchPageDto {
  @ApiProperty({ type: [CustomerSearchRowDto] }) items: CustomerSearchRowDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() pageSize: number;
}

export class CustomerSubscriptionSummaryDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) countyId: string;
  @ApiProperty({ example: 'Harris County, TX', description: 'The county, as customers see it' }) countyName: string;
  @ApiProperty({ example: 'annual' }) purchaseType: string;
  @ApiProperty({ example: 'active' }) status: string;
  @ApiProperty() autoRenew: boolean;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'The end of the period paid for: the next renewal when it renews',
  })
  expirationDate: string | null;
  @ApiProperty({ description: 'A County Tracker email (monthly or a release’s news) was sent: one can be resent' })
  hasTrackerEmail: boolean;
}

export class CustomerInvoiceDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'CDS-000042' }) number: string;
  @ApiProperty({ example: 'order' }) kind: string;
  @ApiProperty({ type: String, format: 'date-time' }) issuedAt: string;
  @ApiProperty({ description: 'Cents' }) totalCents: number;
  @ApiProperty({ example: '/api/admin/customers/…/invoices/…/pdf', description: 'The PDF, for staff' }) pdfUrl: string;
}

export class CustomerEmailDto {
  @ApiProperty({ example: 'receipt', description: 'What kind of message: the first part of its key' }) kind: string;
  @ApiProperty() subject: string;
  @ApiProperty({ type: String, format: 'date-time', description: 'When sending began' }) claimedAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) sentAt: string | null;
  @ApiProperty({ enum: ['sent', 'sending'] }) state: 'sent' | 'sending';
}

export class CustomerDetailDto {
  @ApiProperty({ type: CustomerProfileDto }) customer: CustomerProfileDto;
  @ApiProperty({ type: [CustomerOrderDto], description: 'Newest first' }) orders: CustomerOrderDto[];
  @ApiProperty({ type: [CustomerSubscriptionSummaryDto] }) subscriptions: CustomerSubscriptionSummaryDto[];
  @ApiProperty({ type: [CustomerInvoiceDto] }) invoices: CustomerInvoiceDto[];
  @ApiProperty({ type: [CustomerEmailDto], description: 'Newest first' }) emails: CustomerEmailDto[];
}

export class OrderRefundedDto {
  @ApiProperty({ format: 'uuid' }) orderId: string;
  @ApiProperty({ example: 're_123' }) refundId: string;
  @ApiProperty({ description: 'Cents refunded by this request' }) amountCents: number;
  @ApiProperty({ description: 'Cents still refundable after it' }) refundableCents: number;
  @ApiProperty({ example: 'Refunded $200.00 of order 1a2b3c4d' }) message: string;
}

/** A copy of a receipt staff ask for, with a key the console makes once per click-through. */
export class ResendReceiptDto {
  @ApiProperty({ format: 'uuid', description: 'The same key again (a double click, a retry) sends no second copy' })
  @IsUUID('all', { message: 'idempotencyKey must be a UUID' })
  idempotencyKey: string;
}

export class ReceiptResentDto {
  @ApiProperty({ format: 'uuid' }) orderId: string;
  @ApiProperty({ example: 'dana@example.com' }) emailedTo: string;
  @ApiProperty({ example: 'A copy of the receipt is on its way to dana@example.com' }) message: string;
}

/** A copy of a customer's latest County Tracker email staff ask for: one key per click-through. */
export class ResendTrackerEmailDto extends ResendReceiptDto {}

export class TrackerEmailResentDto {
  @ApiProperty({ format: 'uuid' }) subscriptionId: string;
  @ApiProperty({ example: 'dana@example.com' }) emailedTo: string;
  @ApiProperty({ enum: ['monthly', 'release'], description: 'The monthly delivery, or the news of a release' })
  occasion: 'monthly' | 'release';
  @ApiProperty({ example: 'A copy of the November 2026 County Tracker email is on its way to dana@example.com' })
  message: string;
}

/** More time for a subscription, in days or months, with a key the console makes once per confirmation. */
export class ExtendSubscriptionDto {
  @ApiProperty({ enum: EXTENSION_UNITS, example: 'months' })
  @IsIn(EXTENSION_UNITS, { message: `unit must be one of: ${EXTENSION_UNITS.join(', ')}` })
  unit: ExtensionUnit;

  @ApiProperty({
    minimum: 1,
    maximum: MOST_EXTENSION.days,
    example: 1,
    description: `How many: 1 to ${MOST_EXTENSION.days} days, or 1 to ${MOST_EXTENSION.months} months`,
  })
  @ValidateBy({
    name: 'extensionCount',
    validator: {
      validate: (value: unknown, args) =>
        Number.isInteger(value) &&
        (value as number) >= 1 &&
        (value as number) <= MOST_EXTENSION[extensionUnitOf((args?.object as { unit?: unknown }).unit)],
      defaultMessage: (args) => {
        const unit = extensionUnitOf((args?.object as { unit?: unknown }).unit);
        return `count must be a whole number of ${unit} from 1 to ${MOST_EXTENSION[unit]}`;
      },
    },
  })
  count: number;

  @ApiProperty({ format: 'uuid', description: 'The same key again (a double click, a retry) extends no further' })
  @IsUUID('all', { message: 'idempotencyKey must be a UUID' })
  idempotencyKey: string;
}

export class SubscriptionExtendedDto {
  @ApiProperty({ format: 'uuid' }) subscriptionId: string;
  @ApiProperty({ type: String, format: 'date-time' }) previousExpirationDate: string;
  @ApiProperty({ type: String, format: 'date-time', description: 'The new end of the period: the next renewal' })
  expirationDate: string;
  @ApiProperty({ description: 'Whether the Stripe renewal moved too (false when it does not renew at Stripe)' })
  renewalMoved: boolean;
  @ApiProperty({ example: 'Extended by 1 month: now runs until Dec 27, 2027' }) message: string;
}

/** A link to the customer's order page, made for staff to pass on. */
export class OrderPageLinkDto {
  @ApiProperty({ format: 'uuid' }) orderId: string;
  @ApiProperty({ example: 'https://store.example.com/orders/…' }) url: string;
  @ApiProperty({ format: 'date-time', description: 'The link stops opening the order then (30 days on)' })
  expiresAt: string;
}
