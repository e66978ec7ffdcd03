import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AccountSetupBody,
  AccountSetupInfoResponse,
  AccountSetupQuery,
  AccountSetupResponse,
} from '../../../shared/contract/account-setup';
import { checkSetupLink, completeSetup } from './account-setup.service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(404, 410, 422, 429);
const tags = ['account-setup'];

/**
 * The account-setup link of the account-request e-mail (users.mail.ts): public, no session,
 * limited per address like sign-in. The request log leaves the token out (app.ts).
 */
export async function accountSetupRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const clientOf = (req: { ip: string; id: string }) => ({ ip: req.ip, requestId: req.id });

  r.get('/api/account/setup', {
    schema: {
      tags,
      description: 'Checks a setup link: 200 with the account it sets up; 404 unknown or used; 410 expired.',
      querystring: AccountSetupQuery,
      response: { 200: AccountSetupInfoResponse, ...errors },
    },
    config: { access: { rule: 'public', org: 'none' } },
    handler: (req) => checkSetupLink(req.server.db, clientOf(req), req.query.token),
  });

  r.post('/api/account/setup', {
    schema: {
      tags,
      description:
        'Sets the password of a pending account and activates it; the link then stops working. 422 for a password outside the policy.',
      body: AccountSetupBody,
      response: { 200: AccountSetupResponse, ...errors },
    },
    config: { access: { rule: 'public', org: 'none' } },
    handler: (req) => completeSetup(req.server.db, clientOf(req), req.body),
  });
}
