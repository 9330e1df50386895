import { Module } from '@nestjs/common';
import { PaymentDisputesRepository } from './payment-disputes.repository';
import { PaymentsLedger } from './payments-ledger.repository';
import { RevenueFigures } from './revenue-figures.service';

@Module({
  providers: [PaymentsLedger, PaymentDisputesRepository, RevenueFigures],
  exports: [PaymentsLedger, PaymentDisputesRepository, RevenueFigures],
})
export class PaymentsModule {}
