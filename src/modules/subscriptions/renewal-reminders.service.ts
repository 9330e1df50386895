import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MailQueue } from '../mail/mail-queue.service';
import { RENEWAL_REMINDER_DAYS } from './subscription-jobs.constants';

/**
 * Reminds customers of a County Tracker that renews within 30 days. The
 * reminder's job and message are keyed by subscription and expiration, so
 * the daily run may find the same subscription again without sending again.
 */
@Injectable()
export class RenewalRemindersService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly mail: MailQueue,
  ) {}

  async run(now = new Date()): Promise<string> {
    const due: { id: string; expiresAt: Date }[] = await this.db.query(
      `SELECT id, expiration_date AS "expiresAt" FROM subscriptions
       WHERE purchase_type = 'annual' AND status = 'active' AND auto_renew
         AND expiration_date > $1 AND expiration_date <= $1::timestamptz + make_interval(days => $2)`,
      [now, RENEWAL_REMINDER_DAYS],
    );
    for (const { id, expiresAt } of due) {
      await this.mail.queueRenewalReminder({ subscriptionId: id, expiresAt: expiresAt.toISOString() });
    }
    return `${due.length} renewal reminder(s) queued`;
  }
}
