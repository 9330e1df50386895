import { fillRates } from '../data-schema';
import type { QaRowDto, ReleaseDto } from './dto/release.dto';
import { publishableFrom } from './release-month';
import { QA_FLAGS } from './releases.constants';
import type { Release } from './releases.repository';
import type { PlacedQaRow } from './releases.service';

/** How many of the changed fields a QA row lists: the ones that changed most. */
const CHANGED_FIELDS_SHOWN = 10;

const byCountDesc = <T extends [string, number]>(entries: T[]) =>
  entries.sort(([a, m], [b, n]) => n - m || a.localeCompare(b));

export function toReleaseDto(release: Release, now = new Date()): ReleaseDto {
  return {
    id: release.id,
    month: release.month,
    status: release.status,
    counties: release.counties,
    records: release.records,
    createdAt: release.createdAt.toISOString(),
    publishedAt: release.publishedAt?.toISOString() ?? null,
    publishableFrom: release.status === 'draft' ? publishableFrom(release.month, now) : null,
  };
}

export function toQaRowDto(row: PlacedQaRow): QaRowDto {
  return {
    countyId: row.countyId,
    fips: row.fips,
    name: row.name,
    state: row.state,
    status: row.status,
    records: row.records,
    fillRates: Object.fromEntries(fillRates(row.keyFieldCounts, row.records).map(({ field, rate }) => [field, rate])),
    invalidValues: byCountDesc(Object.entries(row.invalidValues)).map(([field, values]) => ({ field, values })),
    invalidValueCount: row.invalidValueCount,
    foreignFipsRows: row.foreignFipsRows,
    shapeChecks: row.shapeChecks,
    duplicateParcelIds: row.duplicateParcelIds,
    previousRelease: row.previousRelease,
    added: row.added,
    removed: row.removed,
    changed: row.changed,
    changedFields: byCountDesc(Object.entries(row.changedFields ?? {}))
      .slice(0, CHANGED_FIELDS_SHOWN)
      .map(([field, parcels]) => ({ field, parcels })),
    flags: row.flags.map((flag) => ({ flag, description: QA_FLAGS[flag] })),
    bytes: row.bytes,
    changeBytes: row.changeBytes,
    checkedAt: row.checkedAt.toISOString(),
    comparedAt: row.comparedAt?.toISOString() ?? null,
    formats: (row.formats ?? []).map((status) => ({
      format: status.format,
      state: status.state,
      bytes: status.bytes,
      attempts: status.attempts,
      error: status.error,
      updatedAt: status.updatedAt?.toISOString() ?? null,
    })),
  };
}
