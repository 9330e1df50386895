import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, type TransformFnParams } from 'class-transformer';
import { IsInt, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { trimmed } from '../../../../common/validation';
import { MAX_BOX_DEGREES } from '../../../../contracts/parcel-map';

/** Metres: the nearest parcels are looked for within at most this of the point. */
export const MAX_RADIUS_METRES = 1000;
/** Parcels a page of a box holds at most. */
export const MAX_BOX_PAGE = 1000;
/** Matches an address, owner or point search answers at most. */
export const MAX_MATCHES = 100;
/** Degrees a box may span each way (about 55 km north to south): a larger one is asked for in pieces. */
export { MAX_BOX_DEGREES };
const MAX_TEXT = 200;

/** A number as the query string spells it ("-76.61"); anything else is left for the validator to refuse. */
const decimal = ({ value }: TransformFnParams): unknown =>
  typeof value === 'string' && /^-?\d{1,4}(\.\d{1,20})?$/.test(value.trim()) ? Number(value) : value;

export const whole = ({ value }: TransformFnParams): unknown =>
  typeof value === 'string' && /^\d{1,7}$/.test(value) ? Number(value) : value;

export const NO_CONTROL = /^[^\p{Cc}]*$/u;

/**
 * GET /api/v1/parcels: one question a request: a point (lat and lon, with radius for the nearest
 * parcels), a parcel number (county and parcel), an address, an owner, or a box (bbox).
 */
export class ParcelQueryDto {
  @ApiPropertyOptional({ minimum: -90, maximum: 90, example: 39.2904, description: 'Latitude (WGS 84), with lon' })
  @IsOptional()
  @Transform(decimal)
  @IsNumber({}, { message: 'lat must be a number of degrees' })
  @Min(-90, { message: 'lat must be from -90 to 90' })
  @Max(90, { message: 'lat must be from -90 to 90' })
  lat?: number;

  @ApiPropertyOptional({ minimum: -180, maximum: 180, example: -76.6122, description: 'Longitude (WGS 84), with lat' })
  @IsOptional()
  @Transform(decimal)
  @IsNumber({}, { message: 'lon must be a number of degrees' })
  @Min(-180, { message: 'lon must be from -180 to 180' })
  @Max(180, { message: 'lon must be from -180 to 180' })
  lon?: number;

  @ApiPropertyOptional({
    minimum: 1,
    maximum: MAX_RADIUS_METRES,
    description: 'With lat and lon: the parcels within this many metres, nearest first',
  })
  @IsOptional()
  @Transform(decimal)
  @IsNumber({}, { message: 'radius must be a number of metres' })
  @Min(1, { message: `radius must be from 1 to ${MAX_RADIUS_METRES} metres` })
  @Max(MAX_RADIUS_METRES, { message: `radius must be from 1 to ${MAX_RADIUS_METRES} metres` })
  radius?: number;

  @ApiPropertyOptional({
    example: '24510',
    description: 'County FIPS code: with parcel, or to narrow address and owner',
  })
  @IsOptional()
  @Matches(/^\d{5}$/, { message: 'county must be a five-digit county FIPS code' })
  county?: string;

  @ApiPropertyOptional({
    example: '12-345-678',
    description: 'With county: the parcel number, with or without its separators',
  })
  @IsOptional()
  @IsString({ message: 'parcel must be text' })
  @Transform(trimmed)
  @MinLength(1, { message: 'parcel cannot be empty' })
  @MaxLength(100, { message: 'parcel must be at most 100 characters' })
  @Matches(NO_CONTROL, { message: 'parcel cannot hold control characters' })
  parcel?: string;

  @ApiPropertyOptional({ example: '123 North Main Street', description: 'A site address, best matches first' })
  @IsOptional()
  @IsString({ message: 'address must be text' })
  @Transform(trimmed)
  @MinLength(3, { message: 'address must be at least 3 characters' })
  @MaxLength(MAX_TEXT, { message: `address must be at most ${MAX_TEXT} characters` })
  @Matches(NO_CONTROL, { message: 'address cannot hold control characters' })
  address?: string;

  @ApiPropertyOptional({ example: 'Smith John', description: 'An owner name, best matches first' })
  @IsOptional()
  @IsString({ message: 'owner must be text' })
  @Transform(trimmed)
  @MinLength(3, { message: 'owner must be at least 3 characters' })
  @MaxLength(MAX_TEXT, { message: `owner must be at most ${MAX_TEXT} characters` })
  @Matches(NO_CONTROL, { message: 'owner cannot hold control characters' })
  owner?: string;

  @ApiPropertyOptional({
    example: '-76.62,39.28,-76.60,39.30',
    description: `minLon,minLat,maxLon,maxLat (WGS 84), at most ${MAX_BOX_DEGREES} degrees each way: the parcels meeting it, a page at a time`,
  })
  @IsOptional()
  @IsString({ message: 'bbox must be text' })
  @Matches(/^-?\d{1,3}(\.\d{1,20})?(,-?\d{1,3}(\.\d{1,20})?){3}$/, {
    message: 'bbox must be minLon,minLat,maxLon,maxLat: four numbers of degrees',
  })
  bbox?: string;

  @ApiPropertyOptional({ description: 'With bbox: the `next` of the page before' })
  @IsOptional()
  @IsString({ message: 'cursor must be text' })
  @MaxLength(200, { message: 'cursor is not one this API gave' })
  cursor?: string;

  @ApiPropertyOptional({
    minimum: 1,
    maximum: MAX_BOX_PAGE,
    description: `Parcels to answer: for a bbox page at most ${MAX_BOX_PAGE} (default 100), otherwise at most ${MAX_MATCHES} (default 10)`,
  })
  @IsOptional()
  @Transform(whole)
  @IsInt({ message: `limit must be a whole number from 1 to ${MAX_BOX_PAGE}` })
  @Min(1, { message: `limit must be a whole number from 1 to ${MAX_BOX_PAGE}` })
  @Max(MAX_BOX_PAGE, { message: `limit must be a whole number from 1 to ${MAX_BOX_PAGE}` })
  limit?: number;

  @ApiPropertyOptional({
    example: 'site_address,owner_name,assessed_total_value',
    description: 'The schema fields to give as properties (comma-separated); all when left out',
  })
  @IsOptional()
  @IsString({ message: 'fields must be text' })
  @MaxLength(10_000, { message: 'fields names more fields than the schema has' })
  fields?: string;
}

/** GET /api/v1/parcels/{parcel_key}: which fields to give. */
export class ParcelFieldsQueryDto {
  @ApiPropertyOptional({ description: 'The schema fields to give as properties (comma-separated); all when left out' })
  @IsOptional()
  @IsString({ message: 'fields must be text' })
  @MaxLength(10_000, { message: 'fields names more fields than the schema has' })
  fields?: string;
}
