import { BadRequestException, Controller, Headers, HttpCode, Post, RawBodyRequest, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import Stripe from 'stripe';
import { StripeGateway } from '../../integrations/stripe/stripe.gateway';
import { StripeWebhookReceiptDto } from './dto/stripe-webhook-receipt.dto';
import { StripeWebhookService } from './stripe-webhook.service';

@ApiTags('stripe')
@Controller('stripe')
export class StripeWebhookController {
  constructor(
    private readonly stripe: StripeGateway,
    private readonly webhooks: StripeWebhookService,
  ) {}

  @Post('webhook')
  @HttpCode(200)
  @ApiOperation({ summary: 'Stripe events, signed with STRIPE_WEBHOOK_SECRET (checked on the raw body)' })
  @ApiOkResponse({ type: StripeWebhookReceiptDto })
  @ApiBadRequestResponse({ description: 'Missing or invalid Stripe-Signature; nothing is changed' })
  async receive(
    @Req() req: RawBodyRequest<Request>,
    @Headers('stripe-signature') signature?: string,
  ): Promise<StripeWebhookReceiptDto> {
    if (!signature || !req.rawBody) throw new BadRequestException('Missing Stripe-Signature header or body');
    let event: Stripe.Event;
    try {
      event = this.stripe.verifyWebhook(req.rawBody, signature);
    } catch (error) {
      // Only a bad signature is the sender's fault; a missing webhook secret is ours and must show.
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw new BadRequestException('Invalid Stripe signature');
      }
      throw error;
    }
    await this.webhooks.handle(event);
    return { received: true };
  }
}
