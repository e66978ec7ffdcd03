import type { Locale } from '../../../shared/constants';
import { serverT } from '../../lib/i18n';
import type { MailMessage } from './mail.service';
import { type Block, type Line, type MailKind, type MailVars, TEMPLATES } from './mail.templates';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Every character that means something in HTML, escaped: names, courses and links are data, never markup. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

const lineText = (l: Line) => (typeof l === 'string' ? l : `${l.p} ${l.link}`);
const linkHtml = (link: string) => `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`;
const lineHtml = (l: Line) =>
  typeof l === 'string' ? escapeHtml(l) : `${escapeHtml(l.p)} ${linkHtml(l.link)}`;

function textOf(blocks: Block[]): string {
  return blocks
    .map((b) => {
      if ('list' in b)
        return b.list.map((l, i) => `${b.numbered ? `${i + 1}.` : '-'} ${lineText(l)}`).join('\n');
      return 'link' in b ? `${b.p}\n${b.link}` : b.p;
    })
    .join('\n\n');
}

function htmlOf(locale: Locale, subject: string, blocks: Block[]): string {
  const body = blocks
    .map((b) => {
      if ('list' in b) {
        const tag = b.numbered ? 'ol' : 'ul';
        return `<${tag}>${b.list.map((l) => `<li>${lineHtml(l)}</li>`).join('')}</${tag}>`;
      }
      if ('link' in b) return `<p>${escapeHtml(b.p)}<br>${linkHtml(b.link)}</p>`;
      return `<p>${escapeHtml(b.p)}</p>`;
    })
    .join('\n');
  return `<!doctype html>\n<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>\n<body>\n${body}\n</body></html>\n`;
}

/**
 * THE way to write an e-mail: `renderMail('accountSetup', locale, to, vars)` gives the message in
 * `locale` (subject, plain-text part and HTML part, values escaped) from the catalog texts
 * `mail.<kind>.*` of src/shared/i18n; pass it to `queueMail`. A new e-mail is a `MailVars` entry
 * and a `TEMPLATES` entry (mail.templates.ts) plus its texts in en, fr and zh.
 */
export function renderMail<K extends MailKind>(
  kind: K,
  locale: Locale,
  to: string,
  vars: MailVars[K],
): MailMessage {
  const { subject, blocks } = TEMPLATES[kind](serverT(locale), vars);
  return { to, subject, text: `${textOf(blocks)}\n`, html: htmlOf(locale, subject, blocks) };
}
