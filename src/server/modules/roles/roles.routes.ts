import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AddGroupMembersBody,
  ChangeGroupMembersBody,
  CreateGroupBody,
  DeleteGroupBody,
  DeleteGroupResponse,
  GroupIdQuery,
  GroupListQuery,
  GroupListResponse,
  GroupMembersResponse,
  GroupMembersWriteResponse,
  GroupsByMemberQuery,
  GroupsByMemberResponse,
  GroupWriteResponse,
  PlaUrlsResponse,
  RemoveGroupMemberQuery,
  UpdateGroupBody,
} from '../../../shared/contract/roles';
import { actorOf, entityOrg } from '../../plugins/access';
import {
  addGroupMembers,
  changeGroupMembers,
  groupsByMember,
  removeGroupMember,
  roleMembers,
} from './role-members.service';
import { createRole, deleteRole, listRoles, updateRole } from './roles.service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(401, 403, 404, 409, 422);
const tags = ['roles'];

/** Roles (groups) of spec §7 "Roles and internal users": groupAuth/group, groupMember, groupsByMember, plaUrls. */
export async function rolesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/groupAuth/group', {
    schema: { tags, querystring: GroupListQuery, response: { 200: GroupListResponse, ...errors } },
    config: { access: { rule: 'viewRoles', org: entityOrg('institution', 'query', 'contextId') } },
    handler: (req) => listRoles(req.server.db, actorOf(req), req.query.contextId),
  });

  r.post('/api/groupAuth/group', {
    schema: { tags, body: CreateGroupBody, response: { 201: GroupWriteResponse, ...errors } },
    config: { access: { rule: 'editRoles', org: entityOrg('institution', 'body', 'contextId') } },
    handler: async (req, reply) =>
      reply.code(201).send(await createRole(req.server.db, actorOf(req), req.body)),
  });

  r.put('/api/groupAuth/group', {
    schema: {
      tags,
      querystring: GroupIdQuery,
      body: UpdateGroupBody,
      response: { 200: GroupWriteResponse, ...errors },
    },
    config: { access: { rule: 'editRoles', org: entityOrg('role', 'query', 'groupId') } },
    handler: (req) => updateRole(req.server.db, actorOf(req), req.query.groupId, req.body),
  });

  r.delete('/api/groupAuth/group', {
    schema: {
      tags,
      querystring: GroupIdQuery,
      body: DeleteGroupBody,
      response: { 200: DeleteGroupResponse, ...errors },
    },
    config: { access: { rule: 'editRoles', org: entityOrg('role', 'query', 'groupId') } },
    handler: (req) => deleteRole(req.server.db, actorOf(req), req.query.groupId, req.body),
  });

  r.get('/api/groupAuth/groupsByMember', {
    schema: { tags, querystring: GroupsByMemberQuery, response: { 200: GroupsByMemberResponse, ...errors } },
    config: {
      access: {
        rule: 'authenticated',
        org: entityOrg('institution', 'query', 'organizationIdForRole', { optional: true }),
      },
    },
    handler: (req) =>
      groupsByMember(req.server.db, actorOf(req), req.query.memberId, req.query.organizationIdForRole),
  });

  r.get('/api/groupAuth/groupMember', {
    schema: { tags, querystring: GroupIdQuery, response: { 200: GroupMembersResponse, ...errors } },
    config: { access: { rule: 'viewRoles', org: entityOrg('role', 'query', 'groupId') } },
    handler: (req) => roleMembers(req.server.db, req.query.groupId),
  });

  r.post('/api/groupAuth/groupMember', {
    schema: { tags, body: AddGroupMembersBody, response: { 200: GroupMembersWriteResponse, ...errors } },
    config: { access: { rule: 'editGroupMembers', org: entityOrg('group', 'body', 'groupId') } },
    handler: (req) =>
      addGroupMembers(req.server.db, actorOf(req), req.body, req.server.config.internalEmailDomains),
  });

  r.put('/api/groupAuth/groupMember', {
    schema: { tags, body: ChangeGroupMembersBody, response: { 200: GroupMembersWriteResponse, ...errors } },
    config: { access: { rule: 'editRoles', org: entityOrg('role', 'body', 'groupId') } },
    handler: (req) => changeGroupMembers(req.server.db, actorOf(req), req.body),
  });

  r.delete('/api/groupAuth/groupMember', {
    schema: {
      tags,
      querystring: RemoveGroupMemberQuery,
      response: { 200: GroupMembersWriteResponse, ...errors },
    },
    config: { access: { rule: 'editGroupMembers', org: entityOrg('group', 'query', 'groupId') } },
    handler: (req) => removeGroupMember(req.server.db, actorOf(req), req.query.groupId, req.query.memberId),
  });

  r.get('/api/groupAuth/plaUrls', {
    schema: { tags, response: { 200: PlaUrlsResponse, ...errors } },
    config: { access: { rule: 'authenticated', org: 'none' } },
    handler: (req) => ({ urls: req.server.config.urls }),
  });
}
