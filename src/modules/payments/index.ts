/** The payments module's public API: what other modules may use of it. */
export { PaymentsLedger } from './payments-ledger.repository';
export type { BillableEntry } from './payments-ledger.repository';
export { PaymentsModule } from './payments.module';
export { splitProportionally, sumByPurchaseType } from './purchase-type-split';
