import { useQuery } from '@tanstack/react-query';
import type { components } from '@web-shared/api-types';
import { getJson } from '@/lib/http';

type Schemas = components['schemas'];

export type SchemaField = Schemas['SchemaFieldDto'];
export type FieldType = SchemaField['type'];
export type FieldDeprecation = Schemas['FieldDeprecationDto'];
export type SchemaVersion = Schemas['SchemaVersionDto'];

/** GET /api/schema: the current version, every field in file column order, and the changelog, newest first. */
export type DataSchema = Schemas['DataSchemaDto'];

export const dataSchemaQuery = {
  queryKey: ['data-schema'],
  queryFn: () => getJson<DataSchema>('/api/schema'),
} as const;

export function useDataSchema() {
  return useQuery(dataSchemaQuery);
}
