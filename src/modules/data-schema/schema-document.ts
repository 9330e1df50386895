import { DATA_SCHEMA } from './data-schema';
import type { DataSchemaDto } from './dto/data-schema.dto';
import { fieldHistory, SCHEMA_VERSION, SCHEMA_VERSIONS } from './schema-versions';

/** The schema contract as `GET /api/schema` answers it: every field with its history, and the changelog. */
export function schemaDocument(): DataSchemaDto {
  return {
    version: SCHEMA_VERSION,
    fields: DATA_SCHEMA.flatMap(({ category, fields }) =>
      fields.map(({ name, type, description }) => ({ name, category, type, description, ...fieldHistory(name) })),
    ),
    versions: [...SCHEMA_VERSIONS].reverse().map((v) => ({
      version: v.version,
      date: v.date,
      summary: v.summary,
      added: v.added ?? [],
      deprecated: (v.deprecated ?? []).map((d) => ({ ...d, version: v.version, announced: v.date })),
      removed: v.removed ?? [],
    })),
  };
}
