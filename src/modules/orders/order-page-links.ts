import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { appConfig } from '../../config';
import { OrderPageTokensRepository } from './order-page-tokens.repository';

/** The addresses one email (or one staff action) gives for an order, all on one new token. */
export interface OrderLinks {
  token: string;
  /** The store page where the buyer sees the order and gets fresh download links, signed in or not. */
  page: string;
  /**
   * A link that never goes stale: each use makes a fresh 15-minute download link and follows it.
   * Without a choice, to the full file the subscription includes now, as CSV; with one, to one
   * release's full file or its change file (what changed since the county's previous release), in
   * a format when one is given.
   */
  download(subscriptionId: string, choice?: DownloadChoice): string;
}

/** Which of a subscription's files a download link is for, and in which format (CSV when not given). */
export interface DownloadChoice {
  release: string;
  kind: 'full' | 'changes';
  format?: 'csv' | 'gpkg' | 'shp' | 'geojson' | 'parquet';
}

/** Addresses of an order's page and of its lasting download links, for emails and the API. */
@Injectable()
export class OrderPageLinks {
  constructor(
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
    private readonly tokens: OrderPageTokensRepository,
  ) {}

  /** New links to the order, on a token of their own. */
  async forOrder(orderId: string): Promise<OrderLinks> {
    return this.linksOf(await this.tokens.mint(orderId));
  }

  /** The order a page token opens, or null. */
  orderIdOf(token: string): Promise<string | null> {
    return this.tokens.orderIdOf(token);
  }

  /** Ends every link the order has had; links minted afterwards work. When, or null for no such order. */
  revokeAll(orderId: string): Promise<Date | null> {
    return this.tokens.revokeAll(orderId);
  }

  private linksOf(token: string): OrderLinks {
    const base = this.app.publicUrl;
    return {
      token,
      page: `${base}/orders/${token}`,
      download: (subscriptionId, choice) =>
        `${base}/api/orders/${token}/subscriptions/${subscriptionId}/download` +
        (choice
          ? `?${new URLSearchParams({
              release: choice.release,
              kind: choice.kind,
              ...(choice.format && { format: choice.format }),
            }).toString()}`
          : ''),
    };
  }
}
