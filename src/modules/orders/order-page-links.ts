import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type { EntityManager } from 'typeorm';
import { appConfig } from '../../config';
import { OrderPageTokensRepository } from './order-page-tokens.repository';

/** How long a link staff make opens its order. */
export const STAFF_LINK_DAYS = 30;

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

  /**
   * A link for staff to pass on, minted in the caller's transaction (the one that audits it). It ends
   * after STAFF_LINK_DAYS: unlike an email's, it sits in a chat or a ticket that others can read.
   */
  async forStaff(db: EntityManager, orderId: string): Promise<OrderLinks & { expiresAt: Date }> {
    const expiresAt = new Date(Date.now() + STAFF_LINK_DAYS * 24 * 3600 * 1000);
    return { ...this.linksOf(await this.tokens.mint(orderId, { db, expiresAt })), expiresAt };
  }

  /** The order a page token opens, or null. */
  orderIdOf(token: string): Promise<string | null> {
    return this.tokens.orderIdOf(token);
  }

  /** The order a token names and whether it has expired (a staff link past its end); null when it opens nothing. */
  lookup(token: string): Promise<{ orderId: string; expired: boolean } | null> {
    return this.tokens.lookup(token);
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
