import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';

const BOX_TEXT = 'West, south, east, north in degrees (WGS 84)';
const POINT_TEXT = 'Longitude, latitude in degrees (WGS 84): inside a parcel';

const box = (description: string, nullable = false): ApiPropertyOptions => ({
  type: [Number],
  minItems: 4,
  maxItems: 4,
  nullable,
  example: [-76.7113, 39.1972, -76.5297, 39.3722],
  description,
});
const point = (description: string, nullable = false): ApiPropertyOptions => ({
  type: [Number],
  minItems: 2,
  maxItems: 2,
  nullable,
  example: [-76.6122, 39.2904],
  description,
});

/** Where a county's preview map shows parcel outlines. */
export class ParcelPreviewPlaceDto {
  @ApiProperty({ format: 'uuid' })
  countyId: string;

  @ApiProperty({ example: '24510', description: 'The 5-digit county FIPS code' })
  fips: string;

  @ApiProperty(box(`The county's box: ${BOX_TEXT}`))
  bbox: number[];

  @ApiProperty(point(`A place with parcels near the middle of the county: ${POINT_TEXT}`))
  point: number[];
}

/** One County Tracker county of the parcel map. */
export class ParcelMapCountyDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: '24510' })
  fips: string;

  @ApiProperty({ example: 'Baltimore City' })
  name: string;

  @ApiProperty({ example: 'Maryland' })
  state: string;

  @ApiProperty(box(`The county's box, null where the Census draws none: ${BOX_TEXT}`, true))
  bbox: number[] | null;
}

/** Where the signed-in subscriber's parcel map opens. */
export class ParcelMapStartDto {
  @ApiProperty({
    type: ParcelMapCountyDto,
    isArray: true,
    description: 'Their County Tracker counties, by state and name',
  })
  counties: ParcelMapCountyDto[];

  @ApiProperty(box(`Around every county of the list, null when none has a box: ${BOX_TEXT}`, true))
  bbox: number[] | null;

  @ApiProperty(point(`Near the middle of the first county, null while the store holds none: ${POINT_TEXT}`, true))
  point: number[] | null;
}
