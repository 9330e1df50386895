import { Injectable } from '@nestjs/common';
import { RedisService } from '../../integrations/redis/redis.service';

/** Long enough to absorb a loop, short enough that a payment still settling is asked again soon. */
const REMEMBER_SECONDS = 3;

/**
 * PaymentIntents Stripe recently said have not succeeded, shared by every API process. Until a
 * payment succeeds, asking again within seconds only spends the store's Stripe rate limit, which
 * a loop of payment-success calls on one pending order could otherwise exhaust for every buyer.
 */
@Injectable()
export class UnpaidIntents {
  constructor(private readonly redis: RedisService) {}

  /** The status Stripe gave in the last few seconds, if the payment had not succeeded. */
  recentStatus(paymentIntentId: string): Promise<string | null> {
    return this.redis.client.get(this.key(paymentIntentId));
  }

  async remember(paymentIntentId: string, status: string): Promise<void> {
    await this.redis.client.set(this.key(paymentIntentId), status, 'EX', REMEMBER_SECONDS);
  }

  async forget(paymentIntentId: string): Promise<void> {
    await this.redis.client.del(this.key(paymentIntentId));
  }

  private key(paymentIntentId: string): string {
    return this.redis.key('unpaid-intent', paymentIntentId);
  }
}
