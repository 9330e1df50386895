import { ApiProperty } from '@nestjs/swagger';

const FIELD_TYPES = ['text', 'integer', 'decimal', 'money', 'date', 'boolean'];

/** One field of the data schema, as a parcel's properties carry it. */
export class ParcelFieldDto {
  @ApiProperty({ example: 'owner_name' })
  name: string;

  @ApiProperty({ enum: FIELD_TYPES, example: 'text' })
  type: string;

  @ApiProperty({ example: 'Name of the first owner as recorded' })
  description: string;
}

/** A category of the data schema (Ownership, Tax assessment, …) and its fields, in file column order. */
export class ParcelFieldCategoryDto {
  @ApiProperty({ example: 'Ownership' })
  category: string;

  @ApiProperty({ type: [ParcelFieldDto] })
  fields: ParcelFieldDto[];
}

/** The properties of a parcel lookup's answer, grouped and described as the data schema does. */
export class ParcelFieldsDto {
  @ApiProperty({ type: [ParcelFieldCategoryDto], description: 'In the schema’s order' })
  categories: ParcelFieldCategoryDto[];
}
