/** Reading the .eml files the app's mail job writes (no SMTP_URL): headers, then each part decoded. */

/** A single-part message or part: its headers, then its body decoded (base64 or quoted-printable). */
function partText(eml: string): string {
  const split = eml.search(/\r?\n\r?\n/);
  const headers = eml.slice(0, split);
  const body = eml.slice(split).trim();
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(headers)?.[1].toLowerCase();
  if (encoding === 'base64') return `${headers}\n\n${Buffer.from(body, 'base64').toString('utf8')}`;
  if (encoding !== 'quoted-printable') return eml;
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return `${headers}\n\n${Buffer.from(bytes, 'latin1').toString('utf8')}`;
}

/** The text of a .eml file: its headers, then each part decoded (the text part, then the HTML part). */
export function emlText(eml: string): string {
  const split = eml.search(/\r?\n\r?\n/);
  const headers = eml.slice(0, split);
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers.replace(/\r?\n[ \t]+/g, ' '))?.[1];
  if (!boundary) return partText(eml);
  const parts = eml.slice(split).split(`--${boundary}`).slice(1, -1);
  return [headers, ...parts.map((p) => partText(p.replace(/^\r?\n/, '')))].join('\n\n');
}
