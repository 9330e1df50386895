import { ApiProperty } from '@nestjs/swagger';
import { InvoiceSummaryDto } from '../../invoices';
import { CustomerSubscriptionDto } from '../../subscriptions';

/** An order as its page shows it to whoever holds the token from the receipt. */
export class OrderPageDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'buyer@example.com' })
  email: string;

  @ApiProperty({ enum: ['paid', 'refunded'] })
  status: 'paid' | 'refunded';

  @ApiProperty({ format: 'date-time' })
  paidAt: string;

  @ApiProperty({ example: 1700, description: 'Dollars charged' })
  totalAmount: number;

  @ApiProperty({ type: CustomerSubscriptionDto, isArray: true })
  subscriptions: CustomerSubscriptionDto[];

  @ApiProperty({ type: InvoiceSummaryDto, isArray: true, description: 'The checkout and each renewal, oldest first' })
  invoices: InvoiceSummaryDto[];
}
