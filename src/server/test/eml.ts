import { readFile } from 'node:fs/promises';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import { waitFor } from './wait-for';

/** An e-mail as its reader's program shows it: decoded subject and parts. */
export interface ReadMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The raw .eml file. */
  raw: string;
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const src = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < src.length; i++) {
    if (src[i] === '=' && /^[0-9A-F]{2}$/i.test(src.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(src.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(src[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

const decodeBody = (body: string, encoding: string) =>
  /base64/i.test(encoding)
    ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    : /quoted-printable/i.test(encoding)
      ? decodeQuotedPrintable(body)
      : body;

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) of a header, joined. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function headers(block: string): Record<string, string> {
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  return Object.fromEntries(
    unfolded.split(/\r?\n/).flatMap((line) => {
      const i = line.indexOf(':');
      return i > 0 ? [[line.slice(0, i).toLowerCase(), line.slice(i + 1).trim()]] : [];
    }),
  );
}

/** Parses a .eml file as nodemailer writes it: one text part, or multipart/alternative text + html. */
export function parseEml(raw: string): ReadMail {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const h = headers(head);
  const body = rest.join('\r\n\r\n');
  const mail: ReadMail = { to: h.to ?? '', subject: decodeHeader(h.subject ?? ''), text: '', html: '', raw };
  const boundary = /boundary="?([^";]+)"?/i.exec(h['content-type'] ?? '')?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((p) => p.replace(/^\r?\n/, ''))
    : [
        `Content-Type: ${h['content-type']}\r\nContent-Transfer-Encoding: ${h['content-transfer-encoding']}\r\n\r\n${body}`,
      ];
  for (const part of parts) {
    const [partHead, ...partBody] = part.split(/\r?\n\r?\n/);
    const ph = headers(partHead);
    const content = decodeBody(partBody.join('\r\n\r\n'), ph['content-transfer-encoding'] ?? '');
    if (/text\/html/i.test(ph['content-type'] ?? '')) mail.html = content.replace(/\r\n/g, '\n');
    else if (/text\/plain/i.test(ph['content-type'] ?? '')) mail.text = content.replace(/\r\n/g, '\n');
  }
  return mail;
}

/** Waits for the newest e-mail to `to` to be stored as a .eml file (no SMTP_URL), and reads it. */
export async function readEml(db: Db, to: string): Promise<ReadMail> {
  const row = await waitFor(async () => {
    const [r] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    return r?.status === 'stored' && r.emlPath ? r : undefined;
  });
  return parseEml(await readFile(row.emlPath as string, 'utf8'));
}
