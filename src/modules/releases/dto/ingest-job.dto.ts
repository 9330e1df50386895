import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';

export class IngestFileQueryDto {
  @ApiPropertyOptional({
    format: 'uuid',
    description:
      'The county the file is for; its rows of another county_fips are counted and left out. Without it, the file is split by its county_fips column into one file per county.',
  })
  @IsOptional()
  @IsUUID('all', { message: 'countyId must be a county id (a UUID)' })
  countyId?: string;
}

export const INGEST_JOB_STATES = ['queued', 'running', 'completed', 'failed'] as const;
export type IngestJobState = (typeof INGEST_JOB_STATES)[number];

export class IngestJobDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'uuid' })
  releaseId: string;

  @ApiProperty({ example: '2026-12', description: 'The month of the release' })
  month: string;

  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'Null for a file split by county_fips' })
  countyId: string | null;

  @ApiProperty({ enum: INGEST_JOB_STATES })
  state: IngestJobState;

  @ApiProperty({ description: 'Bytes of the file (as sent) read so far' })
  bytesRead: number;

  @ApiProperty({ description: 'Bytes of the file as sent' })
  bytesTotal: number;

  @ApiProperty({ description: 'Records read so far, the header not counted' })
  recordsRead: number;

  @ApiProperty({ description: 'Counties with records in the file so far' })
  countiesFound: number;

  @ApiProperty({
    type: [String],
    description: 'What went wrong or was left out (rows of unknown counties, why the job failed), for staff to act on',
  })
  errors: string[];

  @ApiProperty({ description: 'Runs started: more than 1 after a worker restart or a retried failure' })
  attempts: number;

  @ApiProperty()
  createdAt: Date;

  @ApiProperty({ nullable: true, type: Date })
  startedAt: Date | null;

  @ApiProperty({ nullable: true, type: Date })
  finishedAt: Date | null;
}
