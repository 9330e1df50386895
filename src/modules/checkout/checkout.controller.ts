import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { StripeGateway } from '../../integrations/stripe/stripe.gateway';
import { ActivationService } from './activation.service';
import { CheckoutService } from './checkout.service';
import { CheckoutConfigDto } from './dto/checkout-config.dto';
import { CreatePaymentIntentDto, PaymentIntentCreatedDto } from './dto/create-payment-intent.dto';
import { ActivationDto, PaymentSuccessDto } from './dto/payment-success.dto';

@ApiTags('checkout')
@Controller()
export class CheckoutController {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly activation: ActivationService,
    private readonly stripe: StripeGateway,
  ) {}

  @Get('checkout/config')
  @ApiOperation({ summary: 'What the card form needs: the publishable key, and whether this is test mode' })
  @ApiOkResponse({ type: CheckoutConfigDto })
  config(): CheckoutConfigDto {
    return {
      publishableKey: this.stripe.configured ? this.stripe.publishableKey : null,
      testMode: this.stripe.testMode,
    };
  }

  @Post('create-payment-intent')
  @ApiOperation({ summary: 'Price the cart on the server, record a pending order and open its Stripe payment' })
  @ApiOkResponse({ type: PaymentIntentCreatedDto })
  @ApiBadRequestResponse({ description: 'Bad email, empty or oversized cart, unknown, removed or repeated county' })
  @ApiServiceUnavailableResponse({ description: 'Payment processing is not configured or Stripe cannot be reached' })
  @HttpCode(200)
  createPaymentIntent(@Body() dto: CreatePaymentIntentDto): Promise<PaymentIntentCreatedDto> {
    return this.checkout.createPaymentIntent(dto);
  }

  @Post('payment-success')
  @ApiOperation({ summary: 'After Stripe.js confirms the payment: activate the order (idempotent)' })
  @ApiOkResponse({ type: ActivationDto })
  @ApiNotFoundResponse({ description: 'No order for this payment and email' })
  @ApiConflictResponse({ description: 'The payment has not succeeded, or does not match its order' })
  @HttpCode(200)
  async paymentSuccess(@Body() dto: PaymentSuccessDto): Promise<ActivationDto> {
    return { activated: await this.activation.activateForBuyer(dto.paymentIntentId, dto.email) };
  }
}
