import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport, Transporter } from 'nodemailer';
import { mailConfig } from '../../config';

export interface OutgoingMail {
  /** Idempotency key of the message; also names the outbox file. */
  key: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends mail over SMTP, or locally writes each message to the outbox as an .eml file. */
@Injectable()
export class MailTransport {
  private readonly logger = new Logger('Mail');
  private readonly transporter: Transporter;
  private readonly outboxDir: string | null;

  constructor(@Inject(mailConfig.KEY) private readonly config: ConfigType<typeof mailConfig>) {
    if (config.smtpUrl) {
      this.transporter = createTransport(config.smtpUrl);
      this.outboxDir = null;
    } else {
      this.transporter = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      this.outboxDir = config.outboxDir;
      this.logger.warn(`Mail outbox active: messages are written to ${config.outboxDir}, not sent`);
    }
  }

  async send(mail: OutgoingMail): Promise<void> {
    const info = await this.transporter.sendMail({
      from: this.config.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: { 'X-Message-Key': mail.key },
    });
    if (this.outboxDir) {
      await mkdir(this.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await writeFile(join(this.outboxDir, `${stamp}-${mail.key.replace(/[^\w-]/g, '_')}.eml`), info.message as Buffer);
    }
  }
}
