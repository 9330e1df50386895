import { Body, Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { normalizeEmail } from '../../common/email';
import { RateLimiter } from '../../integrations/redis/rate-limiter.service';
import { sendRetryAfter } from '../../common/http/retry-after';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { StripeGateway } from '../../integrations/stripe/stripe.gateway';
import { ActivationService } from './activation.service';
import { CheckoutService } from './checkout.service';
import { CheckoutConfigDto } from './dto/checkout-config.dto';
import { CreatePaymentIntentDto, PaymentIntentCreatedDto } from './dto/create-payment-intent.dto';
import { ActivationDto, PaymentSuccessDto } from './dto/payment-success.dto';
import { TOO_MANY_CONFIRMATIONS } from './activation.service';
import { ClientAddress } from '../../common/http/client-address';

@ApiTags('checkout')
@Controller()
export class CheckoutController {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly activation: ActivationService,
    private readonly stripe: StripeGateway,
    private readonly limiter: RateLimiter,
  ) {}

  @Get('checkout/config')
  @ApiOperation({ summary: 'What the card form needs: the publishable key, and whether this is test mode' })
  @ApiOkResponse({ type: CheckoutConfigDto })
  config(): CheckoutConfigDto {
    return {
      publishableKey: this.stripe.configured ? this.stripe.publishableKey : null,
      testMode: this.stripe.testMode,
      stripeJsUrl: this.stripe.stripeJsUrl,
    };
  }

  @Post('create-payment-intent')
  @ApiOperation({
    summary:
      'Price the cart on the server, record a pending order (with the license accepted) and open its Stripe payment',
  })
  @ApiOkResponse({ type: PaymentIntentCreatedDto })
  @ApiBadRequestResponse({
    description:
      'License not accepted, bad email, company name or tax ID, empty or oversized cart, unknown, removed or repeated county',
  })
  @ApiServiceUnavailableResponse({ description: 'Payment processing is not configured or Stripe cannot be reached' })
  @ApiTooManyRequestsResponse({
    description: 'Too many checkouts from this address or for this email; see Retry-After',
  })
  @HttpCode(200)
  async createPaymentIntent(
    @Body() dto: CreatePaymentIntentDto,
    @ClientAddress() ip: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<PaymentIntentCreatedDto> {
    // Opening payments without limit is how stolen cards are tested; a real buyer needs a few.
    await sendRetryAfter(res, () =>
      this.limiter.enforce(
        'Too many checkout attempts. Please wait a few minutes and try again.',
        { key: ['checkout', 'ip', ip], max: 30, windowSeconds: 600 },
        { key: ['checkout', 'email', normalizeEmail(dto.email)], max: 10, windowSeconds: 600 },
      ),
    );
    return this.checkout.createPaymentIntent(dto);
  }

  @Post('payment-success')
  @ApiOperation({ summary: 'After Stripe.js confirms the payment: activate the order (idempotent)' })
  @ApiOkResponse({ type: ActivationDto })
  @ApiNotFoundResponse({ description: 'No order for this payment and email' })
  @ApiConflictResponse({ description: 'The payment has not succeeded, or does not match its order' })
  @ApiTooManyRequestsResponse({ description: 'Too many confirmations from this address or for this payment' })
  @HttpCode(200)
  async paymentSuccess(
    @Body() dto: PaymentSuccessDto,
    @ClientAddress() ip: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ActivationDto> {
    // Each call may ask Stripe about the payment; a buyer's browser needs one or two. The
    // activation limits calls per payment too, once it knows the payment is a pending order's.
    return sendRetryAfter(res, async () => {
      await this.limiter.enforce(TOO_MANY_CONFIRMATIONS, {
        key: ['payment-success', 'ip', ip],
        max: 60,
        windowSeconds: 600,
      });
      return { activated: await this.activation.activateForBuyer(dto.paymentIntentId, dto.email) };
    });
  }
}
