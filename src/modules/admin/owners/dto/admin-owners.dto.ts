import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { trimmed } from '../../../../common/validation';

const NO_CONTROL = /^[^\p{Cc}]*$/u;

/** GET /api/admin/owners: owners of every county by name. */
export class AdminOwnerSearchDto {
  @ApiProperty({ example: 'Acme Holdings' })
  @IsString({ message: 'name must be text' })
  @Transform(trimmed)
  @MinLength(3, { message: 'name must be at least 3 characters' })
  @MaxLength(200, { message: 'name must be at most 200 characters' })
  @Matches(NO_CONTROL, { message: 'name cannot hold control characters' })
  name: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number from 1 to 100' })
  @Min(1, { message: 'limit must be a whole number from 1 to 100' })
  @Max(100, { message: 'limit must be a whole number from 1 to 100' })
  limit?: number;
}

/** A name at a mailing address, as grouping compares them (the keys the owner page lists). */
export class MentionKeyDto {
  @ApiProperty({ example: 'ACME HOLDINGS' })
  @IsString({ message: 'nameKey must be text' })
  @MaxLength(500, { message: 'nameKey must be at most 500 characters' })
  nameKey: string;

  @ApiProperty({ example: '100 MARKET ST|19801', description: 'Empty for a name without a mailing address' })
  @IsString({ message: 'mailKey must be text' })
  @MaxLength(500, { message: 'mailKey must be at most 500 characters' })
  mailKey: string;
}

/** Why staff decide: kept with the decision and shown on the owner's page. */
class OwnerDecisionReasonDto {
  @ApiProperty({ example: 'Two different companies: different officers in the state register' })
  @IsString({ message: 'reason must be text' })
  @Transform(trimmed)
  @MinLength(3, { message: 'reason must say why, in at least 3 characters' })
  @MaxLength(500, { message: 'reason must be at most 500 characters' })
  reason: string;
}

/** POST /api/admin/owners/{id}/split. */
export class SplitOwnerDto extends OwnerDecisionReasonDto {
  @ApiProperty({
    type: MentionKeyDto,
    isArray: true,
    description: 'The names at mailing addresses to move to a new owner',
  })
  @IsArray({ message: 'mentions must be a list' })
  @ArrayMinSize(1, { message: 'mentions must name at least one name at a mailing address' })
  @ArrayMaxSize(500, { message: 'mentions may name at most 500 names at mailing addresses' })
  @ValidateNested({ each: true })
  @Type(() => MentionKeyDto)
  mentions: MentionKeyDto[];
}

/** POST /api/admin/owners/{id}/merge. */
export class MergeOwnerDto extends OwnerDecisionReasonDto {
  @ApiProperty({ format: 'uuid', description: 'The owner this one becomes part of (its id stays)' })
  @IsUUID('all', { message: 'intoOwnerId must be an owner id' })
  intoOwnerId: string;
}

export class AdminOwnerDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: ['person', 'entity'] }) kind: string;
  @ApiProperty() parcels: number;
  @ApiProperty() counties: number;
  @ApiPropertyOptional() score?: number;
}

export class AdminOwnerMatchesDto {
  @ApiProperty({ type: AdminOwnerDto, isArray: true }) owners: AdminOwnerDto[];
}

export class OwnerEvidenceDto {
  @ApiProperty({ example: 'sameNameSameMail' }) rule: string;
  @ApiProperty({ example: 'same name, same mailing address' }) explanation: string;
  @ApiProperty({ description: 'How many joins of two mentions the rule made' }) joins: number;
}

export class OwnerSpellingDto {
  @ApiProperty() name: string;
  @ApiProperty() nameKey: string;
  @ApiProperty() mail: string;
  @ApiProperty() mailKey: string;
  @ApiProperty() parcels: number;
  @ApiProperty() counties: number;
}

export class OwnerDecisionDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: ['split', 'merge'] }) kind: string;
  @ApiProperty({ format: 'uuid' }) ownerId: string;
  @ApiProperty({ format: 'uuid' }) resultOwnerId: string;
  @ApiProperty({ type: MentionKeyDto, isArray: true }) mentions: MentionKeyDto[];
  @ApiProperty() reason: string;
  @ApiProperty({ description: 'Who decided, as the audit log names them' }) decidedBy: string;
  @ApiProperty() createdAt: string;
}

/** An owner as staff audit it: every spelling at every address, the rules that joined them, staff's decisions. */
export class AdminOwnerDetailDto extends AdminOwnerDto {
  @ApiProperty({ description: 'Staff split or merged this owner' }) decided: boolean;
  @ApiProperty({ type: OwnerEvidenceDto, isArray: true }) evidence: OwnerEvidenceDto[];
  @ApiProperty({ type: OwnerSpellingDto, isArray: true }) spellings: OwnerSpellingDto[];
  @ApiProperty({ type: OwnerDecisionDto, isArray: true }) decisions: OwnerDecisionDto[];
}

export class OwnerDecidedDto {
  @ApiProperty({ type: OwnerDecisionDto }) decision: OwnerDecisionDto;
  @ApiProperty({ example: 'Split recorded: it takes effect when owners are next grouped, within a minute.' })
  message: string;
}
