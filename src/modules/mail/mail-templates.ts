import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { StartupError } from '../../common/startup-error';
import { oneEachProblems, Registration } from '../../integrations/queue/one-each';
import { MailTemplateMark, RenderedMail } from './mail-template.decorator';
import { MAIL_MESSAGES } from './mail.constants';

interface Render {
  render(data: unknown): Promise<RenderedMail | null>;
}

/** The start-up problems of the mail templates found: each mail message needs exactly one. */
export function mailTemplateProblems(found: Registration[]): string[] {
  return oneEachProblems(MAIL_MESSAGES, found, {
    expected: (name) => `mail job ${name}`,
    noun: 'template',
    stray: ({ name, where }) => `${where} renders ${name}, not a mail message of the job map`,
  });
}

/**
 * The mail templates, found at start on every provider marked `@MailTemplate(name)`, wherever its
 * module is. The start is refused, naming the message, when a mail message has no template or more
 * than one, or a template names a job that is not a mail message.
 */
@Injectable()
export class MailTemplates implements OnModuleInit {
  private templates?: Map<string, Render>;

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    this.registry();
  }

  /** Renders the message of a mail job by its template. */
  render(name: string, data: unknown): Promise<RenderedMail | null> {
    const template = this.registry().get(name);
    if (!template) return Promise.reject(new Error(`No template renders mail job ${name}`));
    return template.render(data);
  }

  /** Built on first need: the mail queue's worker starts in its own module's init and may take a job at once. */
  private registry(): Map<string, Render> {
    if (this.templates) return this.templates;
    const found = this.discovery
      .getProviders({ metadataKey: MailTemplateMark.KEY })
      .filter((wrapper) => wrapper.instance && !wrapper.isAlias)
      .map((wrapper) => {
        const instance = wrapper.instance as Render;
        const name = this.discovery.getMetadataByDecorator(MailTemplateMark, wrapper) ?? '';
        return { name, where: instance.constructor.name, instance };
      });
    const problems = mailTemplateProblems(found);
    // A StartupError: the entry point prints it as one line, "Worker cannot start: …", and exits.
    if (problems.length) throw new StartupError(problems.join('; '));
    this.templates = new Map(found.map(({ name, instance }) => [name, instance]));
    return this.templates;
  }
}
