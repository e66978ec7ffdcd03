import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OkResponse } from '../../../shared/contract/common';
import {
  LoginEnrolBody,
  LoginEnrolConfirmBody,
  LoginEnrolConfirmResponse,
  LoginTotpBody,
  TotpConfirmBody,
  TotpConfirmResponse,
  TotpDisableBody,
  TotpResetParams,
  TotpSetupResponse,
  TotpStatusResponse,
} from '../../../shared/contract/totp';
import { LoginResponse } from '../../../shared/contract/auth';
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

  r.post('/api/auth/login/totp', {
    schema: {
      tags,
      description:
        'Second step of a sign-in: a code of the authenticator app or a recovery code; the session.',
      body: LoginTotpBody,
      response: { 200: LoginResponse, ...errorResponses(401, 422, 429) },
    },
    config: { access: { rule: 'public', org: 'none' } },
    handler: async (req, reply) => {
      const session = await loginWithCode(req.server.db, client(req), req.body);
      setSessionCookies(reply, req.server.config, session.token);
      return session;
    },
  });

  r.post('/api/auth/login/enrol', {
    schema: {
      tags,
      description: 'Sign-in of an account that must use two-step sign-in: sets up a new authenticator.',
      body: LoginEnrolBody,
      response: { 200: TotpSetupResponse, ...errorResponses(401, 422) },
    },
    config: { access: { rule: 'public', org: 'none' } },
    handler: (req) => startLoginEnrolment(req.server.db, req.server.config, req.body.pendingToken),
  });

  r.post('/api/auth/login/enrol/confirm', {
    schema: {
      tags,
      description:
        'Confirms the authenticator set up during sign-in with its first code: the session and the recovery codes.',
      body: LoginEnrolConfirmBody,
      response: { 200: LoginEnrolConfirmResponse, ...errorResponses(401, 409, 422, 429) },
    },
    config: { access: { rule: 'public', org: 'none' } },
    handler: async (req, reply) => {
      const session = await confirmLoginEnrolment(req.server.db, client(req), req.body);
      setSessionCookies(reply, req.server.config, session.token);
      return session;
    },
  });

  r.get('/api/account/totp', {
    schema: { tags, response: { 200: TotpStatusResponse, ...errorResponses(401) } },
    config: { access: { rule: 'authenticated', org: 'none' } },
    handler: (req) => totpStatus(req.server.db, req.server.config, actorOf(req)),
  });

  r.post('/api/account/totp/setup', {
    schema: {
      tags,
      description: 'Sets up a new authenticator for the signed-in account (off until confirmed with a code).',
      response: { 200: TotpSetupResponse, ...errorResponses(401, 403, 409) },
    },
    config: { access: { rule: 'authenticated', org: 'none' } },
    handler: (req) => setupTotp(req.server.db, req.server.config, actorOf(req)),
  });

  r.post('/api/account/totp/confirm', {
    schema: {
      tags,
      description:
        'Turns two-step sign-in on with the first code of the new authenticator: the recovery codes.',
      body: TotpConfirmBody,
      response: { 200: TotpConfirmResponse, ...errorResponses(401, 403, 409, 422) },
    },
    config: { access: { rule: 'authenticated', org: 'none' } },
    handler: (req) => confirmTotp(req.server.db, actorOf(req), req.body.code, req.server.now()),
  });

  r.post('/api/account/totp/disable', {
    schema: {
      tags,
      description: 'Turns two-step sign-in off after the password and a code.',
      body: TotpDisableBody,
      response: { 200: OkResponse, ...errorResponses(401, 403, 409, 422, 429) },
    },
    config: { access: { rule: 'authenticated', org: 'none' } },
    handler: (req) => disableTotp(req.server.db, actorOf(req), client(req), req.body),
  });

  r.delete('/api/users/:id/totp', {
    schema: {
      tags,
      description: "A super admin removes another account's authenticator (support case); audited.",
      params: TotpResetParams,
      response: { 200: OkResponse, ...errorResponses(401, 403, 404, 409) },
    },
    config: { access: { rule: 'resetTotp', org: 'none' } },
    handler: (req) => resetTotp(req.server.db, actorOf(req), req.params.id),
  });
}
