import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { appConfig, authConfig } from '../../config';
import { OrderPageTokens } from './order-page-token';

/** Addresses of an order's page and of its lasting download links, for emails and the API. */
@Injectable()
export class OrderPageLinks {
  readonly tokens: OrderPageTokens;

  constructor(
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
    @Inject(authConfig.KEY) auth: ConfigType<typeof authConfig>,
  ) {
    this.tokens = new OrderPageTokens(auth.sessionSecret);
  }

  /** The store page where the buyer sees the order and gets fresh download links, signed in or not. */
  page(orderId: string): string {
    return `${this.app.publicUrl}/orders/${this.tokens.issue(orderId)}`;
  }

  /** A link that never goes stale: each use makes a fresh 15-minute download link and follows it. */
  download(orderId: string, subscriptionId: string): string {
    return `${this.app.publicUrl}/api/orders/${this.tokens.issue(orderId)}/subscriptions/${subscriptionId}/download`;
  }
}
