import { ApiProperty } from '@nestjs/swagger';

/** One published release of a county, as buyers see it (GET /api/counties/:id/releases). */
export class CountyReleaseDto {
  @ApiProperty({ example: '2026-11', description: 'The monthly release, YYYY-MM' })
  release: string;

  @ApiProperty({ example: 593, description: 'Records (parcels) in its full file' })
  records: number;

  @ApiProperty({ example: 512000, description: 'Size of its full gzip CSV file, in bytes' })
  bytes: number;

  @ApiProperty({ format: 'date-time', description: 'When it was published' })
  publishedAt: string;

  @ApiProperty({
    type: Number,
    nullable: true,
    example: 12,
    description: "Parcels added since the county's previous release; null for a first release or when unknown",
  })
  added: number | null;

  @ApiProperty({ type: Number, nullable: true, example: 3, description: 'Parcels removed since the previous release' })
  removed: number | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    example: 41,
    description: 'Parcels whose record changed since the previous release',
  })
  changed: number | null;

  @ApiProperty({
    example: false,
    description:
      'A generated stand-in, not a published release: outside production, what a county without one is sold with',
  })
  generated: boolean;
}
