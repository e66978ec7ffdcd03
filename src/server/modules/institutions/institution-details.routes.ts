import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OrganizationQuery } from '../../../shared/contract/common';
import {
  CourseCreationInfoResponse,
  DepartmentsResponse,
  InstitutionDataQuery,
  InstitutionDataResponse,
  InstitutionDetails,
  InstructorListForInstitutionResponse,
  LmsMappingResponse,
  MasterChildListQuery,
  MasterChildListResponse,
  OrganizationParams,
  PeopleQuery,
  UsersListForInstitutionResponse,
} from '../../../shared/contract/institutions';
import { actorOf } from '../../plugins/access';
import { listCourses, masterAndChildList } from '../courses';
import {
  courseCreationInfo,
  institutionDepartments,
  institutionDetails,
  institutionInstructors,
  institutionUsers,
  lmsMappings,
  requireInstitution,
} from './institution-details.service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(401, 403, 404, 422);
const tags = ['institutions'];
const view = { rule: 'viewInstitution', org: 'params' } as const;
const viewQ = { rule: 'viewInstitution', org: 'query' } as const;

/** Institution details, people, LMS mappings and course lists (spec §7 Institutions; offers: modules/offers). */
export async function institutionDetailRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/institution/institutionDetails/:organizationId', {
    schema: { tags, params: OrganizationParams, response: { 200: InstitutionDetails, ...errors } },
    config: { access: view },
    handler: (req) => institutionDetails(req.server.db, req.params.organizationId),
  });

  r.get('/api/institution/departments/:organizationId', {
    schema: { tags, params: OrganizationParams, response: { 200: DepartmentsResponse, ...errors } },
    config: { access: view },
    handler: (req) => institutionDepartments(req.server.db, req.params.organizationId),
  });

  r.get('/api/institution/instructorListForInstitution/:organizationId', {
    schema: {
      tags,
      params: OrganizationParams,
      querystring: PeopleQuery,
      response: { 200: InstructorListForInstitutionResponse, ...errors },
    },
    config: { access: view },
    handler: (req) =>
      institutionInstructors(req.server.db, req.params.organizationId, req.query.q, req.query.limit),
  });

  // "Instution" is the spec's spelling of this path.
  r.get('/api/institution/usersListForInstution/:organizationId', {
    schema: {
      tags,
      params: OrganizationParams,
      querystring: PeopleQuery,
      response: { 200: UsersListForInstitutionResponse, ...errors },
    },
    config: { access: view },
    handler: (req) =>
      institutionUsers(req.server.db, req.params.organizationId, req.query.q, req.query.limit),
  });

  r.get('/api/institution/getAllLMSMapping', {
    schema: { tags, querystring: OrganizationQuery, response: { 200: LmsMappingResponse, ...errors } },
    config: { access: { rule: 'viewLmsMappings', org: 'query' } },
    handler: (req) => lmsMappings(req.server.db, req.query.organizationId),
  });

  r.get('/api/organization/:organizationId', {
    schema: { tags, params: OrganizationParams, response: { 200: CourseCreationInfoResponse, ...errors } },
    config: { access: view },
    handler: (req) => courseCreationInfo(req.server.db, req.params.organizationId),
  });

  r.get('/api/institution/institutionData', {
    schema: {
      tags,
      querystring: InstitutionDataQuery,
      response: { 200: InstitutionDataResponse, ...errors },
    },
    config: { access: viewQ },
    handler: (req) => listCourses(req.server.db, actorOf(req), req.query),
  });

  r.get('/api/institution/getMasterAndChildcourseListForInstitution', {
    schema: {
      tags,
      querystring: MasterChildListQuery,
      response: { 200: MasterChildListResponse, ...errors },
    },
    config: { access: viewQ },
    handler: async (req) => {
      await requireInstitution(req.server.db, req.query.organizationId);
      return masterAndChildList(req.server.db, req.query.organizationId, req.query);
    },
  });
}
