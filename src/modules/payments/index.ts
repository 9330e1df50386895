/** The payments module's public API: what other modules may use of it. */
export type { DisputeStatus } from './entities/payment-dispute.entity';
export { PaymentDisputesRepository } from './payment-disputes.repository';
export type { DisputeReport } from './payment-disputes.repository';
export { PaymentsLedger } from './payments-ledger.repository';
export type { BillableEntry } from './payments-ledger.repository';
export { PaymentsModule } from './payments.module';
export { RevenueFigures } from './revenue-figures.service';
export { splitProportionally, sumByPurchaseType } from './purchase-type-split';
