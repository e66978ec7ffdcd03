/**
 * The protocol's HTML pages and their framing headers.
 *
 * The landing pages are server-rendered HTML rather than SPA routes: they must render inside an
 * LMS iframe with framing allowed for that LMS only (the SPA and admin console stay unframeable),
 * work without any cookie or bearer token (the launch session is in the URL), and appear in one
 * round trip after the launch redirect. Texts come from the server catalogs (src/shared/i18n,
 * ltiTool.*); the console shows the same refusal reasons from the web's (ltiTool.reasons, kept equal
 * by lti-texts.test.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SERVER_CATALOGS } from '../../../../shared/i18n';
import { type LtiRefusal, LTI_REASONS } from './lti-reasons';

export type Lang = 'en' | 'fr' | 'zh';
const CATALOGS = {
  en: SERVER_CATALOGS.en.ltiTool,
  fr: SERVER_CATALOGS.fr.ltiTool,
  zh: SERVER_CATALOGS.zh.ltiTool,
} as const;
export type Texts = (typeof CATALOGS)['en'];

/** The language of a launch: its locale claim first, then Accept-Language, then English. */
export function pickLang(locale: unknown, acceptLanguage: string | undefined): Lang {
  const wanted = [
    typeof locale === 'string' ? locale : '',
    ...(acceptLanguage ?? '').split(',').map((p) => p.split(';')[0].trim()),
  ];
  for (const w of wanted) {
    const base = w.toLowerCase().split(/[-_]/)[0];
    if (base === 'en' || base === 'fr' || base === 'zh') return base;
  }
  return 'en';
}

export function texts(lang: Lang): Texts {
  return CATALOGS[lang];
}

export function fill(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(vars[k] ?? ''));
}

export function esc(value: unknown): string {
  return String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

/** Origins of a registration's platform (issuer and auth endpoint), the only ones that may frame its pages. */
export function platformOrigins(
  reg: { issuer: string; authLoginUrl: string | null } | null | undefined,
): string[] {
  if (!reg) return [];
  const out = new Set<string>();
  for (const u of [reg.issuer, reg.authLoginUrl]) {
    try {
      if (u) out.add(new URL(u).origin);
    } catch {
      // not a URL: frames nothing
    }
  }
  return [...out];
}

/**
 * The origins a verified launch names for its own pages: launch_presentation.return_url and the
 * deep-linking return URL. An LMS often frames the tool on the institution's own host (Canvas:
 * school.instructure.com), which is neither its issuer nor its auth host; the signed launch says
 * which it is. https only.
 */
export function launchOrigins(urls: unknown[]): string[] {
  const out = new Set<string>();
  for (const u of urls) {
    if (typeof u !== 'string') continue;
    try {
      const url = new URL(u);
      if (url.protocol === 'https:') out.add(url.origin);
    } catch {
      // not a URL
    }
  }
  return [...out];
}

const CSP_BASE =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'self'";

/**
 * Replaces helmet's frame-ancestors 'none' / X-Frame-Options for this answer: framing by `origins`
 * only ('none' when empty). `formTargets`: extra form-action origins (deep-link return URL).
 */
export function allowFraming(reply: FastifyReply, origins: string[], formTargets: string[] = []) {
  const ancestors = origins.length ? origins.join(' ') : "'none'";
  const formAction = ["'self'", ...formTargets].join(' ');
  reply.header(
    'content-security-policy',
    `${CSP_BASE}; frame-ancestors ${ancestors}; form-action ${formAction}`,
  );
  reply.removeHeader('x-frame-options');
  if (!origins.length) reply.header('x-frame-options', 'DENY');
  reply.header('cache-control', 'no-store');
  reply.header('referrer-policy', 'no-referrer');
}

export function page(lang: Lang, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;padding:24px;color:#1a1b1e;background:#fff;line-height:1.5}
main{max-width:640px;margin:0 auto}h1{font-size:1.4rem}dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px}
dt{font-weight:600}.code{font-family:ui-monospace,monospace;background:#f1f3f5;padding:2px 6px;border-radius:4px}
button,.button{font:inherit;background:#1864ab;color:#fff;border:0;border-radius:4px;padding:8px 16px;cursor:pointer;text-decoration:none;display:inline-block}
label{display:block;margin:6px 0}</style></head>
<body><main>${body}</main><script src="/lti/assets/resize.js"></script></body></html>`;
}

const STATE_REASONS = new Set(['noState', 'unknownState', 'stateExpired', 'stateMismatch']);

/** The friendly refusal page: the reason, its code, what to ask the LMS administrator. */
export function sendRefusal(
  req: FastifyRequest,
  reply: FastifyReply,
  refusal: LtiRefusal,
  opts: { lang?: Lang; origins?: string[]; newWindowUrl?: string | null } = {},
) {
  const lang = opts.lang ?? pickLang(undefined, req.headers['accept-language']);
  const t = texts(lang);
  const reasonText = (t.reasons as Record<string, string>)[refusal.reason] ?? '';
  const newWindow =
    STATE_REASONS.has(refusal.reason) && opts.newWindowUrl
      ? `<p>${esc(t.newWindowHint)}</p><p><a class="button" href="${esc(opts.newWindowUrl)}" target="_blank" rel="noopener">${esc(t.newWindow)}</a></p>`
      : '';
  allowFraming(reply, opts.origins ?? []);
  return reply
    .code(LTI_REASONS[refusal.reason])
    .type('text/html; charset=utf-8')
    .send(
      page(
        lang,
        t.refusedTitle,
        `<h1>${esc(t.refusedTitle)}</h1><p>${esc(reasonText)}</p>
<p>${esc(fill(t.reasonLabel, { code: '' }))}<span class="code" data-reason="${esc(refusal.code)}">${esc(refusal.code)}</span></p>
<p>${esc(t.askAdmin)}</p><p>${esc(t.retryLaunch)}</p>${newWindow}`,
      ),
    );
}
