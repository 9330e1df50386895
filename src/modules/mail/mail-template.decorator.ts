import { DiscoveryService } from '@nestjs/core';
import type { OutgoingMail } from '../../integrations/mail/mail-transport';
import type { JobPayload } from '../../integrations/queue/jobs';
import type { MAIL_QUEUE, MailMessage } from './mail.constants';

/** A message as its template renders it. Its key is the job's id, given once by MailQueue: templates never make one. */
export type RenderedMail = Omit<OutgoingMail, 'key'>;

/** Renders one kind of message from its job's data; null when there is nothing (any more) to send. */
export interface MailTemplateOf<N extends MailMessage> {
  render(data: JobPayload<typeof MAIL_QUEUE, N>): Promise<RenderedMail | null>;
}

/** Nest's discoverable mark: the mail worker finds the marked providers at start. */
export const MailTemplateMark = DiscoveryService.createDecorator<MailMessage>();

/**
 * Makes a provider the template of one mail message of the job map: the mail worker renders that
 * job's message with its `render(data)`, whose data the map types. Each message has exactly one
 * template, checked when the worker starts; the template's module may read whatever it imports,
 * and mail imports none of them.
 */
export function MailTemplate<N extends MailMessage>(name: N) {
  return (target: abstract new (...args: never[]) => MailTemplateOf<N>): void => {
    MailTemplateMark(name)(target);
  };
}
