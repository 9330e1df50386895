import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { RELEASE_MONTH } from '../../../common/validation';
import { FILE_KINDS, FileKind, FORMAT_IDS, DatasetFormat } from '../../../contracts/dataset-formats';

export { FILE_KINDS } from '../../../contracts/dataset-formats';
export type { FileKind } from '../../../contracts/dataset-formats';

const MONTH_MESSAGE = 'release must be a monthly release as YYYY-MM, for example 2026-11';
const FORMAT_MESSAGE = `format must be one of ${FORMAT_IDS.join(', ')}`;

/**
 * Which of a subscription's files a download link is for, and in which format. Neither release nor
 * kind given: the full file the subscription includes now, as always. `release` alone: that release's
 * full file; `kind` alone: that file of the release the subscription includes now. `format` picks the
 * format of whichever file (CSV when not given).
 */
export class DownloadChoiceDto {
  @ApiPropertyOptional({
    example: '2026-11',
    description: 'The monthly release (YYYY-MM); it must be one the subscription includes',
  })
  @IsOptional()
  @IsString({ message: MONTH_MESSAGE })
  @Matches(RELEASE_MONTH, { message: MONTH_MESSAGE })
  release?: string;

  @ApiPropertyOptional({
    enum: FILE_KINDS,
    default: 'full',
    description:
      "'full': the whole county file; 'changes': the parcels added, removed or changed since the county's " +
      'previous release (County Tracker only)',
  })
  @IsOptional()
  @IsIn(FILE_KINDS, { message: "kind must be 'full' or 'changes'" })
  kind?: FileKind;

  @ApiPropertyOptional({
    enum: FORMAT_IDS,
    description:
      'The format (GET /api/formats lists them); csv when not given. A format not made yet of this file is prepared on request: ' +
      'the answer is then 409 with Retry-After, and the same call succeeds once it is ready',
  })
  @IsOptional()
  @IsIn(FORMAT_IDS, { message: FORMAT_MESSAGE })
  format?: DatasetFormat;
}
