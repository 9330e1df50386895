import { CONVERTED_FORMATS } from '../../../contracts/dataset-formats';
import type { ConvertedFormat } from '../../../contracts/dataset-formats';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsOptional, IsString, IsUUID, Matches } from 'class-validator';
import { RELEASE_MONTH } from '../../../common/validation';
import { QA_FLAGS, QaFlag } from '../releases.constants';

export class CreateReleaseDto {
  @ApiProperty({ example: '2026-12', description: 'The month the release is, YYYY-MM' })
  @IsString({ message: 'month must be a month as YYYY-MM, for example 2026-12' })
  @Matches(RELEASE_MONTH, { message: 'month must be a month as YYYY-MM, for example 2026-12' })
  month: string;
}

export class PublishReleaseDto {
  @ApiPropertyOptional({ type: [String], format: 'uuid', description: 'Counties of the draft to leave unpublished' })
  @IsOptional()
  @IsArray({ message: 'exclude must be a list of county ids' })
  @ArrayMaxSize(5000)
  @IsUUID('all', { each: true, message: 'exclude must list county ids (UUIDs)' })
  exclude?: string[];

  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    description: 'Flagged counties to publish anyway: staff have looked at their flags',
  })
  @IsOptional()
  @IsArray({ message: 'acknowledge must be a list of county ids' })
  @ArrayMaxSize(5000)
  @IsUUID('all', { each: true, message: 'acknowledge must list county ids (UUIDs)' })
  acknowledge?: string[];
}

export class ReleaseDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: '2026-12' })
  month: string;

  @ApiProperty({ enum: ['draft', 'published'] })
  status: 'draft' | 'published';

  @ApiProperty({ example: 3143, description: 'Counties with a file in the release (excluded ones not counted)' })
  counties: number;

  @ApiProperty({ example: 154000000, description: 'Records over those counties' })
  records: number;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ format: 'date-time', nullable: true, type: String })
  publishedAt: string | null;

  @ApiProperty({
    format: 'date',
    nullable: true,
    type: String,
    example: '2026-12-01',
    description:
      'For a draft of a month still to come, the day (UTC) from which it can be published; null when it can be published now, or is published',
  })
  publishableFrom: string | null;
}

export class ChangedFieldDto {
  @ApiProperty({ example: 'owner_name' })
  field: string;

  @ApiProperty({ example: 412, description: 'Changed parcels whose value of this field changed' })
  parcels: number;
}

export class InvalidFieldDto {
  @ApiProperty({ example: 'year_built' })
  field: string;

  @ApiProperty({ example: 3, description: 'Values of this field not valid for its type' })
  values: number;
}

export class QaFlagDto {
  @ApiProperty({ enum: Object.keys(QA_FLAGS) })
  flag: QaFlag;

  @ApiProperty({ example: QA_FLAGS.records_down })
  description: string;
}

/** A county file's parcel boundaries counted by what they are worth: each parcel in one count. */
export class QaShapeChecksDto {
  @ApiProperty({ example: 237500, description: 'Parcels with a readable, valid boundary of some area' })
  shapes: number;

  @ApiProperty({ example: 400, description: 'Parcels without a boundary' })
  missing: number;

  @ApiProperty({
    example: 90,
    description:
      'Boundaries not readable as a Polygon or MultiPolygon, with a ring not closed, too short, or crossing itself',
  })
  invalid: number;

  @ApiProperty({
    example: 85,
    description:
      'Invalid boundaries made valid at ingest (GEOS MakeValid: a bow-tie becomes its two triangles), delivered repaired; counted among the invalid too',
  })
  repaired: number;

  @ApiProperty({ example: 10, description: 'Boundaries of no area (their points on one line)' })
  noArea: number;

  @ApiProperty({
    example: 3,
    description:
      "Boundaries whose centroid lies outside the county, by more than its drawn line's accuracy (about 500 m)",
  })
  outsideCounty: number;

  @ApiProperty({ example: 0, description: 'Boundaries larger than the county itself' })
  largerThanCounty: number;

  @ApiProperty({
    example: 24,
    required: false,
    description:
      "Parcels whose boundary, as written, is another parcel's of the file too (stacked condominiums, or a mistake); counted once compared",
  })
  duplicated?: number;
}

