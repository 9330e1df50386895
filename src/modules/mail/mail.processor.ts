import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Job } from 'bullmq';
import { JobHandler } from '../../integrations/queue/job-handler.decorator';
import { JobHandlers } from '../../integrations/queue/job-handlers';
import type { JobPayload } from '../../integrations/queue/jobs';
import { MAIL_MESSAGES, MAIL_QUEUE, MailMessage } from './mail.constants';
import { MailSender } from './mail-sender.service';
import { MailTemplates } from './mail-templates';

// A worker that dies mid-job loses its lock after lockDuration; checking for such stalled jobs every
// 5 s (not BullMQ's 30 s) resumes their mail about half a minute after the crash, not a minute or more.
@Processor(MAIL_QUEUE, { lockDuration: 30_000, stalledInterval: 5_000 })
export class MailProcessor extends WorkerHost {
  constructor(
    private readonly handlers: JobHandlers,
    private readonly templates: MailTemplates,
    private readonly sender: MailSender,
  ) {
    super();
  }

  process(job: Job): Promise<unknown> {
    return this.handlers.run(MAIL_QUEUE, job);
  }

  /**
   * Renders the job's message by its template and sends it once. The job's id is the message's key
   * (MailQueue makes it, the one place it is written): it claims the message, so a duplicated or
   * retried job never sends it twice.
   */
  @JobHandler(MAIL_QUEUE, MAIL_MESSAGES)
  async deliver(data: JobPayload<typeof MAIL_QUEUE, MailMessage>, job: Job): Promise<string> {
    const key = job.id!;
    const rendered = await this.templates.render(job.name, data);
    return this.sender.sendOnce(rendered && { key, ...rendered }, key, job.name);
  }
}
