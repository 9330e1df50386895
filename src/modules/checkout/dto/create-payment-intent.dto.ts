import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  Equals,
  IsArray,
  IsEmail,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { COMPANY_NAME_MAX_LENGTH, TAX_ID_MAX_LENGTH } from '../../../contracts/invoice';
import { LICENSE_VERSION } from '../../../contracts/license';
import { CART_LIMIT, PURCHASE_TYPES, PurchaseType } from '../../../contracts/plans';
import { trimmed } from '../../../common/validation';

export const LICENSE_NOT_ACCEPTED = 'Accept the license terms to continue';

export class CartItemDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'countyId must be the id of a county' })
  countyId: string;

  @ApiProperty({ enum: PURCHASE_TYPES })
  @IsIn(PURCHASE_TYPES, { message: 'purchaseType must be one-time or annual' })
  purchaseType: PurchaseType;
}

/** What a buyer sends: counties and plans, never prices. The server prices the order. */
export class CreatePaymentIntentDto {
  @ApiProperty({ type: [CartItemDto], minItems: 1, maxItems: CART_LIMIT })
  @IsArray({ message: 'items must be a list of counties' })
  @ArrayMinSize(1, { message: 'Add at least one county to the cart' })
  @ArrayMaxSize(CART_LIMIT, { message: `A cart can hold at most ${CART_LIMIT} counties` })
  @ValidateNested({ each: true })
  @Type(() => CartItemDto)
  items: CartItemDto[];

  @ApiProperty({ example: 'buyer@example.com' })
  @MaxLength(254, { message: 'The email address is too long' })
  @IsEmail({}, { message: 'Enter a valid email address' })
  email: string;

  @ApiProperty({
    enum: [true],
    description: `The buyer accepted the data license (version ${LICENSE_VERSION}); the order records the version and the time`,
  })
  @Equals(true, { message: LICENSE_NOT_ACCEPTED })
  acceptedLicense: true;

  @ApiPropertyOptional({
    example: 'Acme Realty LLC',
    maxLength: COMPANY_NAME_MAX_LENGTH,
    description: 'Billed on the invoice',
  })
  @IsOptional()
  @Transform(trimmed)
  @IsString({ message: 'companyName must be text' })
  // Counted in code points, as the database counts. Printed on invoices and pages, so no line breaks, terminal
  // codes or invisible formatting (a right-to-left override would show the name reversed).
  @Matches(new RegExp(`^[^\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}]{1,${COMPANY_NAME_MAX_LENGTH}}$`, 'u'), {
    message: `The company name must be 1 to ${COMPANY_NAME_MAX_LENGTH} characters, without line breaks or other control characters`,
  })
  companyName?: string;

  @ApiPropertyOptional({ example: 'US 12-3456789', maxLength: TAX_ID_MAX_LENGTH, description: 'Billed on the invoice' })
  @IsOptional()
  @Transform(trimmed)
  @IsString({ message: 'taxId must be text' })
  @Length(1, TAX_ID_MAX_LENGTH, { message: `The tax ID must be 1 to ${TAX_ID_MAX_LENGTH} characters` })
  @Matches(/^[A-Za-z0-9 ./-]*$/, {
    message: 'The tax ID may contain only letters, digits, spaces and the characters - . /',
  })
  taxId?: string;
}

export class PaymentIntentCreatedDto {
  @ApiProperty({ description: 'For Stripe.js to confirm the payment' })
  clientSecret: string;

  @ApiProperty({ format: 'uuid' })
  orderId: string;

  @ApiProperty({ example: 1700, description: 'Total to pay, in dollars' })
  amount: number;
}
