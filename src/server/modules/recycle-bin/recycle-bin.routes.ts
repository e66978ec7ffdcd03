import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recycleBinApi } from '../../../shared/contract/recycle-bin';
import { actorOf } from '../../plugins/access';
import { errorResponses } from '../../lib/error-responses';
import { routeOptions } from '../../lib/route-options';
import { listBin, restoreEntry } from './recycle-bin.service';

const tags = ['recycle-bin'];

/** The recycle bin: recently removed courses and roles of one institution, and their restore. */
export async function recycleBinRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOptions(
      recycleBinApi.list,
      { tags, errors: errorResponses(401, 403, 404, 422) },
      {
        description:
          'Recently removed courses, roles and role members of the institution that the caller may restore, most recent first.',
      },
    ),
    config: { access: { rule: 'recycleBin', org: 'query' } },
    handler: (req) => listBin(req.server.db, actorOf(req), req.query),
  });

  r.route({
    ...routeOptions(
      recycleBinApi.restore,
      {
        tags,
        errors: errorResponses(401, 403, 404, 409, 422),
      },
      {
        description:
          'Restores a removed course, role or role member exactly as it was (same id, members moved back), or answers 409 with why it cannot.',
      },
    ),
    config: { access: { rule: 'recycleBin', org: 'body' } },
    handler: (req) => restoreEntry(req.server.db, actorOf(req), req.body),
  });
}
