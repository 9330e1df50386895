import { registerAs } from '@nestjs/config';
import { isAbsolute, join } from 'node:path';
import { projectRoot } from '../common/project-root';
import { readEnvironment } from './environment';

export const mailConfig = registerAs('mail', () => {
  const env = readEnvironment();
  const outbox = env.MAIL_OUTBOX_DIR ?? 'var/mail';
  return {
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM as string,
    /** Without SMTP (local use only: production requires SMTP_URL) mail is written here as .eml files. */
    outboxDir: isAbsolute(outbox) ? outbox : join(projectRoot(), outbox),
  };
});
