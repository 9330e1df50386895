import { Global, Module } from '@nestjs/common';
import { StripeGateway } from './stripe.gateway';
import { STRIPE_SIMULATOR, stripeSimulatorProvider } from './stripe-simulator.provider';

@Global()
@Module({ providers: [stripeSimulatorProvider, StripeGateway], exports: [StripeGateway, STRIPE_SIMULATOR] })
export class StripeModule {}
