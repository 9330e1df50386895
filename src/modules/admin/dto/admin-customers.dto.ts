import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, type TransformFnParams } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import { trimmed } from '../../../common/validation';

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

export class CustomerSubscriptionSummaryDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) countyId: string;
  @ApiProperty({ example: 'annual' }) purchaseType: string;
  @ApiProperty({ example: 'active' }) status: string;
  @ApiProperty() autoRenew: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) expirationDate: string | null;
}

export class CustomerInvoiceDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'CDS-000042' }) number: string;
  @ApiProperty({ example: 'order' }) kind: string;
  @ApiProperty({ type: String, format: 'date-time' }) issuedAt: string;
  @ApiProperty({ description: 'Cents' }) totalCents: number;
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
