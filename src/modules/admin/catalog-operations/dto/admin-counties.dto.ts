import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsNotEmpty, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { trimmed } from '../../../../common/validation';

export class UpdateCountyDto {
  @ApiProperty({ example: 'Baltimore City' })
  @Transform(trimmed)
  @IsString({ message: 'name must be text' })
  @IsNotEmpty({ message: 'County name is required' })
  @MaxLength(100, { message: 'County name must be at most 100 characters' })
  name: string;

  @ApiProperty({ example: 'Maryland' })
  @Transform(trimmed)
  @IsString({ message: 'state must be text' })
  @IsNotEmpty({ message: 'State is required' })
  @MaxLength(100, { message: 'State must be at most 100 characters' })
  state: string;

  @ApiProperty({ example: 'MD', description: 'Two letters; stored upper-case' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  @IsString({ message: 'stateCode must be text' })
  @Matches(/^[A-Z]{2}$/, { message: 'State code must be exactly 2 letters' })
  stateCode: string;

  @ApiProperty({ example: 593490, nullable: true, type: Number })
  @ValidateIf((_, value) => value !== null)
  @IsInt({ message: 'Population must be a whole number or empty' })
  @Min(0, { message: 'Population cannot be negative' })
  @Max(2_147_483_647, { message: 'Population is too large' })
  population: number | null;
}

/** A county taken off sale: gone from the catalog, kept by the history that names it. */
export class RemovedCountyDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: [true] })
  deleted: true;
}
