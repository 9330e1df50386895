import { Injectable, Logger } from '@nestjs/common';
import { MailTransport, OutgoingMail } from '../../integrations/mail/mail-transport';
import { BusinessMetrics } from '../../integrations/metrics/business-metrics';
import { EmailDeliveriesRepository } from './email-deliveries.repository';

/** Another sender holds the message's claim and has not sent it yet: retry later, it is not lost. */
export class MailInFlightError extends Error {
  constructor(messageKey: string) {
    super(`${messageKey} is being sent by another worker`);
    this.name = 'MailInFlightError';
  }
}

/** Sends each message (by its key) at most once, however many jobs or retries carry it. */
@Injectable()
export class MailSender {
  private readonly logger = new Logger('MailSender');

  constructor(
    private readonly transport: MailTransport,
    private readonly deliveries: EmailDeliveriesRepository,
    private readonly metrics: BusinessMetrics,
  ) {}

  /**
   * Claims the message for `claimant` (the job's id) before sending. A message
   * already sent is not sent again. One that another job is sending throws, so
   * that BullMQ retries it with backoff until that send ends, one way or the
   * other. The same job re-run after a crash mid-send takes its claim back and
   * sends: a crash after the server accepted the message but before it was
   * marked sent means a second copy, which beats a silently lost email.
   * `kind` (the mail job's name) labels the sent and failed counts.
   */
  async sendOnce(mail: OutgoingMail | null, claimant: string, kind: string): Promise<string> {
    if (!mail) return 'nothing to send';
    const claim = await this.deliveries.claim(mail.key, mail.to, mail.subject, claimant);
    if (claim === 'sent') return 'already sent';
    if (claim === 'in-flight') throw new MailInFlightError(mail.key);
    try {
      await this.transport.send(mail);
    } catch (error) {
      this.metrics.emailFailed(kind);
      await this.deliveries.release(mail.key, claimant);
      throw error;
    }
    this.metrics.emailSent(kind);
    await this.deliveries.markSent(mail.key);
    this.logger.log(`Sent ${mail.key}`);
    return 'sent';
  }
}
