import { ApiProperty } from '@nestjs/swagger';
import { Transform, type TransformFnParams } from 'class-transformer';
import {
  IsInt,
  Validate,
  type ValidationArguments,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { PARCEL_TILE_MAX_ZOOM } from '../../../../contracts/parcel-map';

/** A tile coordinate as the path spells it ("18337"); anything else is left for the validators to refuse. */
const whole = ({ value }: TransformFnParams): unknown =>
  typeof value === 'string' && /^\d{1,8}$/.test(value) ? Number(value) : value;

/** x and y of a tile that exists at the address's zoom: 0 to 2^z − 1. */
@ValidatorConstraint({ name: 'tileAtZoom' })
class TileAtZoom implements ValidatorConstraintInterface {
  validate(value: unknown, args: ValidationArguments): boolean {
    const { z } = args.object as { z: unknown };
    // A zoom that is no whole number, or one no tile is drawn at, is refused on its own account.
    if (!Number.isInteger(z) || (z as number) > PARCEL_TILE_MAX_ZOOM) return true;
    return Number.isInteger(value) && (value as number) < 2 ** (z as number);
  }

  defaultMessage(args: ValidationArguments): string {
    const { z } = args.object as { z: number };
    return `At zoom ${z}, x and y must be whole numbers from 0 to ${2 ** z - 1}`;
  }
}

/**
 * A tile's address in the path (/{z}/{x}/{y}.mvt). The zooms each kind of tile is drawn at are
 * checked where the kind is known (ParcelTilesService), with a message that names them.
 */
export class TileAddressDto {
  @ApiProperty({ type: 'integer', example: 16, description: 'The zoom' })
  @Transform(whole)
  @IsInt({ message: 'z must be a whole number: the zoom of the tile' })
  z!: number;

  @ApiProperty({ type: 'integer', example: 18337, description: 'The column, 0 to 2^z − 1' })
  @Transform(whole)
  @Validate(TileAtZoom)
  x!: number;

  @ApiProperty({ type: 'integer', example: 25077, description: 'The row, 0 to 2^z − 1' })
  @Transform(whole)
  @Validate(TileAtZoom)
  y!: number;
}
