import { Module } from '@nestjs/common';
import { PaymentsLedger } from './payments-ledger.repository';

@Module({ providers: [PaymentsLedger], exports: [PaymentsLedger] })
export class PaymentsModule {}
