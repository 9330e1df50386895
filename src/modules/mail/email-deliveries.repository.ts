import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

@Injectable()
export class EmailDeliveriesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * True when this call took the message; false when it was sent, or is being
   * sent. A claim never marked sent within the lease (a worker died mid-send)
   * may be taken again: a rare second copy beats a silently lost receipt.
   */
  async claim(messageKey: string, recipient: string, subject: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `INSERT INTO email_deliveries (message_key, recipient, subject) VALUES ($1, $2, $3)
       ON CONFLICT (message_key) DO UPDATE SET claimed_at = now()
         WHERE email_deliveries.sent_at IS NULL AND email_deliveries.claimed_at < now() - interval '10 minutes'
       RETURNING message_key`,
      [messageKey, recipient, subject.slice(0, 300)],
    );
    return rows.length === 1;
  }

  async markSent(messageKey: string): Promise<void> {
    await this.db.query(`UPDATE email_deliveries SET sent_at = now() WHERE message_key = $1`, [messageKey]);
  }

  /** After a send that certainly failed, so that the retry may take the message again. */
  async release(messageKey: string): Promise<void> {
    await this.db.query(`DELETE FROM email_deliveries WHERE message_key = $1 AND sent_at IS NULL`, [messageKey]);
  }
}
