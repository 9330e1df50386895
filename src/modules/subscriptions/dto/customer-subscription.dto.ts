import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { PURCHASE_TYPES, PurchaseType } from '../../../contracts/plans';
import { SUBSCRIPTION_STATUSES, SubscriptionStatus } from '../entities/subscription.entity';

class CountyNameDto {
  @ApiProperty({ example: 'Baltimore City' })
  name: string;

  @ApiProperty({ example: 'Maryland' })
  state: string;
}

/** One of the signed-in customer's subscriptions, as the dashboard shows it. */
export class CustomerSubscriptionDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: PURCHASE_TYPES })
  purchaseType: PurchaseType;

  @ApiProperty({ enum: SUBSCRIPTION_STATUSES })
  status: SubscriptionStatus;

  @ApiProperty()
  autoRenew: boolean;

  @ApiProperty({ example: 1200, description: 'Dollars' })
  amount: number;

  @ApiProperty({ format: 'date-time' })
  startDate: string;

  @ApiProperty({ format: 'date-time', nullable: true, type: String })
  expirationDate: string | null;

  @ApiProperty({ type: CountyNameDto })
  county: CountyNameDto;

  @ApiProperty({
    nullable: true,
    type: String,
    example: '2026-11',
    description: 'The release a download link gives now (POST /api/subscriptions/:id/download-link), or null',
  })
  downloadableRelease: string | null;
}

export class UpdateAutoRenewDto {
  @ApiProperty({ description: 'Whether the County Tracker renews for another year at expiration' })
  @IsBoolean({ message: 'autoRenew must be true or false' })
  autoRenew: boolean;
}
