/**
 * The data-schema module's public API: the fields every county file has, and reading a county
 * CSV against them (scanning, checking values, counting key fields, sampling).
 */
export { DATA_FIELDS, DATA_SCHEMA, IDENTIFIER_FIELDS } from './data-schema';
export type { DataField, FieldType } from './data-schema';
export { CHANGE_COLUMNS, CHANGE_TYPES, changeTypeOf, LIST_SEPARATOR } from './change-types';
export type { ChangeType } from './change-types';
export { DATA_SCHEMA_PATH } from './data-schema.controller';
export { deprecationNotices, pendingDeprecations, SCHEMA_VERSION, SCHEMA_VERSIONS } from './schema-versions';
export type { FieldDeprecation, SchemaVersion } from './schema-versions';
export { DataSchemaModule } from './data-schema.module';
export { CsvFormatError, CsvScanner, MAX_HEADER_BYTES } from './reading/csv-scanner';
export { CsvRecordReader, fieldCountProblem, fieldValue, isQuoted, keptRecord } from './reading/csv-record-reader';
export type { RecordView } from './reading/csv-record-reader';
export {
  checkHeader,
  CountyFileInspector,
  fileTooLarge,
  quotedValue,
  unzippedTooLarge,
} from './reading/county-file-inspector';
export type { CountyFileFacts } from './reading/county-file-inspector';
export {
  countKeyFields,
  fillRates,
  keyFieldColumns,
  keyFieldCountsOf,
  parcelShapesOf,
} from './reading/key-field-counts';
export type { KeyFieldCounts } from './reading/key-field-counts';
export { isValidValue } from './reading/value-checks';
export { csvSampleOf } from './reading/dataset-sample';
export { countShape, inspectShape, noShapeCounts } from './reading/shape-checks';
export type { ShapeCounts, ShapeFacts } from './reading/shape-checks';
