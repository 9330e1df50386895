import { ApiProperty } from '@nestjs/swagger';
import { FILL_RATE_FIELDS, FillRateField, PARCEL_SHAPES, ParcelShapes } from '../../../contracts/county-dataset';
import { CountyFileFormatDto } from '../../formats';

class FillRateDto {
  @ApiProperty({ enum: FILL_RATE_FIELDS.map((k) => k.field), example: 'owner_name' })
  field: FillRateField;

  @ApiProperty({ example: 'Owner' })
  label: string;

  @ApiProperty({ example: 0.974, minimum: 0, maximum: 1, description: 'Share of the records that carry the field' })
  rate: number;
}

/** What a buyer gets for one county, before buying; read by the store's "what you get" panel. */
export class CountyDatasetSummaryDto {
  @ApiProperty({ format: 'uuid' })
  countyId: string;

  @ApiProperty({ example: 'Baltimore City' })
  name: string;

  @ApiProperty({ example: 'Maryland' })
  state: string;

  @ApiProperty({ example: '2026-11', description: 'The release a purchase made now includes' })
  release: string;

  @ApiProperty({ format: 'date-time', description: 'When that release was published' })
  publishedAt: string;

  @ApiProperty({ example: 593, description: 'Records (parcels) in the release' })
  parcels: number;

  @ApiProperty({ example: 512000, description: 'Size of the gzip CSV file, in bytes' })
  fileBytes: number;

  @ApiProperty({
    type: FillRateDto,
    isArray: true,
    nullable: true,
    description:
      'One per key field, always in the same order; null while the worker is still counting them (a release stored before counts were kept)',
  })
  fillRates: FillRateDto[] | null;

  @ApiProperty({
    enum: PARCEL_SHAPES,
    nullable: true,
    example: 'polygons',
    description:
      "What the GIS formats (GeoPackage, Shapefile, GeoJSON, Parquet) carry as each parcel's geometry: 'polygons', " +
      "the parcel boundaries (a parcel without one has none), or 'points', the parcel centroids, when the county's " +
      'source has no boundaries; null while the worker is still counting the fields (as fillRates)',
  })
  shapes: ParcelShapes | null;

  @ApiProperty({
    type: CountyFileFormatDto,
    isArray: true,
    description:
      "Every format of the release's full file, in the order of GET /api/formats (CSV first), with its size; " +
      'null for a format not made yet (made on the first download request)',
  })
  formats: CountyFileFormatDto[];

  @ApiProperty({ example: '/api/counties/6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b/sample.csv' })
  sampleUrl: string;
}
