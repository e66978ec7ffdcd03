import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { passwordResetApi } from '../../../shared/contract/password-reset';
import { routeOptions } from '../../lib/route-options';
import { errorResponses } from '../../lib/error-responses';
import { actorOf } from '../../plugins/access';
import { type SecondStep, setSessionCookies } from '../auth';
import { changePassword, checkResetLink, completeReset, requestReset } from './password-reset.service';

const tags = ['password-reset'];

/**
 * "Forgot password?" (public: request a link, check it, set the password) and "Change password"
 * (signed in). The request log leaves the link's token out (app.ts).
 */
export async function passwordResetRoutes(app: FastifyInstance, opts: { secondStep?: SecondStep } = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const clientOf = (req: { ip: string; id: string; headers: { 'user-agent'?: string } }) => ({
    ip: req.ip,
    requestId: req.id,
    userAgent: req.headers['user-agent'],
  });

  r.route({
    ...routeOptions(
      passwordResetApi.forgot,
      { tags, errors: errorResponses(422, 429) },
      {
        description:
          'E-mails a one-hour, one-time reset link to the account with that user name or e-mail when it may sign in with a password. The answer is the same whether or not one exists; 429 past the limits of the address or of the name asked for.',
      },
    ),
    config: { access: { rule: 'public', org: 'none' } },
    handler: (req) =>
      requestReset(req.server.db, req.server.jobs, req.server.config, clientOf(req), req.body),
  });

  r.route({
    ...routeOptions(
      passwordResetApi.checkLink,
      { tags, errors: errorResponses(404, 410, 422, 429) },
      {
        description: 'Checks a reset link: 200 with the account it resets; 404 unknown or used; 410 expired.',
      },
    ),
    config: { access: { rule: 'public', org: 'none' } },
    handler: (req) => checkResetLink(req.server.db, req.server.config, clientOf(req), req.query.token),
  });

  r.route({
    ...routeOptions(
      passwordResetApi.reset,
      { tags, errors: errorResponses(404, 410, 422, 429) },
      {
        description:
          'Sets a new password with a reset link, ends every session of the account and opens a new one (signed in), or (`step`) answers with the authenticator-code step for an account with two-step sign-in. 422 for a password outside the rule (the link stays usable).',
      },
    ),
    config: { access: { rule: 'public', org: 'none' } },
    handler: async (req, reply) => {
      const answer = await completeReset(
        req.server.db,
        req.server.config,
        clientOf(req),
        req.body,
        opts.secondStep,
      );
      if ('step' in answer) return answer;
      setSessionCookies(reply, req.server.config, answer.token);
      return answer;
    },
  });

  r.route({
    ...routeOptions(
      passwordResetApi.change,
      { tags, errors: errorResponses(401, 403, 422, 429) },
      {
        description:
          'Changes the signed-in user’s password after checking the current one; every other session of the account ends.',
      },
    ),
    config: { access: { rule: 'authenticated', org: 'none' } },
    handler: (req) => changePassword(req.server.db, req.server.config, actorOf(req), req.ip, req.body),
  });
}
