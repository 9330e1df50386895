import { ApiProperty } from '@nestjs/swagger';
import { PURCHASE_TYPES, PurchaseType } from '../../../contracts/plans';
import { DownloadableReleaseDto, SUBSCRIPTION_STATUSES, SubscriptionStatus } from '../../subscriptions';

/** A county as scripts join it to their own data: by FIPS code as well as by name. */
export class ApiCountyDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'Baltimore City' })
  name: string;

  @ApiProperty({ example: 'Maryland' })
  state: string;

  @ApiProperty({ example: 'MD' })
  stateCode: string;

  @ApiProperty({ example: '24510', description: 'The 5-digit county FIPS code' })
  fips: string;
}

/** One of the token owner's subscriptions, with what it may download now. */
export class ApiSubscriptionDto {
  @ApiProperty({ format: 'uuid', description: 'The :id of POST /api/v1/subscriptions/{id}/download-link' })
  id: string;

  @ApiProperty({ type: ApiCountyDto })
  county: ApiCountyDto;

  @ApiProperty({ enum: PURCHASE_TYPES, description: "'one-time': County SnapShot; 'annual': County Tracker" })
  plan: PurchaseType;

  @ApiProperty({ example: 'County Tracker' })
  planName: string;

  @ApiProperty({ enum: SUBSCRIPTION_STATUSES })
  status: SubscriptionStatus;

  @ApiProperty({ description: 'County Tracker: whether it renews for another year at expiration' })
  autoRenew: boolean;

  @ApiProperty({ format: 'date-time' })
  startDate: string;

  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'County Tracker: when it ends' })
  expirationDate: string | null;

  @ApiProperty({
    nullable: true,
    type: String,
    example: '2026-11',
    description:
      'The release a download link without a body gives now, or null when the subscription includes nothing now',
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
