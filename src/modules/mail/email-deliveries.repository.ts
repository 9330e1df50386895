import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/**
 * What a claim finds: 'claimed', this caller may send; 'sent', nothing is left
 * to send; 'in-flight', another claimant is sending it now (try again later).
 */
export type ClaimOutcome = 'claimed' | 'sent' | 'in-flight';

/**
 * How long another claimant's unsent claim is respected. Far longer than a send
 * can take (the mail transport's timeouts end a hung SMTP send well before), so
 * a claim still unsent after it belongs to a worker that died mid-send.
 */
/** One message to a customer as staff see it. */
export interface SentEmail {
  messageKey: string;
  subject: string;
  claimedAt: Date;
  sentAt: Date | null;
}

export const CLAIM_LEASE = '10 minutes';

@Injectable()
export class EmailDeliveriesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Claims a message for `claimant` unless it was sent. An unsent claim is
   * taken back at once by its own claimant: BullMQ re-runs a job only once its
   * previous run is over or dead, so that run can no longer be sending it.
   * Another claimant takes it only after the lease, when its holder is dead.
   */
  async claim(messageKey: string, recipient: string, subject: string, claimant: string): Promise<ClaimOutcome> {
    // Two statements: when the claim is refused, the second reads what holds it now.
    // A claim released in between (a failed send) is simply claimed again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const taken: unknown[] = await this.db.query(
        `INSERT INTO email_deliveries (message_key, recipient, subject, claimant) VALUES ($1, $2, $3, $4)
         ON CONFLICT (message_key) DO UPDATE
           SET recipient = EXCLUDED.recipient, subject = EXCLUDED.subject, claimant = EXCLUDED.claimant, claimed_at = now()
           WHERE email_deliveries.sent_at IS NULL
             AND (email_deliveries.claimant = EXCLUDED.claimant
                  OR email_deliveries.claimed_at < now() - $5::interval)
         RETURNING message_key`,
        [messageKey, recipient, subject.slice(0, 300), claimant, CLAIM_LEASE],
      );
      if (taken.length === 1) return 'claimed';
      const [held]: { sent: boolean }[] = await this.db.query(
        `SELECT sent_at IS NOT NULL AS sent FROM email_deliveries WHERE message_key = $1`,
        [messageKey],
      );
      if (held) return held.sent ? 'sent' : 'in-flight';
    }
    // Claimed and released over and over by others: let the caller come back later.
    return 'in-flight';
  }

  async markSent(messageKey: string): Promise<void> {
    await this.db.query(`UPDATE email_deliveries SET sent_at = now() WHERE message_key = $1`, [messageKey]);
  }

  /**
   * After a send that certainly failed, so that the retry may take the message
   * again. Only the claimant's own claim: one that another took over is theirs.
   */
  async release(messageKey: string, claimant: string): Promise<void> {
    await this.db.query(`DELETE FROM email_deliveries WHERE message_key = $1 AND claimant = $2 AND sent_at IS NULL`, [
      messageKey,
      claimant,
    ]);
  }

  /** The messages sent (or being sent) to one address, newest first: what staff see of a customer's mail. */
  async sentTo(recipient: string, limit = 200): Promise<SentEmail[]> {
    return this.db.query(
      `SELECT message_key AS "messageKey", subject, claimed_at AS "claimedAt", sent_at AS "sentAt"
       FROM email_deliveries WHERE lower(recipient) = lower($1) ORDER BY claimed_at DESC LIMIT $2`,
      [recipient, limit],
    );
  }
}
