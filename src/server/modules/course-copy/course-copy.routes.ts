import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CopyCoursesBody,
  CopyCoursesResponse,
  CopyRequestsQuery,
  CopyRequestsResponse,
  CopyStatusQuery,
  CopyStatusResponse,
  CopyValidationQuery,
  CopyValidationResponse,
  CopyValidationsQuery,
  CopyValidationsResponse,
  CreateChildCourseBody,
  CreateChildCourseResponse,
  RetryCopyBody,
  RetryCopyResponse,
} from '../../../shared/contract/course-copy';
import { actorOf } from '../../plugins/access';
import { requestChildCourse, requestCopies, retryCopies } from './copy-request.service';
import { copyStatus, recentCopyRequests } from './copy-status.service';
import { validateSections } from './copy-validation.service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(401, 403, 404, 422);
const deps = (req: FastifyRequest) => ({
  db: req.server.db,
  jobs: req.server.jobs,
  config: req.server.config,
  log: req.log,
});

/** Course copy, child courses, copy status and copy validation (spec §7 Courses). */
export async function courseCopyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/courses/copy', {
    schema: {
      tags: ['course-copy'],
      body: CopyCoursesBody,
      response: { 200: CopyCoursesResponse, ...errors },
    },
    config: { access: { rule: 'copyCourses', org: 'body' } },
    handler: (req) => requestCopies(deps(req), actorOf(req), req.body),
  });

  r.post('/api/courses/createChildCourse', {
    schema: {
      tags: ['course-copy'],
      body: CreateChildCourseBody,
      response: { 200: CreateChildCourseResponse, ...errors },
    },
    config: { access: { rule: 'copyCourses', org: 'body' } },
    handler: (req) => requestChildCourse(deps(req), actorOf(req), req.body),
  });

  r.get('/api/courses/copy/status', {
    schema: {
      tags: ['course-copy'],
      querystring: CopyStatusQuery,
      response: { 200: CopyStatusResponse, ...errors },
    },
    config: { access: { rule: 'copyCourses', org: 'query' } },
    handler: (req) => copyStatus(req.server.db, actorOf(req), req.query),
  });

  r.get('/api/courses/copy/requests', {
    schema: {
      tags: ['course-copy'],
      querystring: CopyRequestsQuery,
      response: { 200: CopyRequestsResponse, ...errors },
    },
    config: { access: { rule: 'copyCourses', org: 'query' } },
    handler: (req) => recentCopyRequests(req.server.db, actorOf(req), req.query),
  });

  r.post('/api/courses/copy/retry', {
    schema: {
      tags: ['course-copy'],
      body: RetryCopyBody,
      response: { 200: RetryCopyResponse, ...errorResponses(401, 403, 404, 409, 422) },
    },
    config: { access: { rule: 'copyCourses', org: 'body' } },
    handler: (req) => retryCopies(deps(req), actorOf(req), req.body),
  });

  r.get('/api/courses/courseCopyValidation', {
    schema: {
      tags: ['course-copy'],
      querystring: CopyValidationQuery,
      response: { 200: CopyValidationResponse, ...errors },
    },
    config: { access: { rule: 'copyCourses', org: 'query' } },
    handler: async (req) => {
      const [result] = await validateSections(req.server.db, actorOf(req), {
        organizationId: req.query.organizationId,
        sectionIds: [req.query.sectionId],
        userContextId: req.query.userContextId,
        context: req.query.context,
      });
      return result;
    },
  });

  r.get('/api/courses/copyCourseValidations', {
    schema: {
      tags: ['course-copy'],
      querystring: CopyValidationsQuery,
      response: { 200: CopyValidationsResponse, ...errors },
    },
    config: { access: { rule: 'copyCourses', org: 'query' } },
    handler: async (req) => {
      const validations = await validateSections(req.server.db, actorOf(req), {
        organizationId: req.query.organizationId,
        sectionIds: req.query.sectionIds,
        userContextId: req.query.userContextId,
        context: req.query.context,
      });
      return { valid: validations.every((v) => v.valid), validations };
    },
  });
}
