import { Injectable, Module } from '@nestjs/common';
import { DiscoveryModule, NestFactory } from '@nestjs/core';
import { StartupError } from '../../common/startup-error';
import { MailTemplate } from './mail-template.decorator';
import { mailTemplateProblems, MailTemplates } from './mail-templates';
import { MAIL_MESSAGES, MailJob, ReceiptJobData, TrackerReleaseJobData } from './mail.constants';

/** One template for each mail message, as the store's templates give them. */
const everyMessage = () => MAIL_MESSAGES.map((name) => ({ name, where: `${name}-template` }));

describe('the mail templates check', () => {
  it('accepts one template for each mail message', () => {
    expect(mailTemplateProblems(everyMessage())).toEqual([]);
  });

  it('names a mail message without a template', () => {
    const found = everyMessage().filter(({ name }) => name !== MailJob.orderLink);
    expect(mailTemplateProblems(found)).toEqual(['mail job order-link has no template']);
  });

  it('names a mail message with two templates, and which they are', () => {
    const found = [...everyMessage(), { name: MailJob.receipt, where: 'OtherReceiptMail' }];
    expect(mailTemplateProblems(found)).toEqual([
      'mail job receipt has 2 templates (receipt-template, OtherReceiptMail)',
    ]);
  });

  it('names a template of a job that sends no message', () => {
    const found = [...everyMessage(), { name: MailJob.receiptSweep, where: 'SweepMail' }];
    expect(mailTemplateProblems(found)).toEqual(['SweepMail renders receipt-sweep, not a mail message of the job map']);
  });
});

@Injectable()
@MailTemplate(MailJob.receipt)
class ReceiptMail {
  render({ orderId }: ReceiptJobData) {
    return Promise.resolve({ to: 'buyer@example.com', subject: `Order ${orderId}`, text: 'Thanks', html: '' });
  }
}

@Injectable()
@MailTemplate(MailJob.receipt)
class AnotherReceiptMail {
  render() {
    return Promise.resolve(null);
  }
}

describe('a worker whose mail messages lack templates', () => {
  it('refuses to start, in one line naming each message without exactly one template', async () => {
    @Module({ imports: [DiscoveryModule], providers: [MailTemplates, ReceiptMail, AnotherReceiptMail] })
    class Worker {}

    const start = NestFactory.createApplicationContext(Worker, { logger: false, abortOnError: false });
    const error = await start.then(
      () => null,
      (failure: Error) => failure,
    );
    expect(error).toBeInstanceOf(StartupError);
    expect(error?.message).toMatch(/^mail job receipt has 2 templates \(ReceiptMail, AnotherReceiptMail\); /);
    expect(error?.message).toContain('mail job tracker-delivery has no template');
    expect(error?.message).not.toContain('\n');
  });
});

// Checked by the compiler (npm run typecheck): a template renders its own message's data.
// @ts-expect-error the data of another message
@MailTemplate(MailJob.receipt)
export class WrongTemplate {
  render(data: TrackerReleaseJobData) {
    return Promise.resolve({ to: data.subscriptionId, subject: '', text: '', html: '' });
  }
}
