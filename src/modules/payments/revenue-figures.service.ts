import { Injectable } from '@nestjs/common';
import { PaymentsLedger, type Revenue } from './payments-ledger.repository';

/** What the store has taken, as the ledger records it: every charge and renewal, net of refunds. */
@Injectable()
export class RevenueFigures {
  constructor(private readonly ledger: PaymentsLedger) {}

  /** Money collected, net of refunds, in all and by plan, in cents. */
  collected(): Promise<Revenue> {
    return this.ledger.revenue();
  }
}
