import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { escapeHtml } from '../../../common/html';
import { appConfig } from '../../../config';
import type { RenderedMail } from '../../mail';

/** A paragraph, a link with its words, or a bulleted list. */
export type MailBlock = string | { link: string; label: string } | { list: string[] };

export interface MailContent {
  to: string;
  subject: string;
  blocks: MailBlock[];
}

/**
 * Lays out the store's lifecycle emails the same way: a plain-text part any
 * mail reader shows, an HTML part with the same words, and the support line.
 */
@Injectable()
export class MailComposer {
  constructor(@Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>) {}

  get supportLine(): string {
    return `Questions? Write to ${this.app.supportEmail} or call ${this.app.supportPhone}.`;
  }

  url(path: string): string {
    return `${this.app.publicUrl}${path}`;
  }

  compose({ to, subject, blocks }: MailContent): RenderedMail {
    const all = [...blocks, this.supportLine];
    const text = all
      .map((block) => {
        if (typeof block === 'string') return block;
        if ('link' in block) return `${block.label}: ${block.link}`;
        return block.list.map((item) => `- ${item}`).join('\n');
      })
      .join('\n\n');
    const html = all
      .map((block) => {
        if (typeof block === 'string') return `<p>${escapeHtml(block)}</p>`;
        if ('link' in block) return `<p><a href="${escapeHtml(block.link)}">${escapeHtml(block.label)}</a></p>`;
        return `<ul>${block.list.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
      })
      .join('');
    return { to, subject, text, html };
  }
}
