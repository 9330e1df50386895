/** The checkout module's public API: what other modules may use of it. */
export { ActivationService } from './activation.service';
export { CheckoutModule } from './checkout.module';
export { DisputesService } from './disputes.service';
export { RefundsService } from './refunds.service';
