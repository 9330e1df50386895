import { ApiProperty } from '@nestjs/swagger';

export class CheckoutConfigDto {
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'Stripe publishable key; null when payments are not configured',
  })
  publishableKey: string | null;

  @ApiProperty({ description: 'True when no real money moves (Stripe test keys or the simulator)' })
  testMode: boolean;

  @ApiProperty({ example: 'https://js.stripe.com/v3', description: 'Where the page loads Stripe.js from' })
  stripeJsUrl: string;
}
