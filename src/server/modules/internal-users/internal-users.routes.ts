import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  INTERNAL_USER_CSV_FILE,
  INTERNAL_USER_CSV_HEADER,
  internalUsersApi,
} from '../../../shared/contract/internal-users';
import { sendCsv } from '../../lib/csv';
import { routeOptions } from '../../lib/route-options';
import { actorOf } from '../../plugins/access';
import { internalUsersCsv, listInternalUsers } from './internal-users.service';
import { errorResponses } from '../../lib/error-responses';

const options = { tags: ['internal-users'], errors: errorResponses(401, 403, 404, 422) };

/**
 * The EAD Admin page's reads. Creating and removing internal users go through
 * POST/DELETE groupAuth/groupMember (roles.routes.ts) on the internal group.
 */
export async function internalUsersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOptions(internalUsersApi.list, options),
    config: { access: { rule: 'viewInternalUsers', org: 'none' } },
    handler: (req) =>
      listInternalUsers(req.server.db, actorOf(req), req.server.config.internalGroupId, req.query.groupId),
  });

  r.route({
    ...routeOptions(internalUsersApi.export, options, {
      description: `${INTERNAL_USER_CSV_FILE}: the internal users as CSV (text/csv).`,
      produces: ['text/csv'],
    }),
    config: { access: { rule: 'viewInternalUsers', org: 'none' } },
    handler: async (req, reply) =>
      sendCsv(
        reply,
        INTERNAL_USER_CSV_FILE,
        INTERNAL_USER_CSV_HEADER,
        await internalUsersCsv(req.server.db, req.server.config.internalGroupId),
      ),
  });
}
