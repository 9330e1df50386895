import { ApiProperty } from '@nestjs/swagger';

/** An owner found by name. */
export class OwnerMatchDto {
  @ApiProperty({ format: 'uuid', description: 'The owner’s id: the same in every release' })
  owner_id: string;

  @ApiProperty({ example: 'ACME HOLDINGS LLC', description: 'The spelling the owner is most often written under' })
  name: string;

  @ApiProperty({ enum: ['person', 'entity'] })
  kind: 'person' | 'entity';

  @ApiProperty({ example: 0.923, description: '0 to 1: how well the best of the owner’s spellings matched' })
  score: number;

  @ApiProperty({ description: 'Parcels the owner holds in your counties' })
  parcels: number;

  @ApiProperty({ description: 'Your counties the owner holds parcels in' })
  counties: number;

  @ApiProperty({ description: 'Parcels the owner holds in counties you do not have' })
  parcels_elsewhere: number;

  @ApiProperty({ description: 'Counties you do not have that the owner holds parcels in' })
  counties_elsewhere: number;
}

export class OwnerMatchesDto {
  @ApiProperty({ type: OwnerMatchDto, isArray: true })
  owners: OwnerMatchDto[];
}

class SpellingDto {
  @ApiProperty({ example: 'ACME HLDGS LLC' })
  name: string;

  @ApiProperty()
  parcels: number;
}

class MailingAddressDto {
  @ApiProperty({ example: '100 MARKET ST, WILMINGTON DE 19801' })
  address: string;

  @ApiProperty()
  parcels: number;
}

class PortfolioTotalsDto {
  @ApiProperty()
  parcels: number;

  @ApiProperty()
  counties: number;

  @ApiProperty({ description: 'Sum of assessed_total_value (US dollars)' })
  assessed_total_value: number;
}

class PortfolioCountyDto {
  @ApiProperty({ example: '10001' })
  county_fips: string;

  @ApiProperty({ example: 'Kent County' })
  county: string;

  @ApiProperty({ example: 'DE' })
  state: string;

  @ApiProperty()
  parcels: number;

  @ApiProperty()
  assessed_total_value: number;
}

class ElsewhereDto {
  @ApiProperty({ description: 'Parcels the owner holds in counties you do not have' })
  parcels: number;

  @ApiProperty({ description: 'How many such counties' })
  counties: number;
}

export class PortfolioParcelDto {
  @ApiProperty({ example: '10001P12' })
  parcel_key: string;

  @ApiProperty({ example: '10001' })
  county_fips: string;

  @ApiProperty({ example: 'Kent County' })
  county: string;

  @ApiProperty({ example: 'DE' })
  state: string;

  @ApiProperty({
    enum: ['owner', 'owner2', 'both'],
    description: 'Whether the owner is the parcel’s owner_name, its owner2_name, or both',
  })
  role: string;

  @ApiProperty({ type: String, nullable: true })
  site_address: string | null;

  @ApiProperty({ type: Number, nullable: true })
  assessed_total_value: number | null;

  @ApiProperty({ type: String, nullable: true, example: '2024-05-17' })
  last_sale_date: string | null;

  @ApiProperty({ type: Number, nullable: true })
  last_sale_price: number | null;
}

/** An owner's portfolio in your counties. */
export class OwnerPortfolioDto {
  @ApiProperty({ format: 'uuid' })
  owner_id: string;

  @ApiProperty({ example: 'ACME HOLDINGS LLC' })
  name: string;

  @ApiProperty({ enum: ['person', 'entity'] })
  kind: 'person' | 'entity';

  @ApiProperty({ type: SpellingDto, isArray: true, description: 'Each spelling seen on your counties’ parcels' })
  names: SpellingDto[];

  @ApiProperty({ type: MailingAddressDto, isArray: true, description: 'Each mailing address seen' })
  mailing_addresses: MailingAddressDto[];

  @ApiProperty({ type: PortfolioTotalsDto })
  totals: PortfolioTotalsDto;

  @ApiProperty({ type: PortfolioCountyDto, isArray: true, description: 'Totals by county, the most parcels first' })
  counties: PortfolioCountyDto[];

  @ApiProperty({ type: ElsewhereDto, description: 'What the owner holds in counties you do not have' })
  elsewhere: ElsewhereDto;

  @ApiProperty({ type: PortfolioParcelDto, isArray: true, description: 'A page of the parcels, by parcel_key' })
  parcels: PortfolioParcelDto[];

  @ApiProperty({ type: String, nullable: true, description: 'The cursor of the next page; null on the last' })
  next: string | null;
}
