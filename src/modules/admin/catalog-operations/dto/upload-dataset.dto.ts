import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches, Validate, ValidatorConstraint, ValidatorConstraintInterface } from 'class-validator';
import type { CountyDataset } from '../../../releases';
import { releaseOf } from '../../../releases';
import { RELEASE_MONTH } from '../../../../common/validation';

@ValidatorConstraint({ name: 'notFutureRelease' })
class NotFutureRelease implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    // A malformed value is for the format check to name.
    return typeof value !== 'string' || !RELEASE_MONTH.test(value) || value <= releaseOf(new Date());
  }

  defaultMessage(): string {
    return `release cannot be a future month; the current one is ${releaseOf(new Date())}`;
  }
}

export class UploadDatasetQueryDto {
  @ApiProperty({ example: '2026-11', description: 'The monthly release the file is, YYYY-MM (UTC), not in the future' })
  @IsString({ message: 'release must be a month as YYYY-MM, for example 2026-11' })
  @Matches(RELEASE_MONTH, { message: 'release must be a month as YYYY-MM, for example 2026-11' })
  @Validate(NotFutureRelease)
  release: string;
}

export class UploadedDatasetDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'uuid' })
  countyId: string;

  @ApiProperty({ example: '2026-11' })
  release: string;

  @ApiProperty({ example: 5242880, description: 'Size of the stored gzip file' })
  bytes: number;

  @ApiProperty({ example: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' })
  sha256: string;

  @ApiProperty({ example: 593, description: 'CSV records, the header not counted' })
  records: number;

  @ApiProperty({ enum: ['uploaded', 'generated'], example: 'uploaded' })
  source: 'uploaded' | 'generated';

  static of(dataset: CountyDataset): UploadedDatasetDto {
    const { id, countyId, release, bytes, sha256, records, source } = dataset;
    return { id, countyId, release, bytes, sha256, records, source };
  }
}
