import { ApiProperty } from '@nestjs/swagger';

/** One county of the public catalog, as GET /api/counties lists it. */
export class CatalogCountyDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'Baltimore City' })
  name: string;

  @ApiProperty({ example: 'Maryland', description: 'Full state name' })
  state: string;

  @ApiProperty({ example: 'MD', minLength: 2, maxLength: 2 })
  stateCode: string;

  @ApiProperty({ example: 593490, nullable: true, type: Number, description: 'Census 2019 estimate' })
  population: number | null;

  @ApiProperty({ example: '24510', pattern: '^[0-9]{5}$' })
  fips: string;
}
