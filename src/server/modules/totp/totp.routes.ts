import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { totpApi } from '../../../shared/contract/totp';
import { routeOptions } from '../../lib/route-options';
import { errorResponses } from '../../lib/error-responses';
import { actorOf } from '../../plugins/access';
import { setSessionCookies } from '../auth';
import { confirmTotp, disableTotp, resetTotp, setupTotp, totpStatus } from './totp.account';
import { confirmLoginEnrolment, loginWithCode, startLoginEnrolment } from './totp.login';

const tags = ['two-step sign-in'];
const client = (req: FastifyRequest) => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'],
  now: req.server.now(),
});

/** Two-step sign-in (TOTP): the sign-in's second step, the account's own set-up, a super admin's reset. */
export async function totpRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOptions(
      totpApi.loginCode,
      { tags, errors: errorResponses(401, 422, 429) },
      {
        description:
          'Second step of a sign-in: a code of the authenticator app or a recovery code; the session.',
      },
    ),
    config: { access: { rule: 'public', org: 'none' } },
    handler: async (req, reply) => {
      const session = await loginWithCode(req.server.db, client(req), req.body);
      setSessionCookies(reply, req.server.config, session.token);
      return session;
    },
  });

  r.route({
    ...routeOptions(
      totpApi.loginEnrol,
      { tags, errors: errorResponses(401, 422) },
      {
        description: 'Sign-in of an account that must use two-step sign-in: sets up a new authenticator.',
      },
    ),
    config: { access: { rule: 'public', org: 'none' } },
    handler: (req) => startLoginEnrolment(req.server.db, req.server.config, req.body.pendingToken),
  });

  r.route({
    ...routeOptions(
      totpApi.loginEnrolConfirm,
      { tags, errors: errorResponses(401, 409, 422, 429) },
      {
        description:
          'Confirms the authenticator set up during sign-in with its first code: the session and the recovery codes.',
      },
    ),
    config: { access: { rule: 'public', org: 'none' } },
    handler: async (req, reply) => {
      const session = await confirmLoginEnrolment(req.server.db, client(req), req.body);
      setSessionCookies(reply, req.server.config, session.token);
      return session;
    },
  });

  r.route({
    ...routeOptions(totpApi.status, { tags, errors: errorResponses(401) }),
    config: { access: { rule: 'authenticated', org: 'none' } },
    handler: (req) => totpStatus(req.server.db, req.server.config, actorOf(req)),
  });

  r.route({
    ...routeOptions(
      totpApi.setup,
      { tags, errors: errorResponses(401, 403, 409) },
      {
        description:
          'Sets up a new authenticator for the signed-in account (off until confirmed with a code).',
      },
    ),
    config: { access: { rule: 'authenticated', org: 'none' } },
    handler: (req) => setupTotp(req.server.db, req.server.config, actorOf(req)),
  });

  r.route({
    ...routeOptions(
      totpApi.confirm,
      { tags, errors: errorResponses(401, 403, 409, 422) },
      {
        description:
          'Turns two-step sign-in on with the first code of the new authenticator: the recovery codes.',
      },
    ),
    config: { access: { rule: 'authenticated', org: 'none' } },
    handler: (req) => confirmTotp(req.server.db, actorOf(req), req.body.code, req.server.now()),
  });

  r.route({
    ...routeOptions(
      totpApi.disable,
      { tags, errors: errorResponses(401, 403, 409, 422, 429) },
      {
        description: 'Turns two-step sign-in off after the password and a code.',
      },
    ),
    config: { access: { rule: 'authenticated', org: 'none' } },
    handler: (req) => disableTotp(req.server.db, actorOf(req), client(req), req.body),
  });

  r.route({
    ...routeOptions(
      totpApi.reset,
      { tags, errors: errorResponses(401, 403, 404, 409) },
      {
        description: "A super admin removes another account's authenticator (support case); audited.",
      },
    ),
    config: { access: { rule: 'resetTotp', org: 'none' } },
    handler: (req) => resetTotp(req.server.db, actorOf(req), req.params.id),
  });
}
