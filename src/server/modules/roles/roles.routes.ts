import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rolesApi } from '../../../shared/contract/roles';
import { errorResponses } from '../../lib/error-responses';
import { routeOptions } from '../../lib/route-options';
import { actorOf, entityOrg } from '../../plugins/access';
import {
  addGroupMembers,
  changeGroupMembers,
  groupsByMember,
  removeGroupMember,
  roleMembers,
} from './role-members.service';
import { createRole, deleteRole, listRoles, updateRole } from './roles.service';

const options = { tags: ['roles'], errors: errorResponses(401, 403, 404, 409, 422) };

/** Roles (groups) of spec §7 "Roles and internal users": groupAuth/group, groupMember, groupsByMember, plaUrls. */
export async function rolesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOptions(rolesApi.list, options),
    config: { access: { rule: 'viewRoles', org: entityOrg('institution', 'query', 'contextId') } },
    handler: (req) => listRoles(req.server.db, actorOf(req), req.query.contextId),
  });

  r.route({
    ...routeOptions(rolesApi.create, options),
    config: {
      access: {
        rule: 'editRoles',
        org: entityOrg('role', 'body', 'copyFromGroupId', { within: 'body.contextId', optional: true }),
      },
    },
    handler: async (req, reply) =>
      reply.code(201).send(await createRole(req.server.db, actorOf(req), req.body)),
  });

  r.route({
    ...routeOptions(rolesApi.update, options),
    config: { access: { rule: 'editRoles', org: entityOrg('role', 'query', 'groupId') } },
    handler: (req) => updateRole(req.server.db, actorOf(req), req.query.groupId, req.body),
  });

  r.route({
    ...routeOptions(rolesApi.remove, options),
    config: { access: { rule: 'editRoles', org: entityOrg('role', 'query', 'groupId') } },
    handler: (req) => deleteRole(req.server.db, actorOf(req), req.query.groupId, req.body),
  });

  r.route({
    ...routeOptions(rolesApi.byMember, options),
    config: {
      access: {
        rule: 'authenticated',
        org: entityOrg('institution', 'query', 'organizationIdForRole', { optional: true }),
      },
    },
    handler: (req) =>
      groupsByMember(req.server.db, actorOf(req), req.query.memberId, req.query.organizationIdForRole),
  });

  r.route({
    ...routeOptions(rolesApi.members, options),
    config: { access: { rule: 'viewRoles', org: entityOrg('role', 'query', 'groupId') } },
    handler: (req) => roleMembers(req.server.db, req.query.groupId),
  });

  r.route({
    ...routeOptions(rolesApi.addMembers, options),
    config: { access: { rule: 'editGroupMembers', org: entityOrg('group', 'body', 'groupId') } },
    handler: (req) =>
      addGroupMembers(req.server.db, actorOf(req), req.body, req.server.config.internalEmailDomains),
  });

  r.route({
    ...routeOptions(rolesApi.changeMembers, options),
    config: { access: { rule: 'editRoles', org: entityOrg('role', 'body', 'groupId') } },
    handler: (req) => changeGroupMembers(req.server.db, actorOf(req), req.body),
  });

  r.route({
    ...routeOptions(rolesApi.removeMember, options),
    config: { access: { rule: 'editGroupMembers', org: entityOrg('group', 'query', 'groupId') } },
    handler: (req) => removeGroupMember(req.server.db, actorOf(req), req.query.groupId, req.query.memberId),
  });

  r.route({
    ...routeOptions(rolesApi.plaUrls, options),
    config: { access: { rule: 'authenticated', org: 'none' } },
    handler: (req) => ({ urls: req.server.config.urls }),
  });
}
