import { fillRates, KeyFieldCounts, ShapeCounts } from '../../data-schema';
import { QA_FLAGS, QaFlag } from '../releases.constants';

/** Records falling below this share of the previous release's count are flagged. */
export const RECORDS_DOWN_SHARE = 0.9;
/** A key field filled in more than this share fewer records than before (5 points) is flagged. */
export const FILL_RATE_DROP = 0.05;
/** More invalid values than this share of all values (records × columns) is flagged. */
export const INVALID_VALUES_SHARE = 0.01;
/** More parcels than this share without a valid boundary (missing, invalid, of no area) is flagged. */
export const BAD_SHAPES_SHARE = 0.01;

// Rates are quotients: 0.80 − 0.75 is 0.05000000000000004 in floating point, which must not read as "more than 5 points".
const EPSILON = 1e-9;

/** What a county file's checks found: its record count and how many records fill each key field. */
export interface FileFacts {
  records: number;
  /** Null for a file recorded before its key fields were counted: its fill rates are unknown. */
  keyFieldCounts: Partial<KeyFieldCounts> | null;
}

export interface CurrentFileFacts extends FileFacts {
  invalidValueCount: number;
  /** Columns of the file's header: records × columns is the number of values checked. */
  columns: number;
  /** Its boundaries counted; null for a file without geometry_wkt. */
  shapeChecks?: ShapeCounts | null;
}

export interface ChangeCounts {
  added: number;
  removed: number;
  changed: number;
}

/**
 * The flags of a county's file, in QA_FLAGS order: what staff must look at before publishing it.
 * Without a previous release (a county's first) only the share of invalid values can be judged.
 */
export function qaFlags(current: CurrentFileFacts, previous: FileFacts | null, changes: ChangeCounts | null): QaFlag[] {
  const raised = new Set<QaFlag>();
  if (previous) {
    if (current.records < RECORDS_DOWN_SHARE * previous.records - EPSILON) raised.add('records_down');
    if (current.keyFieldCounts && previous.keyFieldCounts) {
      const before = fillRates(previous.keyFieldCounts, previous.records);
      const now = fillRates(current.keyFieldCounts, current.records);
      if (before.some(({ rate }, i) => rate - now[i].rate > FILL_RATE_DROP + EPSILON)) raised.add('fill_rate_down');
    }
    if (changes && changes.added === 0 && changes.removed === 0 && changes.changed === 0) raised.add('unchanged');
  }
  if (current.invalidValueCount > INVALID_VALUES_SHARE * current.records * current.columns + EPSILON) {
    raised.add('invalid_values');
  }
  // A county whose source has no boundaries at all is sold with points, and says so: not a flag.
  const shapes = current.shapeChecks;
  if (shapes && shapes.shapes > 0) {
    const bad = shapes.missing + shapes.invalid + shapes.noArea;
    if (bad > BAD_SHAPES_SHARE * current.records + EPSILON) raised.add('shapes');
  }
  return (Object.keys(QA_FLAGS) as QaFlag[]).filter((flag) => raised.has(flag));
}
