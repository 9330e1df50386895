/** The formats module's public API: county files in every format, made by the worker. */
export { DatasetFormatsService } from './dataset-formats.service';
export type { FormatAvailability } from './dataset-formats.service';
export type { FormatStatus } from './dataset-conversions.repository';
export { PREPARING_RETRY_AFTER_SECONDS, RETRY_FAILED_AFTER_MS } from './formats.constants';
export { CountyFileFormatDto, DatasetFormatDto } from './dto/dataset-format.dto';
export { FormatsModule } from './formats.module';
export { FormatsWorkerModule } from './formats-worker.module';
