import { Router } from 'express';
import { simpleParser, type AddressObject } from 'mailparser';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { escapeHtml } from '../common/html';

export const MAIL_OUTBOX_PATH = '/dev/mail';

const PAGE_STYLE = 'font:15px system-ui,sans-serif;margin:32px;max-width:900px';

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" type="image/svg+xml" href="/favicon.svg">` +
    `<title>${escapeHtml(title)}</title></head>` +
    `<body style="${PAGE_STYLE}">${body}</body></html>`
  );
}

/** The text with every http(s) address made a link, so a developer can follow an email's links as its reader would. */
function withLinks(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"]+)/)
    .map((part, i) => {
      if (i % 2 === 0) return escapeHtml(part);
      // A sentence's closing punctuation is not part of the address.
      const [, address, after] = /^(.*?)([).,;:]*)$/.exec(part)!;
      return `<a href="${escapeHtml(address)}">${escapeHtml(address)}</a>${escapeHtml(after)}`;
    })
    .join('');
}

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).map((a) => a.text).join(', ');

/**
 * Lists the local mail outbox at /dev/mail, newest first. Each message opens as its reader would see
 * its text (quoted-printable decoded, addresses as links), with the message as sent one click away
 * (`/dev/mail/:file/raw`). Local use only.
 */
export function mailOutboxViewer(outboxDir: string): Router {
  const router = Router();
  router.get(MAIL_OUTBOX_PATH, async (_req, res) => {
    const files = (await readdir(outboxDir).catch(() => [] as string[]))
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse();
    const items = files
      .map((file) => `<li><a href="${MAIL_OUTBOX_PATH}/${encodeURIComponent(file)}">${escapeHtml(file)}</a></li>`)
      .join('');
    res
      .type('html')
      .set('Cache-Control', 'no-store')
      .send(
        page(
          'Mail outbox',
          `<h1>Mail outbox</h1>` +
            `<p>Development only: with no SMTP_URL, the store writes each email here instead of sending it.</p>` +
            (files.length ? `<ol>${items}</ol>` : '<p>No mail yet.</p>'),
        ),
      );
  });

  // Names only: nothing outside the outbox can be reached.
  const message = (file: string) =>
    /^[\w.-]+\.eml$/.test(file) ? readFile(join(outboxDir, file)).catch(() => null) : Promise.resolve(null);
  const notFound = { statusCode: 404, message: 'No such message', error: 'Not Found' };

  router.get(`${MAIL_OUTBOX_PATH}/:file`, async (req, res) => {
    const raw = await message(req.params.file);
    if (!raw) {
      res.status(404).json(notFound);
      return;
    }
    const mail = await simpleParser(raw);
    const rawPath = `${MAIL_OUTBOX_PATH}/${encodeURIComponent(req.params.file)}/raw`;
    const headers: [string, string][] = [
      ['From', addresses(mail.from)],
      ['To', addresses(mail.to)],
      ['Subject', mail.subject ?? ''],
      ['Date', mail.date?.toUTCString() ?? ''],
    ];
    res
      .type('html')
      .set('Cache-Control', 'no-store')
      .send(
        page(
          mail.subject ?? 'Message',
          `<p><a href="${MAIL_OUTBOX_PATH}">All mail</a> · <a href="${rawPath}">Message as sent</a></p>` +
            `<dl>${headers.map(([name, value]) => `<dt><strong>${name}</strong></dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>` +
            `<pre style="white-space:pre-wrap;font:14px ui-monospace,monospace">${withLinks(mail.text ?? '')}</pre>`,
        ),
      );
  });

  router.get(`${MAIL_OUTBOX_PATH}/:file/raw`, async (req, res) => {
    const raw = await message(req.params.file);
    if (!raw) {
      res.status(404).json(notFound);
      return;
    }
    res.type('text/plain; charset=utf-8').set('Cache-Control', 'no-store').send(raw);
  });
  return router;
}
