import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SectionQuery } from '../../../../shared/contract/courses';
import { CourseRosterSyncResponse } from '../../../../shared/contract/lti-roster';
import { errorResponses } from '../../../lib/error-responses';
import { actorOf, entityOrg } from '../../../plugins/access';
import { courseRosterSync, syncCourseRosterNow } from './lti-roster.service';

const tags = ['lti'];
const section = entityOrg('section', 'query', 'sectionId');

/** The course detail page's NRPS roster sync: its last run, and "Sync roster now" (the console's capability). */
export async function ltiCourseRosterRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/courses/rosterSync', {
    schema: {
      tags,
      description:
        "The course's last roster sync (NRPS): when, counts, last error; null when no LTI launch of it carried NRPS.",
      querystring: SectionQuery,
      response: { 200: CourseRosterSyncResponse, ...errorResponses(401, 403, 404, 422) },
    },
    config: { access: { rule: 'viewInstitution', org: section } },
    handler: (req) => courseRosterSync(req.server.db, actorOf(req), req.query.sectionId),
  });

  r.post('/api/courses/rosterSync', {
    schema: {
      tags,
      description:
        'Sync roster now from the course: reads its LMS course membership (NRPS) and applies it; when it stops, the answer says why and a job retries.',
      querystring: SectionQuery,
      response: { 200: CourseRosterSyncResponse, ...errorResponses(401, 403, 404, 409, 422) },
    },
    config: { access: { rule: 'editLti', org: section } },
    handler: (req) => syncCourseRosterNow(req.server.db, req.server.jobs, actorOf(req), req.query.sectionId),
  });
}
