/** The billing module's public API: what other modules may use of it. */
export { BillingModule } from './billing.module';
export { RenewalPaymentsService } from './renewal-payments.service';
export { RenewalChargesService } from './renewal-charges.service';
export type { RenewalCharge } from './renewal-charges.service';
export { RenewalRefundsService } from './renewal-refunds.service';
