import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** How a parcel matched the question. */
export class ParcelMatchDto {
  @ApiProperty({ enum: ['point', 'nearest', 'parcel', 'address', 'owner', 'bbox', 'key'] })
  kind: string;

  @ApiPropertyOptional({ example: 0.923, description: 'Address and owner searches: 0 to 1, best first' })
  score?: number;

  @ApiPropertyOptional({ example: 4.3, description: 'Point lookups with a radius: metres from the point' })
  distance_m?: number;
}

/** A parcel as a GeoJSON Feature (RFC 7946), `match` a foreign member. */
export class ParcelFeatureDto {
  @ApiProperty({ enum: ['Feature'] })
  type: 'Feature';

  @ApiProperty({ example: '2451012345678', description: 'The parcel_key' })
  id: string;

  @ApiProperty({
    type: 'object',
    nullable: true,
    additionalProperties: true,
    description: 'The boundary: a GeoJSON MultiPolygon in WGS 84 (7 decimals); null for a parcel without one',
  })
  geometry: object | null;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'parcel_key, county_fips, release, owner_id and owner2_id (the owners of owner_name and owner2_name across ' +
      'counties, as GET /api/v1/owners/{owner_id} answers them; null where there is none), then each schema ' +
      'field (or those `fields` names): numbers and booleans ' +
      'typed, dates and text as written, empty values null',
  })
  properties: Record<string, string | number | boolean | null>;

  @ApiPropertyOptional({ type: ParcelMatchDto })
  match?: ParcelMatchDto;
}

/** Parcels as a GeoJSON FeatureCollection; a box's pages carry the cursor of the next. */
export class ParcelCollectionDto {
  @ApiProperty({ enum: ['FeatureCollection'] })
  type: 'FeatureCollection';

  @ApiProperty({ type: ParcelFeatureDto, isArray: true })
  features: ParcelFeatureDto[];

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'bbox questions: the cursor of the next page, null on the last',
  })
  next?: string | null;
}
