import { ApiProperty } from '@nestjs/swagger';
import { FILE_KINDS, FORMAT_IDS } from '../../../contracts/dataset-formats';
import type { DatasetFormat, FileKind } from '../../../contracts/dataset-formats';
import { PURCHASE_TYPES, PurchaseType } from '../../../contracts/plans';
import { ApiCountyDto } from './api-subscription.dto';

/** One stored file: what a pipeline checks the bytes it loaded against. */
export class ManifestFileDto {
  @ApiProperty({ enum: FILE_KINDS, description: 'The full county file, or the change file since the previous release' })
  kind: FileKind;

  @ApiProperty({ enum: FORMAT_IDS })
  format: DatasetFormat;

  @ApiProperty({ example: 'baltimore-city-md-2026-11.csv.gz', description: 'The name the file downloads under' })
  filename: string;

  @ApiProperty({ example: 512000, description: 'Size in bytes, as downloaded' })
  bytes: number;

  @ApiProperty({ example: '9f2c…', description: 'SHA-256 of the bytes as downloaded, hex' })
  sha256: string;

  @ApiProperty({ example: 593, description: 'Records (parcels) in the file; change rows for a change file' })
  records: number;

  @ApiProperty({ example: '1.1.0', description: 'The schema version of its fields (GET /api/schema)' })
  schemaVersion: string;
}

/** A format not made yet of one of the county's files (a download link asks for it to be made). */
export class ManifestPendingFileDto {
  @ApiProperty({ enum: FILE_KINDS })
  kind: FileKind;

  @ApiProperty({ enum: FORMAT_IDS })
  format: DatasetFormat;
}

/** What changed in a county since its previous release (the change file holds these rows). */
export class ManifestChangesDto {
  @ApiProperty({ example: '2026-10' })
  previousRelease: string;

  @ApiProperty({ example: 12 })
  added: number;

  @ApiProperty({ example: 3 })
  removed: number;

  @ApiProperty({ example: 240 })
  changed: number;
}

/** One county the token's owner holds in the release, with every file of it they may download. */
export class ManifestCountyDto {
  @ApiProperty({ type: ApiCountyDto })
  county: ApiCountyDto;

  @ApiProperty({ format: 'uuid', description: 'The subscription that includes it' })
  subscriptionId: string;

  @ApiProperty({
    enum: PURCHASE_TYPES,
    description: "'one-time': County SnapShot (no change files); 'annual': County Tracker",
  })
  plan: PurchaseType;

  @ApiProperty({ example: 4210, description: 'Parcels in the full file' })
  records: number;

  @ApiProperty({
    type: ManifestChangesDto,
    nullable: true,
    description: "Null for the county's first release (nothing to compare) and for files not compared",
  })
  changes: ManifestChangesDto | null;

  @ApiProperty({
    example: '/api/v1/subscriptions/0b6e…/download-link',
    description:
      'POST it with {"release", "kind", "format"} of a file (and the token) for a 15-minute link to that file',
  })
  downloadLink: string;

  @ApiProperty({
    type: ManifestFileDto,
    isArray: true,
    description: 'Full file first, then the change file; CSV first',
  })
  files: ManifestFileDto[];

  @ApiProperty({
    type: ManifestPendingFileDto,
    isArray: true,
    description: 'Formats still being prepared: not listed in files until stored',
  })
  preparing: ManifestPendingFileDto[];
}

/** What the token's owner holds of one release, file by file. */
export class ReleaseManifestDto {
  @ApiProperty({ example: '2026-11' })
  release: string;

  @ApiProperty({ example: '1.1.0', description: 'The current schema version (each file says its own)' })
  schemaVersion: string;

  @ApiProperty({ type: ManifestCountyDto, isArray: true, description: 'By FIPS code' })
  counties: ManifestCountyDto[];
}