/** Where one format of a county's full file stands: made, being made, failed (with why), or not asked for. */
export class QaFormatDto {
  @ApiProperty({ enum: CONVERTED_FORMATS, example: 'gpkg' })
  format: ConvertedFormat;

  @ApiProperty({
    enum: ['ready', 'queued', 'running', 'failed', 'none'],
    example: 'ready',
    description:
      'ready: made and served; queued/running: being made (a failed attempt is queued again while attempts remain); ' +
      'failed: given up after its attempts (see error); none: not asked for (a file not published)',
  })
  state: 'ready' | 'queued' | 'running' | 'failed' | 'none';

  @ApiProperty({ type: Number, nullable: true, example: 918000, description: 'Size once made' })
  bytes: number | null;

  @ApiProperty({ example: 0, description: 'Attempts made so far' })
  attempts: number;

  @ApiProperty({ type: String, nullable: true, description: "The last failed attempt's error" })
  error: string | null;

  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'When it was made or last tried' })
  updatedAt: string | null;
}

/** One county of a release: its checks and its comparison with its previous published release. */
export class QaRowDto {
  @ApiProperty({ format: 'uuid' })
  countyId: string;

  @ApiProperty({ example: '24510' })
  fips: string;

  @ApiProperty({ example: 'Baltimore City' })
  name: string;

  @ApiProperty({ example: 'MD' })
  state: string;

  @ApiProperty({
    enum: ['checking', 'ready', 'published', 'excluded'],
    description:
      'checking: ingested, comparison pending; ready: checked and compared; excluded: left out at publication',
  })
  status: 'checking' | 'ready' | 'published' | 'excluded';

  @ApiProperty({ example: 238000 })
  records: number;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'number' },
    description: 'Share of the records carrying each key field, 0 to 1',
    example: { owner_name: 0.99 },
  })
  fillRates: Record<string, number>;

  @ApiProperty({ type: [InvalidFieldDto], description: 'Fields with values not valid for their type, most first' })
  invalidValues: InvalidFieldDto[];

  @ApiProperty({ example: 12 })
  invalidValueCount: number;

  @ApiProperty({ example: 0, description: "Rows whose county_fips is not this county's" })
  foreignFipsRows: number;

  @ApiProperty({
    type: QaShapeChecksDto,
    nullable: true,
    description: "The parcels' boundaries counted; null for a file without geometry_wkt (points only)",
  })
  shapeChecks: QaShapeChecksDto | null;

  @ApiProperty({
    example: 0,
    nullable: true,
    type: Number,
    description: 'parcel_ids found more than once; null until compared',
  })
  duplicateParcelIds: number | null;

  @ApiProperty({ example: '2026-11', nullable: true, type: String, description: 'The release compared with' })
  previousRelease: string | null;

  @ApiProperty({ example: 1200, nullable: true, type: Number })
  added: number | null;

  @ApiProperty({ example: 800, nullable: true, type: Number })
  removed: number | null;

  @ApiProperty({ example: 5400, nullable: true, type: Number })
  changed: number | null;

  @ApiProperty({ type: [ChangedFieldDto], description: 'For changed parcels, the fields that changed most' })
  changedFields: ChangedFieldDto[];

  @ApiProperty({ type: [QaFlagDto] })
  flags: QaFlagDto[];

  @ApiProperty({ example: 5242880, description: 'Size of the full file (gzip CSV)' })
  bytes: number;

  @ApiProperty({ example: 120000, nullable: true, type: Number, description: 'Size of the change file, if any' })
  changeBytes: number | null;

  @ApiProperty({ format: 'date-time' })
  checkedAt: string;

  @ApiProperty({ format: 'date-time', nullable: true, type: String })
  comparedAt: string | null;

  @ApiProperty({
    type: [QaFormatDto],
    description: 'The formats of its full file, made by the worker once published (empty in lists of other calls)',
  })
  formats: QaFormatDto[];
}

export class ReleaseDetailDto {
  @ApiProperty({ type: ReleaseDto })
  release: ReleaseDto;

  @ApiProperty({ type: [QaRowDto], description: 'One per county of the release, by state and name' })
  counties: QaRowDto[];
}
