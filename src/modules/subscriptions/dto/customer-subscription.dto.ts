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

/** One release a County Tracker subscription may download, with its change file if it has one. */
export class DownloadableReleaseDto {
  @ApiProperty({ example: '2026-11', description: 'The monthly release (YYYY-MM): `release` of a download-link call' })
  release: string;

  @ApiProperty({ example: 593, description: 'Records in its full file' })
  records: number;

  @ApiProperty({
    description:
      "Whether it has a change file (file 'changes' of a download-link call); false for a county's first release",
  })
  hasChangeFile: boolean;

  @ApiProperty({ type: Number, nullable: true, example: 12, description: 'Parcels added since the previous release' })
  added: number | null;

  @ApiProperty({ type: Number, nullable: true, example: 3, description: 'Parcels removed since the previous release' })
  removed: number | null;

  @ApiProperty({ type: Number, nullable: true, example: 41, description: 'Parcels changed since the previous release' })
  changed: number | null;
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

  @ApiProperty({
    type: DownloadableReleaseDto,
    isArray: true,
    description:
      'County Tracker: the published releases it may download, newest first (at most 12), each with whether it ' +
      'has a change file. Empty for a County SnapShot (its one file is downloadableRelease) and for a subscription ' +
      'that includes nothing now.',
  })
  downloadableReleases: DownloadableReleaseDto[];
}

export class UpdateAutoRenewDto {
  @ApiProperty({ description: 'Whether the County Tracker renews for another year at expiration' })
  @IsBoolean({ message: 'autoRenew must be true or false' })
  autoRenew: boolean;
}
