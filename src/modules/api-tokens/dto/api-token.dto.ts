import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, Matches } from 'class-validator';
import { trimmed } from '../../../common/validation';

export const TOKEN_NAME_MAX_LENGTH = 100;

/** One of the customer's API tokens, as the dashboard lists it: never the secret. */
export class ApiTokenDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'Monthly pull on the GIS server' })
  name: string;

  @ApiProperty({ example: 'cds_7Qx2', description: 'The first characters of the token, to tell tokens apart' })
  prefix: string;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: string;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the token was last used, to the minute; null if never',
  })
  lastUsedAt: string | null;
}

/** A token just created: the only answer that carries its secret. */
export class CreatedApiTokenDto extends ApiTokenDto {
  @ApiProperty({
    example: 'cds_7Qx2kP9mWb4TfZr1LcV8nHy3DsJ6aGe0QuXo5Rti',
    description:
      'The token: send it as `Authorization: Bearer <token>` to /api/v1. Shown this once; only its hash is kept.',
  })
  token: string;
}

/** A token revoked: it stops working at once. */
export class RevokedApiTokenDto extends ApiTokenDto {
  @ApiProperty({ type: String, format: 'date-time' })
  revokedAt: string;
}

export class CreateApiTokenDto {
  @ApiProperty({
    example: 'Monthly pull on the GIS server',
    maxLength: TOKEN_NAME_MAX_LENGTH,
    description: 'What the token is for, so you know which to revoke later',
  })
  @Transform(trimmed)
  @IsString({ message: 'name must be text' })
  // Counted in code points, as the database counts. Shown on the dashboard: no line breaks, terminal codes,
  // invisible formatting (a right-to-left override would show it reversed) or half of a surrogate pair.
  @Matches(new RegExp(`^[^\\p{Cc}\\p{Cf}\\p{Cs}\\p{Zl}\\p{Zp}]{1,${TOKEN_NAME_MAX_LENGTH}}$`, 'u'), {
    message: `The token name must be 1 to ${TOKEN_NAME_MAX_LENGTH} characters, without line breaks or other control characters`,
  })
  name: string;
}
