import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsEmail, IsIn, IsUUID, MaxLength, ValidateNested } from 'class-validator';
import { CART_LIMIT, PURCHASE_TYPES, PurchaseType } from '../../../contracts/plans';

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
}

export class PaymentIntentCreatedDto {
  @ApiProperty({ description: 'For Stripe.js to confirm the payment' })
  clientSecret: string;

  @ApiProperty({ format: 'uuid' })
  orderId: string;

  @ApiProperty({ example: 1700, description: 'Total to pay, in dollars' })
  amount: number;
}
