import { Router } from 'express';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { escapeHtml } from '../common/html';

export const MAIL_OUTBOX_PATH = '/dev/mail';

/** Lists the local mail outbox at /dev/mail, newest first, each message viewable as sent. Local use only. */
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
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mail outbox</title></head>` +
          `<body style="font:15px system-ui,sans-serif;margin:32px"><h1>Mail outbox</h1>` +
          `<p>Development only: with no SMTP_URL, the store writes each email here instead of sending it.</p>` +
          (files.length ? `<ol>${items}</ol>` : '<p>No mail yet.</p>') +
          `</body></html>`,
      );
  });
  router.get(`${MAIL_OUTBOX_PATH}/:file`, async (req, res) => {
    const file = req.params.file;
    // Names only: nothing outside the outbox can be reached.
    const message = /^[\w.-]+\.eml$/.test(file) ? await readFile(join(outboxDir, file)).catch(() => null) : null;
    if (!message) {
      res.status(404).json({ statusCode: 404, message: 'No such message', error: 'Not Found' });
      return;
    }
    res.type('text/plain; charset=utf-8').set('Cache-Control', 'no-store').send(message);
  });
  return router;
}
