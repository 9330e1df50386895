import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, Matches, MaxLength } from 'class-validator';

export class PaymentSuccessDto {
  @ApiProperty({ example: 'pi_3Nq…' })
  @MaxLength(255, { message: 'paymentIntentId is too long' })
  @Matches(/^pi_[A-Za-z0-9_]+$/, { message: 'paymentIntentId must be a Stripe PaymentIntent id (pi_…)' })
  paymentIntentId: string;

  @ApiProperty({ example: 'buyer@example.com', description: 'The email the order was placed with' })
  @MaxLength(254, { message: 'The email address is too long' })
  @IsEmail({}, { message: 'Enter a valid email address' })
  email: string;
}

export class ActivationDto {
  @ApiProperty({ example: 3, description: 'Subscriptions the order holds' })
  activated: number;
}
