import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AddUserBody,
  AddUsersBody,
  AddUsersResponse,
  CreatePiUserBody,
  CreatePiUserParams,
  EditPiUserBody,
  EditPiUserQuery,
  GetPiUserResponse,
  GetUserParams,
  GetUserResponse,
  NotifyResponse,
  OrganizationUserSearchQuery,
  SearchUserBody,
  SearchUserResponse,
  UserIdParams,
  UserOrgQuery,
  UserSectionAssociationResponse,
  UserWriteResponse,
} from '../../../shared/contract/users';
import { namedLocale } from '../../lib/i18n';
import { actorOf, entityOrg } from '../../plugins/access';
import { AccountStatusBody, AccountStatusResponse } from '../../../shared/contract/account-status';
import { setAccountStatus } from './account-status.service';
import { InstitutionRemovalResponse } from '../../../shared/contract/institution-removal';
import { removeFromInstitution } from './institution-removal.service';
import {
  addUsersToInstitution,
  addUserToInstitution,
  createPiUser,
  editPiUser,
  notifyUser,
} from './user-write.service';
import { getPiUser, lookupUser, searchUsers, sectionAssociations } from './users.service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(401, 403, 404, 409, 422);
const tags = ['users'];
/** `:id` is a user of the institution `?organizationId=` names (or the caller), else 404. */
const userOfInstitution = entityOrg('user', 'params', 'id', { within: 'query' });

/** Users of spec §7: registrarUser/* and institution/organizationUserSearch. */
export async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: app.db, jobs: app.jobs, config: app.config });

  r.post('/api/registrarUser/searchUser', {
    schema: { tags, body: SearchUserBody, response: { 200: SearchUserResponse, ...errors } },
    config: { access: { rule: 'viewUsers', org: 'body', actAs: 'read' } },
    handler: (req) => searchUsers(req.server.db, req.body),
  });

  r.get('/api/institution/organizationUserSearch', {
    schema: {
      tags,
      querystring: OrganizationUserSearchQuery,
      response: { 200: SearchUserResponse, ...errors },
    },
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

  r.post('/api/registrarUser/piUser/:id', {
    schema: {
      tags,
      description:
        'Account request: creates a pending user of institution `id` and e-mails setup instructions.',
      params: CreatePiUserParams,
      body: CreatePiUserBody,
      response: { 201: UserWriteResponse, ...errors },
    },
    config: { access: { rule: 'editUsers', org: entityOrg('institution', 'params', 'id') } },
    handler: async (req, reply) =>
      reply
        .code(201)
        .send(
          await createPiUser(
            deps(),
            actorOf(req),
            req.params.id,
            req.body,
            namedLocale(req.headers['accept-language']),
          ),
        ),
  });

  r.put('/api/registrarUser/piUser', {
    schema: {
      tags,
      querystring: EditPiUserQuery,
      body: EditPiUserBody,
      response: { 200: UserWriteResponse, ...errors },
    },
    config: {
      access: { rule: 'editUsers', org: entityOrg('user', 'body', 'userId', { within: 'query' }) },
    },
    handler: (req) => editPiUser(req.server.db, actorOf(req), req.query.organizationId, req.body),
  });

  r.put('/api/registrarUser/piUser/:id/status', {
    schema: {
      tags,
      description: 'Deactivates (no sign-in, sessions end) or reactivates an account.',
      params: UserIdParams,
      querystring: UserOrgQuery,
      body: AccountStatusBody,
      response: { 200: AccountStatusResponse, ...errors },
    },
    config: { access: { rule: 'editUsers', org: userOfInstitution } },
    handler: (req) =>
      setAccountStatus(req.server.db, actorOf(req), req.query.organizationId, req.params.id, req.body),
  });

  r.delete('/api/registrarUser/piUser/:id/institution', {
    schema: {
      tags,
      description:
        'Removes the user from the institution (membership and role there; the account stays). Restorable from the recycle bin.',
      params: UserIdParams,
      querystring: UserOrgQuery,
      response: { 200: InstitutionRemovalResponse, ...errors },
    },
    config: { access: { rule: 'editUsers', org: userOfInstitution } },
    handler: (req) =>
      removeFromInstitution(req.server.db, actorOf(req), req.query.organizationId, req.params.id),
  });

  r.post('/api/registrarUser/piUser/:id/notify', {
    schema: {
      tags,
      params: UserIdParams,
      querystring: UserOrgQuery,
      response: { 200: NotifyResponse, ...errors },
    },
    config: { access: { rule: 'editUsers', org: userOfInstitution } },
    handler: (req) => notifyUser(deps(), actorOf(req), req.query.organizationId, req.params.id),
  });

  r.get('/api/registrarUser/getPiUser/:id', {
    schema: {
      tags,
      params: UserIdParams,
      querystring: UserOrgQuery,
      response: { 200: GetPiUserResponse, ...errors },
    },
    config: { access: { rule: 'viewUsers', org: userOfInstitution } },
    handler: (req) => getPiUser(req.server.db, actorOf(req), req.query.organizationId, req.params.id),
  });

  r.get('/api/registrarUser/userSectionAssociation/:id', {
    schema: {
      tags,
      params: UserIdParams,
      querystring: UserOrgQuery,
      response: { 200: UserSectionAssociationResponse, ...errors },
    },
    config: { access: { rule: 'viewUsers', org: userOfInstitution } },
    handler: (req) => sectionAssociations(req.server.db, req.query.organizationId, req.params.id),
  });

  r.post('/api/registrarUser/addUser2Institution', {
    schema: { tags, body: AddUserBody, response: { 201: AddUsersResponse, ...errors } },
    config: { access: { rule: 'editUsers', org: 'body' } },
    handler: async (req, reply) =>
      reply.code(201).send(await addUserToInstitution(req.server.db, actorOf(req), req.body)),
  });

  r.post('/api/registrarUser/addUsers2Institution', {
    schema: { tags, body: AddUsersBody, response: { 201: AddUsersResponse, ...errors } },
    config: { access: { rule: 'editUsers', org: 'body' } },
    handler: async (req, reply) =>
      reply.code(201).send(await addUsersToInstitution(req.server.db, actorOf(req), req.body, false)),
  });

  r.get('/api/registrarUser/getUser/:username', {
    schema: { tags, params: GetUserParams, response: { 200: GetUserResponse, ...errors } },
    config: { access: { rule: 'editInternalUsers', org: 'none' } },
    handler: (req) => lookupUser(req.server.db, req.params.username),
  });
}
