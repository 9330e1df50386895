import { DATA_FIELDS, DataField, FieldType } from './data-schema';

/** A field announced to leave: from which version, and the first day a version may leave it out. */
export interface FieldDeprecation {
  field: string;
  /** YYYY-MM-DD, at least DEPRECATION_NOTICE_DAYS after the version announcing it. */
  leavesOn: string;
  /** What to use instead, or why it goes. */
  note: string;
}

/**
 * One published version of the schema: what changed from the one before. Semantic versions: a field
 * added is a minor version, a field removed (after its deprecation) a major one; fields are never
 * renamed and never change type.
 */
export interface SchemaVersion {
  version: string;
  /** YYYY-MM-DD, when files of this version were first published. */
  date: string;
  summary: string;
  added?: string[];
  deprecated?: FieldDeprecation[];
  removed?: string[];
}

/** How long before a field leaves its deprecation must be announced (in release emails and webhooks). */
export const DEPRECATION_NOTICE_DAYS = 90;

/**
 * Every published version of the schema, oldest first: what `GET /api/schema` and the store's
 * schema page show, and what the contract test (schema-contract.spec.ts) holds the fields to. Each
 * has its fields frozen in versions/<version>.json.
 */
export const SCHEMA_VERSIONS: readonly SchemaVersion[] = [
  {
    version: '1.0.0',
    date: '2026-11-22',
    summary:
      'The first published schema: parcel, ownership, mailing address, assessment, valuation, sales, mortgages, building, land and zoning, distress, permits and districts.',
  },
  {
    version: '1.1.0',
    date: '2026-11-28',
    summary: 'Parcel boundaries: each record carries its polygon beside the centroid.',
    added: ['geometry_wkt'],
  },
];

/** The version of the fields in code: the one every file made now carries. */
export const SCHEMA_VERSION = SCHEMA_VERSIONS[SCHEMA_VERSIONS.length - 1].version;

/** What a field's history says of it: the version it arrived in, and its deprecation if announced. */
export interface FieldHistory {
  since: string;
  deprecated: (FieldDeprecation & { version: string; announced: string }) | null;
}

/** A field's history in these versions: arrived in the first version unless a later one added it. */
export function fieldHistory(name: string, versions: readonly SchemaVersion[] = SCHEMA_VERSIONS): FieldHistory {
  const added = versions.find((v) => v.added?.includes(name));
  let deprecated: FieldHistory['deprecated'] = null;
  for (const v of versions) {
    const notice = v.deprecated?.find((d) => d.field === name);
    if (notice) deprecated = { ...notice, version: v.version, announced: v.date };
  }
  return { since: (added ?? versions[0]).version, deprecated };
}

/** Deprecations whose fields have not left yet on a day: the notices release emails and webhooks carry. */
export function pendingDeprecations(
  today: string,
  versions: readonly SchemaVersion[] = SCHEMA_VERSIONS,
): NonNullable<FieldHistory['deprecated']>[] {
  const fields = versions.flatMap((v) => v.deprecated ?? []).map((d) => d.field);
  return [...new Set(fields)]
    .map((field) => fieldHistory(field, versions).deprecated!)
    .filter((d) => d.leavesOn > today && !versions.some((v) => v.removed?.includes(d.field)));
}

/**
 * The notices release emails carry while fields are deprecated and not gone yet: one sentence each,
 * naming the field, the day it may leave and what to do.
 */
export function deprecationNotices(today: string, versions: readonly SchemaVersion[] = SCHEMA_VERSIONS): string[] {
  return pendingDeprecations(today, versions).map(
    (d) =>
      `Schema notice: the field ${d.field} is deprecated (schema ${d.version}, ${d.announced}) and may leave the files ` +
      `from ${d.leavesOn}. ${d.note}`.trim(),
  );
}

/** A version's fields as frozen: name and type, in file order. */
export interface SchemaSnapshot {
  version: string;
  fields: { name: string; type: FieldType }[];
}

/** The snapshot of fields as they are in code. */
export function snapshotOf(version: string, fields: readonly DataField[] = DATA_FIELDS): SchemaSnapshot {
  return { version, fields: fields.map(({ name, type }) => ({ name, type })) };
}
