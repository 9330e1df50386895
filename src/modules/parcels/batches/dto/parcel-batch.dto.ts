import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { DEFAULT_BATCH_FIELDS, MAX_BATCH_ROWS } from '../parcel-batches.constants';

/** POST …/batches: which schema fields to append. */
export class BatchUploadQueryDto {
  @ApiPropertyOptional({
    example: 'owner_name,site_address,assessed_total_value',
    description: `Schema fields to append to each row, comma-separated, in this order; when left out: ${DEFAULT_BATCH_FIELDS.join(', ')}`,
  })
  @IsOptional()
  @IsString({ message: 'fields must be text' })
  @MaxLength(10_000, { message: 'fields names more fields than the schema has' })
  fields?: string;
}

/** Where a batch and its result are fetched. */
export class ParcelBatchLinksDto {
  @ApiProperty({ example: 'http://localhost:3000/api/v1/batches/0b0e7a52-4f4c-4d7e-9a63-2f0d3c1b5e71' })
  self: string;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'http://localhost:3000/api/v1/batches/0b0e7a52-4f4c-4d7e-9a63-2f0d3c1b5e71/result',
    description: 'The result CSV, once the batch is done; null before',
  })
  result: string | null;
}

/** A batch append: its progress, and its result once done. */
export class ParcelBatchDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: ['queued', 'running', 'done', 'failed'] })
  status: 'queued' | 'running' | 'done' | 'failed';

  @ApiProperty({ example: 2500, maximum: MAX_BATCH_ROWS, description: 'Rows of the CSV, its header not counted' })
  rows: number;

  @ApiProperty({ example: 1000, description: 'Rows matched so far (or found unmatched)' })
  processed: number;

  @ApiProperty({ example: 912, description: 'Rows that matched a parcel' })
  matched: number;

  @ApiProperty({ type: String, isArray: true, description: 'The schema fields appended, in order' })
  fields: string[];

  @ApiProperty({ type: String, nullable: true, description: 'Why a failed batch failed' })
  error: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  finishedAt: string | null;

  @ApiProperty({ type: String, format: 'date-time', description: 'When the batch and its result are deleted' })
  expiresAt: string;

  @ApiProperty({ type: ParcelBatchLinksDto })
  links: ParcelBatchLinksDto;
}
