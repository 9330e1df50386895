import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';

export const DOWNLOAD_FILES = ['full', 'changes'] as const;
export type DownloadFile = (typeof DOWNLOAD_FILES)[number];

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const MONTH_MESSAGE = 'release must be a monthly release as YYYY-MM, for example 2026-11';

/**
 * Which of a subscription's files a download link is for. Neither given: the full file the
 * subscription includes now, as always. `release` alone: that release's full file; `file` alone:
 * that file of the release the subscription includes now.
 */
export class DownloadChoiceDto {
  @ApiPropertyOptional({
    example: '2026-11',
    description: 'The monthly release (YYYY-MM); it must be one the subscription includes',
  })
  @IsOptional()
  @IsString({ message: MONTH_MESSAGE })
  @Matches(MONTH, { message: MONTH_MESSAGE })
  release?: string;

  @ApiPropertyOptional({
    enum: DOWNLOAD_FILES,
    default: 'full',
    description:
      "'full': the whole county file; 'changes': the parcels added, removed or changed since the county's " +
      'previous release (County Tracker only)',
  })
  @IsOptional()
  @IsIn(DOWNLOAD_FILES, { message: "file must be 'full' or 'changes'" })
  file?: DownloadFile;
}
