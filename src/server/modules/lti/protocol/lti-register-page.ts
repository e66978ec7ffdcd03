/**
 * The pages /lti/register answers inside the registering LMS: framed by that platform's origin
 * (never a blank frame), and a refusal written for the LMS administrator, saying what to do next.
 */
import type { FastifyReply } from 'fastify';
import { allowFraming, esc, type Lang, page, texts } from './lti-frame';
import { LTI_REASONS, type LtiRefusal } from './lti-reasons';
import { isLocalOrHttps } from './lti-register';

export { dynamicRegistration } from './lti-register';

/** The origin of the registering platform's openid_configuration URL (the frame's parent), if valid. */
export function registeringOrigins(openidConfiguration: unknown): string[] {
  const url = isLocalOrHttps(openidConfiguration);
  return url ? [url.origin] : [];
}

export function sendRegistrationRefusal(
  reply: FastifyReply,
  refusal: LtiRefusal,
  lang: Lang,
  origins: string[],
) {
  const t = texts(lang);
  const reasonText = (t.reasons as Record<string, string>)[refusal.reason] ?? '';
  const todo = (t.registerTodo as Record<string, string>)[refusal.reason] ?? t.registerTodo.badRegistration;
  allowFraming(reply, origins);
  return reply
    .code(LTI_REASONS[refusal.reason])
    .type('text/html; charset=utf-8')
    .send(
      page(
        lang,
        t.registerRefusedTitle,
        `<h1>${esc(t.registerRefusedTitle)}</h1><p>${esc(reasonText)}</p>
<p><strong>${esc(t.registerTodoLabel)}</strong> ${esc(todo)}</p>
<p>${esc(t.reasonLabel.replace('{{code}}', ''))}<span class="code" data-reason="${esc(refusal.code)}">${esc(refusal.code)}</span></p>`,
      ),
    );
}
