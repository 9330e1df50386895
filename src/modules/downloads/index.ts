/** The downloads module's public API: what other modules may use of it. */
export { DownloadsModule } from './downloads.module';
export { countyFileName, DownloadsService } from './downloads.service';
export { IncludedFilesService } from './included-files.service';
export type { IncludedReleases, ReleaseFiles } from './included-files.service';
export { DownloadLinkDto } from './dto/download-link.dto';
export { FILE_KINDS, DownloadChoiceDto } from './dto/download-choice.dto';
export type { FileKind } from './dto/download-choice.dto';
