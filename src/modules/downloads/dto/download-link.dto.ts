import { ApiProperty } from '@nestjs/swagger';
import { FILE_KINDS, FORMAT_IDS } from '../../../contracts/dataset-formats';
import type { DatasetFormat, FileKind } from '../../../contracts/dataset-formats';

/** A signed, short-lived link to one county file a subscription includes, in one format. */
export class DownloadLinkDto {
  @ApiProperty({
    example: 'https://store.example.com/api/downloads/ZmQ3…',
    description: 'GET it for the file (Range supported); it stops working at expiresAt',
  })
  url: string;

  @ApiProperty({ example: '2026-11', description: 'The monthly release the file is' })
  release: string;

  @ApiProperty({ enum: FILE_KINDS, example: 'full', description: 'The full county file, or the change file' })
  kind: FileKind;

  @ApiProperty({ enum: FORMAT_IDS, example: 'csv', description: 'The format of the file' })
  format: DatasetFormat;

  @ApiProperty({ example: 'baltimore-city-md-2026-11.gpkg', description: 'The name the file downloads under' })
  filename: string;

  @ApiProperty({ example: 593, description: 'Records (parcels) in the file' })
  records: number;

  @ApiProperty({ example: 512000, description: 'Size of the file, in bytes' })
  bytes: number;

  @ApiProperty({
    example: '9f2c…',
    description: "The file's SHA-256, hex: check what was downloaded against it",
  })
  sha256: string;

  @ApiProperty({ example: '1.1.0', description: 'The schema version of its fields (GET /api/schema)' })
  schemaVersion: string;

  @ApiProperty({ type: String, format: 'date-time', description: '15 minutes after the link was made' })
  expiresAt: Date;
}
