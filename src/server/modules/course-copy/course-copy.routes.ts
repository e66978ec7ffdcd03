import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { courseCopyApi } from '../../../shared/contract/course-copy';
import { contextOf } from '../../lib/context';
import { errorResponses } from '../../lib/error-responses';
import { routeOptions } from '../../lib/route-options';
import { actorOf, entityOrg, entityOrgList } from '../../plugins/access';
import { requestChildCourse, requestCopies, retryCopies } from './copy-request.service';
import { copyStatus, recentCopyRequests } from './copy-status.service';
import { validateSections } from './copy-validation.service';

const tags = ['course-copy'];
const options = { tags, errors: errorResponses(401, 403, 404, 422) };
const retryOptions = { tags, errors: errorResponses(401, 403, 404, 409, 422) };

/** Sections named in a list of the request: each must be of the institution the request names (else 404). */
const sectionsOf = (from: 'query' | 'body', path: string) =>
  entityOrgList('section', from, path, { within: from });

/** Course copy, child courses, copy status and copy validation (spec §7 Courses). */
export async function courseCopyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOptions(courseCopyApi.copy, options),
    config: { access: { rule: 'copyCourses', org: sectionsOf('body', 'courses[].sectionId') } },
    handler: (req) => requestCopies(contextOf(req), actorOf(req), req.body),
  });

  r.route({
    ...routeOptions(courseCopyApi.createChild, options),
    config: {
      access: {
        rule: 'copyCourses',
        org: entityOrg('section', 'body', 'parentSectionId', { within: 'body' }),
      },
    },
    handler: (req) => requestChildCourse(contextOf(req), actorOf(req), req.body),
  });

  r.route({
    ...routeOptions(courseCopyApi.status, options),
    config: { access: { rule: 'copyCourses', org: 'query' } },
    handler: (req) => copyStatus(req.server.db, actorOf(req), req.query),
  });

  r.route({
    ...routeOptions(courseCopyApi.requests, options),
    config: { access: { rule: 'copyCourses', org: 'query' } },
    handler: (req) => recentCopyRequests(req.server.db, actorOf(req), req.query),
  });

  r.route({
    ...routeOptions(courseCopyApi.retry, retryOptions),
    config: {
      access: { rule: 'copyCourses', org: entityOrgList('copy', 'body', 'ids[]', { within: 'body' }) },
    },
    handler: (req) => retryCopies(contextOf(req), actorOf(req), req.body),
  });

  r.route({
    ...routeOptions(courseCopyApi.validation, options),
    config: {
      access: { rule: 'copyCourses', org: entityOrg('section', 'query', 'sectionId', { within: 'query' }) },
    },
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

  r.route({
    ...routeOptions(courseCopyApi.validations, options),
    config: { access: { rule: 'copyCourses', org: sectionsOf('query', 'sectionIds[]') } },
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
