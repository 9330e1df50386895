import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { trimmed } from '../../../../common/validation';
import { NO_CONTROL, whole } from '../../lookup/dto/parcel-query.dto';

/** Owners a search answers at most. */
export const MAX_OWNER_MATCHES = 100;
/** Parcels a page of a portfolio holds at most. */
export const MAX_PORTFOLIO_PAGE = 1000;
export const EXPORT_FORMATS = ['csv', 'geojson'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** GET /api/v1/owners: owners by name. */
export class OwnerSearchQueryDto {
  @ApiProperty({ example: 'Acme Holdings', description: 'An owner name, however spelled; best matches first' })
  @IsString({ message: 'name must be text' })
  @Transform(trimmed)
  @MinLength(3, { message: 'name must be at least 3 characters' })
  @MaxLength(200, { message: 'name must be at most 200 characters' })
  @Matches(NO_CONTROL, { message: 'name cannot hold control characters' })
  name: string;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_OWNER_MATCHES, description: 'Owners to answer (default 10)' })
  @IsOptional()
  @Transform(whole)
  @IsInt({ message: `limit must be a whole number from 1 to ${MAX_OWNER_MATCHES}` })
  @Min(1, { message: `limit must be a whole number from 1 to ${MAX_OWNER_MATCHES}` })
  @Max(MAX_OWNER_MATCHES, { message: `limit must be a whole number from 1 to ${MAX_OWNER_MATCHES}` })
  limit?: number;
}

/** GET /api/v1/owners/{owner_id}: a page of the owner's parcels. */
export class OwnerPortfolioQueryDto {
  @ApiPropertyOptional({
    minimum: 1,
    maximum: MAX_PORTFOLIO_PAGE,
    description: `Parcels in this page (default 100, at most ${MAX_PORTFOLIO_PAGE})`,
  })
  @IsOptional()
  @Transform(whole)
  @IsInt({ message: `limit must be a whole number from 1 to ${MAX_PORTFOLIO_PAGE}` })
  @Min(1, { message: `limit must be a whole number from 1 to ${MAX_PORTFOLIO_PAGE}` })
  @Max(MAX_PORTFOLIO_PAGE, { message: `limit must be a whole number from 1 to ${MAX_PORTFOLIO_PAGE}` })
  limit?: number;

  @ApiPropertyOptional({ description: 'The `next` of the page before' })
  @IsOptional()
  @IsString({ message: 'cursor must be text' })
  @MaxLength(200, { message: 'cursor is not one this API gave' })
  cursor?: string;
}

/** GET /api/v1/owners/{owner_id}/export: the file's format. */
export class OwnerExportQueryDto {
  @ApiPropertyOptional({
    enum: EXPORT_FORMATS,
    default: 'csv',
    description: 'csv (a row a parcel) or geojson (a Feature a parcel, with its boundary)',
  })
  @IsOptional()
  @IsIn(EXPORT_FORMATS, { message: `format must be one of: ${EXPORT_FORMATS.join(', ')}` })
  format?: ExportFormat;
}
