import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { coursesApi } from '../../../shared/contract/courses';
import { errorResponses } from '../../lib/error-responses';
import { routeOptions } from '../../lib/route-options';
import { actorOf, entityOrg } from '../../plugins/access';
import { requireInstitution } from '../institutions';
import {
  childCourseDetails,
  childList,
  courseDetails,
  listCourses,
  masterAndChildList,
  sectionInstructors,
} from './course-read.service';
import { createCourse, deleteCourse, editInstructors, editSection } from './course-write.service';

const options = { tags: ['courses'], errors: errorResponses(401, 403, 404, 422) };
const writeOptions = { tags: ['courses'], errors: errorResponses(401, 403, 404, 409, 422) };
// the institution page's course lists sit under the spec's /api/institution paths
const listOptions = { tags: ['institutions'], errors: errorResponses(401, 403, 404, 422) };

/** The institution page's course lists (first, at the spec's /api/institution paths), then spec §7 Courses. */
export async function courseRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOptions(coursesApi.list, listOptions),
    config: { access: { rule: 'viewInstitution', org: 'query' } },
    handler: (req) => listCourses(req.server.db, actorOf(req), req.query),
  });

  r.route({
    ...routeOptions(coursesApi.masterChildList, listOptions),
    config: { access: { rule: 'viewInstitution', org: 'query' } },
    handler: async (req) => {
      await requireInstitution(req.server.db, req.query.organizationId);
      return masterAndChildList(req.server.db, req.query.organizationId, req.query);
    },
  });

  r.route({
    ...routeOptions(coursesApi.search, options),
    config: { access: { rule: 'viewInstitution', org: 'query' } },
    handler: (req) => listCourses(req.server.db, actorOf(req), req.query),
  });

  r.route({
    ...routeOptions(coursesApi.details, options),
    config: { access: { rule: 'viewInstitution', org: entityOrg('section', 'query', 'sectionId') } },
    handler: (req) => courseDetails(req.server.db, actorOf(req), req.query.sectionId, req.query.pairingId),
  });

  r.route({
    ...routeOptions(coursesApi.childDetails, options),
    config: { access: { rule: 'viewInstitution', org: entityOrg('section', 'query', 'sectionId') } },
    handler: (req) => childCourseDetails(req.server.db, actorOf(req), req.query.sectionId),
  });

  r.route({
    ...routeOptions(coursesApi.childList, options),
    config: { access: { rule: 'viewInstitution', org: entityOrg('section', 'query', 'masterCourseId') } },
    handler: (req) => childList(req.server.db, req.query.masterCourseId),
  });

  r.route({
    ...routeOptions(coursesApi.cgDetails, options),
    config: {
      access: {
        rule: 'viewInstitution',
        org: entityOrg('section', 'params', 'sectionId', { within: 'params' }),
      },
    },
    handler: (req) => courseDetails(req.server.db, actorOf(req), req.params.sectionId),
  });

  r.route({
    ...routeOptions(coursesApi.instructors, options),
    config: { access: { rule: 'viewInstitution', org: entityOrg('section', 'query', 'sectionId') } },
    handler: (req) => sectionInstructors(req.server.db, req.query.sectionId),
  });

  r.route({
    ...routeOptions(coursesApi.editSection, writeOptions),
    config: { access: { rule: 'editCourses', org: entityOrg('section', 'body', 'sectionId') } },
    handler: (req) => editSection(req.server.db, actorOf(req), req.body),
  });

  r.route({
    ...routeOptions(coursesApi.editInstructors, writeOptions),
    config: { access: { rule: 'editCourses', org: entityOrg('section', 'body', 'sectionId') } },
    handler: (req) => editInstructors(req.server.db, actorOf(req), req.body),
  });

  r.route({
    ...routeOptions(coursesApi.remove, writeOptions),
    config: { access: { rule: 'deleteCourses', org: entityOrg('section', 'query', 'sectionId') } },
    handler: (req) => deleteCourse(req.server.db, actorOf(req), req.query.sectionId),
  });

  r.route({
    ...routeOptions(coursesApi.create, writeOptions),
    config: { access: { rule: 'editCourses', org: 'body' } },
    handler: (req) => createCourse(req.server.db, actorOf(req), req.body),
  });
}
