import { ApiProperty } from '@nestjs/swagger';

/** One county on sale and the release buyers get of it now. */
export class CoverageCountyDto {
  @ApiProperty({ format: 'uuid' })
  countyId: string;

  @ApiProperty({ example: '24510' })
  fips: string;

  @ApiProperty({ example: 'Baltimore City' })
  name: string;

  @ApiProperty({ example: 'MD' })
  state: string;

  @ApiProperty({ example: '2026-11', nullable: true, type: String, description: 'Current release; null: no data' })
  currentRelease: string | null;

  @ApiProperty({ example: 238000, nullable: true, type: Number })
  records: number | null;

  @ApiProperty({ format: 'date-time', nullable: true, type: String })
  lastPublished: string | null;

  @ApiProperty({
    example: false,
    description: 'No published release: sold with generated data instead (outside production only)',
  })
  generated: boolean;
}

/** Every county on sale with its current release: what the console's coverage page shows. */
export class AdminCoverageDto {
  @ApiProperty({ example: '2026-11', description: 'This month (UTC), the month ages are counted from' })
  month: string;

  @ApiProperty({ type: [CoverageCountyDto], description: 'By FIPS code' })
  counties: CoverageCountyDto[];
}

/** The first records of a county's file in a release, as staff check it before publishing. */
export class RecordsPreviewDto {
  @ApiProperty({ type: [String], example: ['parcel_id', 'county_fips', 'owner_name'] })
  columns: string[];

  @ApiProperty({
    type: 'array',
    items: { type: 'array', items: { type: 'string' } },
    description: 'Up to 10 records, values in the order of columns',
  })
  records: string[][];
}
