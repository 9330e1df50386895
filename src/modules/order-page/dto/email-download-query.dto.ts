import { ApiHideProperty } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { DownloadChoiceDto, FILE_KINDS, FileKind } from '../../downloads';

/**
 * The query of the lasting download link in emails: the download choice, and `file`, the name `kind`
 * had before formats came, which links in emails already sent still carry.
 */
export class EmailDownloadQueryDto extends DownloadChoiceDto {
  @ApiHideProperty()
  @IsOptional()
  @IsIn(FILE_KINDS, { message: "file must be 'full' or 'changes'" })
  file?: FileKind;
}
