import { Injectable } from '@nestjs/common';
import { Counter } from 'prom-client';
import { MetricsRegistry } from './metrics-registry';

/**
 * What the store sells and sends, counted where it happens. A counter counts what its own process
 * did: payments are activated by the API (checkout, webhooks) and by the worker (missed-webhook
 * catch-up), so sum them over both; downloads are served by the API and mail is sent by the worker.
 */
@Injectable()
export class BusinessMetrics {
  private readonly ordersPaid: Counter;
  private readonly revenue: Counter<'purchase_type'>;
  private readonly downloads: Counter<'format'>;
  private readonly emailsSent: Counter<'kind'>;
  private readonly emailsFailed: Counter<'kind'>;

  constructor({ registry }: MetricsRegistry) {
    const registers = [registry];
    this.ordersPaid = new Counter({
      name: 'cds_orders_paid_total',
      help: 'Checkout orders paid and activated',
      registers,
    });
    this.revenue = new Counter({
      name: 'cds_revenue_cents_total',
      help: 'Money charged, in cents: checkout orders and annual renewals, before refunds',
      labelNames: ['purchase_type'],
      registers,
    });
    this.downloads = new Counter({
      name: 'cds_downloads_total',
      help: 'County files handed to buyers through a download link (resumed ranges not counted again)',
      labelNames: ['format'],
      registers,
    });
    this.emailsSent = new Counter({
      name: 'cds_emails_sent_total',
      help: 'Emails the mail server (or the local outbox) accepted',
      labelNames: ['kind'],
      registers,
    });
    this.emailsFailed = new Counter({
      name: 'cds_emails_failed_total',
      help: 'Attempts to send an email that failed (the job retries it)',
      labelNames: ['kind'],
      registers,
    });
  }

  /** A checkout order paid: once per order, with its amount split by plan type. */
  orderPaid(amountByPurchaseType: Partial<Record<string, number>>): void {
    this.ordersPaid.inc();
    for (const [purchaseType, cents] of Object.entries(amountByPurchaseType)) this.charged(purchaseType, cents ?? 0);
  }

  charged(purchaseType: string, cents: number): void {
    if (cents > 0) this.revenue.inc({ purchase_type: purchaseType }, cents);
  }

  downloaded(format: string): void {
    this.downloads.inc({ format });
  }

  emailSent(kind: string): void {
    this.emailsSent.inc({ kind });
  }

  emailFailed(kind: string): void {
    this.emailsFailed.inc({ kind });
  }
}
