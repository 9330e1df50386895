import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { RELEASE_MONTH } from '../../../common/validation';
import { CHANGE_TYPES } from '../../data-schema';

/** GET /api/v1/changes: a county, the release the customer's copy is of, and which kinds of change to answer. */
export class ChangesQueryDto {
  @ApiProperty({ example: '24005', description: 'The county, by its five-digit FIPS code' })
  @IsString({ message: 'county must be a five-digit county FIPS code' })
  @Matches(/^\d{5}$/, { message: 'county must be a five-digit county FIPS code' })
  county: string;

  @ApiProperty({
    example: '2026-09',
    description:
      'The release (YYYY-MM) of the copy to bring up to date: one of the county’s published releases the County ' +
      'Tracker includes',
  })
  @IsString({ message: 'since must be a monthly release as YYYY-MM, for example 2026-09' })
  @Matches(RELEASE_MONTH, { message: 'since must be a monthly release as YYYY-MM, for example 2026-09' })
  since: string;

  @ApiPropertyOptional({
    example: 'owner_changed,sale_recorded',
    description: `Only parcels with one of these change types (comma-separated): ${CHANGE_TYPES.join(', ')}`,
  })
  @IsOptional()
  @IsString({ message: `types must be a comma-separated list of ${CHANGE_TYPES.join(', ')}` })
  @MaxLength(200, { message: `types must be a comma-separated list of ${CHANGE_TYPES.join(', ')}` })
  @Matches(new RegExp(`^(${CHANGE_TYPES.join('|')})(,(${CHANGE_TYPES.join('|')}))*$`), {
    message: `types must be a comma-separated list of ${CHANGE_TYPES.join(', ')}`,
  })
  types?: string;
}
