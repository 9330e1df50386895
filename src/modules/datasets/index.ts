/** The datasets module's public API: what other modules may use of it. */
export { CountyDatasetsService } from './county-datasets.service';
export type { CountyDataset } from './county-datasets.service';
export { findCurrentReleases } from './current-release';
export { DatasetFilesModule } from './dataset-files.module';
export { DatasetUploadsService } from './dataset-uploads.service';
export { DATA_NOT_AVAILABLE } from './datasets.constants';
export { DatasetsModule } from './datasets.module';
export { entitledPeriod, includesDataset, releaseOf } from './entitlement';
export type { EntitledPeriod, EntitlementTerms } from './entitlement';
export { ReleasesService } from './releases/releases.service';
export type { PlacedQaRow, PublishChoices, PublishRecorder } from './releases/releases.service';
export type { Release } from './releases/releases.repository';
export { toQaRowDto, toReleaseDto } from './releases/release-views';
export { CreateReleaseDto, PublishReleaseDto, ReleaseDetailDto, ReleaseDto } from './releases/dto/release.dto';
export { SourceReceiver } from './releases/ingest/source-receiver.service';
export { IngestFileQueryDto, IngestJobDto } from './releases/dto/ingest-job.dto';
