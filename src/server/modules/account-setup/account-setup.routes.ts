import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountSetupApi } from '../../../shared/contract/account-setup';
import { checkSetupLink, completeSetup } from './account-setup.service';
import { routeOptions } from '../../lib/route-options';
import { errorResponses } from '../../lib/error-responses';

const options = { tags: ['account-setup'], errors: errorResponses(404, 410, 422, 429) };

/**
 * The account-setup link of the account-request e-mail (users.mail.ts): public, no session,
 * limited per address like sign-in. The request log leaves the token out (app.ts).
 */
export async function accountSetupRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const clientOf = (req: { ip: string; id: string }) => ({ ip: req.ip, requestId: req.id });

  r.route({
    ...routeOptions(accountSetupApi.check, options, {
      description: 'Checks a setup link: 200 with the account it sets up; 404 unknown or used; 410 expired.',
    }),
    config: { access: { rule: 'public', org: 'none' } },
    handler: (req) => checkSetupLink(req.server.db, clientOf(req), req.query.token),
  });

  r.route({
    ...routeOptions(accountSetupApi.complete, options, {
      description:
        'Sets the password of a pending account and activates it; the link then stops working. 422 for a password outside the policy.',
    }),
    config: { access: { rule: 'public', org: 'none' } },
    handler: (req) => completeSetup(req.server.db, clientOf(req), req.body),
  });
}
