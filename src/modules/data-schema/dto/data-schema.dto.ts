import { ApiProperty } from '@nestjs/swagger';
import type { FieldType } from '../data-schema';

const FIELD_TYPES: FieldType[] = ['text', 'integer', 'decimal', 'money', 'date', 'boolean', 'geometry'];

/** A field announced to leave. */
export class FieldDeprecationDto {
  @ApiProperty({ example: 'tax_rate_area', description: 'The field' })
  field: string;

  @ApiProperty({ example: '1.4.0', description: 'The schema version that announced it' })
  version: string;

  @ApiProperty({ example: '2027-01-05', format: 'date', description: 'When that version was published' })
  announced: string;

  @ApiProperty({
    example: '2027-04-05',
    format: 'date',
    description: 'The first day a version may leave the field out (at least 90 days after the announcement)',
  })
  leavesOn: string;

  @ApiProperty({ example: 'Use taxable_value.', description: 'What to use instead, or why it goes' })
  note: string;
}

/** One field of every county file. */
export class SchemaFieldDto {
  @ApiProperty({ example: 'owner_name' })
  name: string;

  @ApiProperty({ example: 'Ownership' })
  category: string;

  @ApiProperty({
    enum: FIELD_TYPES,
    description:
      "money: US dollars; date: YYYY-MM-DD; boolean: true/false; geometry: WKT in WGS 84 (the file's geometry in GIS formats)",
  })
  type: FieldType;

  @ApiProperty({ example: 'Name of the first owner as recorded' })
  description: string;

  @ApiProperty({ example: '1.0.0', description: 'The schema version the field arrived in' })
  since: string;

  @ApiProperty({
    type: FieldDeprecationDto,
    nullable: true,
    description: 'Null unless the field is announced to leave',
  })
  deprecated: FieldDeprecationDto | null;
}

/** One published version of the schema: the changelog's entry. */
export class SchemaVersionDto {
  @ApiProperty({ example: '1.1.0' })
  version: string;

  @ApiProperty({
    example: '2026-11-28',
    format: 'date',
    description: 'When files of this version were first published',
  })
  date: string;

  @ApiProperty()
  summary: string;

  @ApiProperty({ type: String, isArray: true, description: 'Fields it added' })
  added: string[];

  @ApiProperty({ type: FieldDeprecationDto, isArray: true, description: 'Fields it announced to leave' })
  deprecated: FieldDeprecationDto[];

  @ApiProperty({ type: String, isArray: true, description: 'Fields it removed (each deprecated 90 days before)' })
  removed: string[];
}

/** The schema contract: every field of the current version, and every version, newest first. */
export class DataSchemaDto {
  @ApiProperty({
    example: '1.1.0',
    description: 'The current schema version (semantic), carried by every file made now',
  })
  version: string;

  @ApiProperty({ type: SchemaFieldDto, isArray: true, description: 'In file column order' })
  fields: SchemaFieldDto[];

  @ApiProperty({ type: SchemaVersionDto, isArray: true, description: 'The changelog, newest first' })
  versions: SchemaVersionDto[];
}
