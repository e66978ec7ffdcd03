import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { usersApi } from '../../../shared/contract/users';
import { contextOf } from '../../lib/context';
import { errorResponses } from '../../lib/error-responses';
import { namedLocale } from '../../lib/i18n';
import { routeOptions } from '../../lib/route-options';
import { actorOf, entityOrg, entityOrgs } from '../../plugins/access';
import { setAccountStatus } from './account-status.service';
import { removeFromInstitution } from './institution-removal.service';
import {
  addUsersToInstitution,
  addUserToInstitution,
  createPiUser,
  editPiUser,
  notifyUser,
} from './user-write.service';
import { getPiUser, lookupUser, searchUsers, sectionAssociations } from './users.service';

const options = { tags: ['users'], errors: errorResponses(401, 403, 404, 409, 422) };
/** `:id` is a user of the institution `?organizationId=` names (or the caller), else 404. */
const userOfInstitution = entityOrg('user', 'params', 'id', { within: 'query' });
/** `groupId` in the body is a role of the institution (`organizationId` there unless said), else 404. */
const roleOfInstitution = (within: 'body' | 'query' | 'params.id' = 'body') =>
  entityOrg('role', 'body', 'groupId', { within });

/** Users of spec §7: registrarUser/* and institution/organizationUserSearch. */
export async function usersRoutes(app: FastifyInstance) {
  searchRoutes(app);
  piUserRoutes(app);
  userDetailRoutes(app);
  membershipRoutes(app);
}

function searchRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOptions(usersApi.search, options),
    config: { access: { rule: 'viewUsers', org: 'body', actAs: 'read' } },
    handler: (req) => searchUsers(req.server.db, req.body),
  });

  r.route({
    ...routeOptions(usersApi.organizationSearch, options),
    config: { access: { rule: 'viewUsers', org: 'query' } },
    handler: (req) =>
      searchUsers(req.server.db, {
        organizationId: req.query.organizationId,
        searchText: req.query.q,
        page: req.query.page,
        pageSize: req.query.pageSize,
        includeOtherInstitutions: false,
      }),
  });
}

/** Account request, edit, status and removal from the institution. */
function piUserRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOptions(usersApi.createPiUser, options, {
      description:
        'Account request: creates a pending user of institution `id` and e-mails setup instructions.',
    }),
    config: { access: { rule: 'editUsers', org: roleOfInstitution('params.id') } },
    handler: async (req, reply) =>
      reply
        .code(201)
        .send(
          await createPiUser(
            contextOf(req),
            actorOf(req),
            req.params.id,
            req.body,
            namedLocale(req.headers['accept-language']),
          ),
        ),
  });

  r.route({
    ...routeOptions(usersApi.editPiUser, options),
    config: {
      access: {
        rule: 'editUsers',
        org: entityOrgs(entityOrg('user', 'body', 'userId', { within: 'query' }), roleOfInstitution('query')),
      },
    },
    handler: (req) => editPiUser(req.server.db, actorOf(req), req.query.organizationId, req.body),
  });

  r.route({
    ...routeOptions(usersApi.setStatus, options, {
      description: 'Deactivates (no sign-in, sessions end) or reactivates an account.',
    }),
    config: { access: { rule: 'editUsers', org: userOfInstitution } },
    handler: (req) =>
      setAccountStatus(req.server.db, actorOf(req), req.query.organizationId, req.params.id, req.body),
  });

  r.route({
    ...routeOptions(usersApi.removeFromInstitution, options, {
      description:
        'Removes the user from the institution (membership and role there; the account stays). Restorable from the recycle bin.',
    }),
    config: { access: { rule: 'editUsers', org: userOfInstitution } },
    handler: (req) =>
      removeFromInstitution(req.server.db, actorOf(req), req.query.organizationId, req.params.id),
  });

  r.route({
    ...routeOptions(usersApi.notify, options),
    config: { access: { rule: 'editUsers', org: userOfInstitution } },
    handler: (req) => notifyUser(contextOf(req), actorOf(req), req.query.organizationId, req.params.id),
  });
}

function userDetailRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOptions(usersApi.getPiUser, options),
    config: { access: { rule: 'viewUsers', org: userOfInstitution } },
    handler: (req) => getPiUser(req.server.db, actorOf(req), req.query.organizationId, req.params.id),
  });

  r.route({
    ...routeOptions(usersApi.sections, options),
    config: { access: { rule: 'viewUsers', org: userOfInstitution } },
    handler: (req) => sectionAssociations(req.server.db, req.query.organizationId, req.params.id),
  });
}

/** Adding existing accounts to the institution, and the internal-user form's lookup. */
function membershipRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOptions(usersApi.addUser, options),
    config: { access: { rule: 'editUsers', org: roleOfInstitution() } },
    handler: async (req, reply) =>
      reply.code(201).send(await addUserToInstitution(req.server.db, actorOf(req), req.body)),
  });

  r.route({
    ...routeOptions(usersApi.addUsers, options),
    config: { access: { rule: 'editUsers', org: roleOfInstitution() } },
    handler: async (req, reply) =>
      reply.code(201).send(await addUsersToInstitution(req.server.db, actorOf(req), req.body, false)),
  });

  r.route({
    ...routeOptions(usersApi.getUser, options),
    config: { access: { rule: 'editInternalUsers', org: 'none' } },
    handler: (req) => lookupUser(req.server.db, req.params.username),
  });
}
