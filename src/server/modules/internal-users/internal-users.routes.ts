import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  INTERNAL_USER_CSV_FILE,
  INTERNAL_USER_CSV_HEADER,
  UserGroupDetailsQuery,
  UserGroupDetailsResponse,
} from '../../../shared/contract/internal-users';
import { sendCsv } from '../../lib/csv';
import { actorOf } from '../../plugins/access';
import { internalUsersCsv, listInternalUsers } from './internal-users.service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(401, 403, 404, 422);
const tags = ['internal-users'];

/**
 * The EAD Admin page's reads. Creating and removing internal users go through
 * POST/DELETE groupAuth/groupMember (roles.routes.ts) on the internal group.
 */
export async function internalUsersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/groupAuth/userGroupDetails', {
    schema: {
      tags,
      querystring: UserGroupDetailsQuery,
      response: { 200: UserGroupDetailsResponse, ...errors },
    },
    config: { access: { rule: 'viewInternalUsers', org: 'none' } },
    handler: (req) =>
      listInternalUsers(req.server.db, actorOf(req), req.server.config.internalGroupId, req.query.groupId),
  });

  r.get('/api/groupAuth/userGroupDetails/export', {
    schema: {
      tags,
      description: `${INTERNAL_USER_CSV_FILE}: the internal users as CSV (text/csv).`,
      produces: ['text/csv'],
      response: errors,
    },
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
