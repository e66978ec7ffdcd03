import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ltiRosterApi } from '../../../../shared/contract/lti-roster';
import { errorResponses } from '../../../lib/error-responses';
import { routeOptions } from '../../../lib/route-options';
import { actorOf, entityOrg } from '../../../plugins/access';
import { courseRosterSync, syncCourseRosterNow } from './lti-roster.service';

const section = entityOrg('section', 'query', 'sectionId');

/** The course detail page's NRPS roster sync: its last run, and "Sync roster now" (the console's capability). */
export async function ltiCourseRosterRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOptions(
      ltiRosterApi.courseSync,
      { tags: ['lti'], errors: errorResponses(401, 403, 404, 422) },
      {
        description:
          "The course's last roster sync (NRPS): when, counts, last error; null when no LTI launch of it carried NRPS.",
      },
    ),
    config: { access: { rule: 'viewInstitution', org: section } },
    handler: (req) => courseRosterSync(req.server.db, actorOf(req), req.query.sectionId),
  });

  r.route({
    ...routeOptions(
      ltiRosterApi.syncCourse,
      {
        tags: ['lti'],
        errors: errorResponses(401, 403, 404, 409, 422),
      },
      {
        description:
          'Sync roster now from the course: reads its LMS course membership (NRPS) and applies it; when it stops, the answer says why and a job retries.',
      },
    ),
    config: { access: { rule: 'editLti', org: section } },
    handler: (req) => syncCourseRosterNow(req.server.db, req.server.jobs, actorOf(req), req.query.sectionId),
  });
}
