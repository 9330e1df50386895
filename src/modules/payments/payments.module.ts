import { Module } from '@nestjs/common';
import { PaymentDisputesRepository } from './payment-disputes.repository';
import { PaymentsLedger } from './payments-ledger.repository';

@Module({
  providers: [PaymentsLedger, PaymentDisputesRepository],
  exports: [PaymentsLedger, PaymentDisputesRepository],
})
export class PaymentsModule {}
