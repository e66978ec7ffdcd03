import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CgCourseDetailsParams,
  ChildCourseDetailsQuery,
  ChildListQuery,
  ChildListResponse,
  CourseDetailsQuery,
  CourseDetailsResponse,
  CourseListResponse,
  CourseSearchQuery,
  CreateCourseBody,
  CreateCourseResponse,
  DeleteCourseQuery,
  DeleteCourseResponse,
  EditInstructorBody,
  EditInstructorResponse,
  EditSectionBody,
  EditSectionResponse,
  InstructorListResponse,
  SectionQuery,
} from '../../../shared/contract/courses';
import { actorOf, entityOrg } from '../../plugins/access';
import {
  cgCourseDetails,
  childCourseDetails,
  childList,
  courseDetails,
  listCourses,
  sectionInstructors,
} from './course-read.service';
import { createCourse, deleteCourse, editInstructors, editSection } from './course-write.service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(401, 403, 404, 422);
const writeErrors = errorResponses(401, 403, 404, 409, 422);
const tags = ['courses'];

export async function courseRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/courses/courseSearch', {
    schema: { tags, querystring: CourseSearchQuery, response: { 200: CourseListResponse, ...errors } },
    config: { access: { rule: 'viewInstitution', org: 'query' } },
    handler: (req) => listCourses(req.server.db, actorOf(req), req.query),
  });

  r.get('/api/courses/details', {
    schema: { tags, querystring: CourseDetailsQuery, response: { 200: CourseDetailsResponse, ...errors } },
    config: { access: { rule: 'viewInstitution', org: entityOrg('section', 'query', 'sectionId') } },
    handler: (req) => courseDetails(req.server.db, actorOf(req), req.query.sectionId, req.query.pairingId),
  });

  r.get('/api/courses/childCourseDetails', {
    schema: {
      tags,
      querystring: ChildCourseDetailsQuery,
      response: { 200: CourseDetailsResponse, ...errors },
    },
    config: { access: { rule: 'viewInstitution', org: entityOrg('section', 'query', 'sectionId') } },
    handler: (req) => childCourseDetails(req.server.db, actorOf(req), req.query.sectionId),
  });

  r.get('/api/courses/childList', {
    schema: { tags, querystring: ChildListQuery, response: { 200: ChildListResponse, ...errors } },
    config: {
      access: {
        rule: 'viewInstitution',
        org: entityOrg('section', 'query', 'masterCourseId'),
      },
    },
    handler: (req) => childList(req.server.db, req.query.masterCourseId),
  });

  r.get('/api/courses/cgcourses/details/:organizationId/:sectionId', {
    schema: { tags, params: CgCourseDetailsParams, response: { 200: CourseDetailsResponse, ...errors } },
    config: { access: { rule: 'viewInstitution', org: 'params' } },
    handler: (req) =>
      cgCourseDetails(req.server.db, actorOf(req), req.params.organizationId, req.params.sectionId),
  });

  r.get('/api/courses/instructor', {
    schema: { tags, querystring: SectionQuery, response: { 200: InstructorListResponse, ...errors } },
    config: { access: { rule: 'viewInstitution', org: entityOrg('section', 'query', 'sectionId') } },
    handler: (req) => sectionInstructors(req.server.db, req.query.sectionId),
  });

  r.put('/api/courses/editSection', {
    schema: { tags, body: EditSectionBody, response: { 200: EditSectionResponse, ...writeErrors } },
    config: { access: { rule: 'editCourses', org: entityOrg('section', 'body', 'sectionId') } },
    handler: (req) => editSection(req.server.db, actorOf(req), req.body),
  });

  r.put('/api/courses/instructor', {
    schema: { tags, body: EditInstructorBody, response: { 200: EditInstructorResponse, ...writeErrors } },
    config: { access: { rule: 'editCourses', org: entityOrg('section', 'body', 'sectionId') } },
    handler: (req) => editInstructors(req.server.db, actorOf(req), req.body),
  });

  r.delete('/api/courses/delete', {
    schema: { tags, querystring: DeleteCourseQuery, response: { 200: DeleteCourseResponse, ...writeErrors } },
    config: { access: { rule: 'deleteCourses', org: entityOrg('section', 'query', 'sectionId') } },
    handler: (req) => deleteCourse(req.server.db, actorOf(req), req.query.sectionId),
  });

  r.post('/api/courses/createCourse', {
    schema: { tags, body: CreateCourseBody, response: { 200: CreateCourseResponse, ...writeErrors } },
    config: { access: { rule: 'editCourses', org: 'body' } },
    handler: (req) => createCourse(req.server.db, actorOf(req), req.body),
  });
}
