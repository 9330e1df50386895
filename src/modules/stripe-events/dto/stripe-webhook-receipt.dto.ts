import { ApiProperty } from '@nestjs/swagger';

/** What Stripe is told once an event is handled (or was already): anything but a 2xx makes it retry. */
export class StripeWebhookReceiptDto {
  @ApiProperty({ enum: [true] })
  received: true;
}
