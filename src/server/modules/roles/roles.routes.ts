import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '../../../shared/contract/common';
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
import { actorOf } from '../../plugins/access';
import {
  addGroupMembers,
  changeGroupMembers,
  groupsByMember,
  removeGroupMember,
  roleMembers,
} from './role-members.service';
import { groupOfBody, groupOfQuery, roleOfBody, roleOfQuery } from './roles.rules';
import { createRole, deleteRole, listRoles, updateRole } from './roles.service';

const errors = {
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  422: ErrorResponse,
};
const tags = ['roles'];
const contextOfQuery = (req: { query: unknown }) => Number((req.query as { contextId?: unknown }).contextId);
const contextOfBody = (req: { body: unknown }) => Number((req.body as { contextId?: unknown }).contextId);
const orgForRole = (req: { query: unknown }) => {
  const v = (req.query as { organizationIdForRole?: number }).organizationIdForRole;
  return v === undefined ? undefined : Number(v);
};

/** Roles (groups) of spec §7 "Roles and internal users": groupAuth/group, groupMember, groupsByMember, plaUrls. */
export async function rolesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/groupAuth/group', {
    schema: { tags, querystring: GroupListQuery, response: { 200: GroupListResponse, ...errors } },
    config: { access: { rule: 'viewRoles', org: contextOfQuery } },
    handler: (req) => listRoles(req.server.db, actorOf(req), req.query.contextId),
  });

  r.post('/api/groupAuth/group', {
    schema: { tags, body: CreateGroupBody, response: { 201: GroupWriteResponse, ...errors } },
    config: { access: { rule: 'editRoles', org: contextOfBody } },
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
    config: { access: { rule: 'editRoles', org: roleOfQuery } },
    handler: (req) => updateRole(req.server.db, actorOf(req), req.query.groupId, req.body),
  });

  r.delete('/api/groupAuth/group', {
    schema: {
      tags,
      querystring: GroupIdQuery,
      body: DeleteGroupBody,
      response: { 200: DeleteGroupResponse, ...errors },
    },
    config: { access: { rule: 'editRoles', org: roleOfQuery } },
    handler: (req) => deleteRole(req.server.db, actorOf(req), req.query.groupId, req.body),
  });

  r.get('/api/groupAuth/groupsByMember', {
    schema: { tags, querystring: GroupsByMemberQuery, response: { 200: GroupsByMemberResponse, ...errors } },
    config: { access: { rule: 'authenticated', org: orgForRole } },
    handler: (req) =>
      groupsByMember(req.server.db, actorOf(req), req.query.memberId, req.query.organizationIdForRole),
  });

  r.get('/api/groupAuth/groupMember', {
    schema: { tags, querystring: GroupIdQuery, response: { 200: GroupMembersResponse, ...errors } },
    config: { access: { rule: 'viewRoles', org: roleOfQuery } },
    handler: (req) => roleMembers(req.server.db, req.query.groupId),
  });

  r.post('/api/groupAuth/groupMember', {
    schema: { tags, body: AddGroupMembersBody, response: { 200: GroupMembersWriteResponse, ...errors } },
    config: { access: { rule: 'editGroupMembers', org: groupOfBody } },
    handler: (req) => addGroupMembers(req.server.db, actorOf(req), req.body),
  });

  r.put('/api/groupAuth/groupMember', {
    schema: { tags, body: ChangeGroupMembersBody, response: { 200: GroupMembersWriteResponse, ...errors } },
    config: { access: { rule: 'editRoles', org: roleOfBody } },
    handler: (req) => changeGroupMembers(req.server.db, actorOf(req), req.body),
  });

  r.delete('/api/groupAuth/groupMember', {
    schema: {
      tags,
      querystring: RemoveGroupMemberQuery,
      response: { 200: GroupMembersWriteResponse, ...errors },
    },
    config: { access: { rule: 'editGroupMembers', org: groupOfQuery } },
    handler: (req) => removeGroupMember(req.server.db, actorOf(req), req.query.groupId, req.query.memberId),
  });

  r.get('/api/groupAuth/plaUrls', {
    schema: { tags, response: { 200: PlaUrlsResponse, ...errors } },
    config: { access: { rule: 'authenticated', org: 'none' } },
    handler: (req) => ({ urls: req.server.config.urls }),
  });
}
