import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { PurchaseType } from '../../../contracts/plans';

/** What an email about one subscription needs to say, and to whom. */
export interface SubscriptionFacts {
  id: string;
  orderId: string;
  /** The buyer's checkout email: every message about what they bought goes there. */
  email: string;
  county: string;
  purchaseType: PurchaseType;
  status: string;
  autoRenew: boolean;
  expirationDate: Date | null;
  stripeSubscriptionId: string | null;
}

@Injectable()
export class SubscriptionFactsReader {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async read(subscriptionId: string): Promise<SubscriptionFacts | null> {
    const [row] = await this.db.query<SubscriptionFacts[]>(
      `SELECT s.id, o.id AS "orderId", o.email, c.name || ', ' || c.state AS county, s.purchase_type AS "purchaseType",
              s.status, s.auto_renew AS "autoRenew", s.expiration_date AS "expirationDate",
              s.stripe_subscription_id AS "stripeSubscriptionId"
       FROM subscriptions s
       JOIN counties c ON c.id = s.county_id
       JOIN order_items i ON i.id = s.order_item_id
       JOIN orders o ON o.id = i.order_id
       WHERE s.id = $1`,
      [subscriptionId],
    );
    return row ?? null;
  }
}
