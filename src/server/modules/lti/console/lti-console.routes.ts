import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CANVAS_CONFIG_FILE, ltiApi } from '../../../../shared/contract/lti';
import { ltiRosterApi } from '../../../../shared/contract/lti-roster';
import { sendDownload } from '../../../lib/csv';
import { errorResponses } from '../../../lib/error-responses';
import { routeOptions } from '../../../lib/route-options';
import { actorOf, entityOrg } from '../../../plugins/access';
import { listRegistrations, registrationDetail } from './lti-console-read.service';
import {
  createRegistration,
  editRegistration,
  removeRegistration,
  rotateRegistrationKey,
  setRegistrationStatus,
} from './lti-console.service';
import { canvasDeveloperKey, createRegistrationLink, toolUrls } from './lti-tool-setup.service';
import { ltiCourseRosterRoutes } from './lti-course-roster.routes';
import { syncRosterNow } from './lti-roster.service';

const options = { tags: ['lti'], errors: errorResponses(401, 403, 404, 422) };
const writeOptions = { tags: ['lti'], errors: errorResponses(401, 403, 404, 409, 422) };
const registration = entityOrg('ltiRegistration', 'params', 'registrationId');
const view = { rule: 'viewLti', org: 'query' } as const;
const viewOne = { rule: 'viewLti', org: registration } as const;
const editOne = { rule: 'editLti', org: registration } as const;

/** The LTI 1.3 integrations console (/ltiIntegrations). The protocol endpoints live under /lti. */
export async function ltiConsoleRoutes(app: FastifyInstance) {
  const r = typed(app);
  await ltiCourseRosterRoutes(app);
  registrationRoutes(r);
  registrationActionRoutes(r);
  toolSetupRoutes(r);
}

/** The app with the contract's zod schemas as route types. */
type Router = ReturnType<typeof typed>;
const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/** List, create, read and edit registrations. */
function registrationRoutes(r: Router) {
  r.route({
    ...routeOptions(ltiApi.list, options, {
      description:
        'Registrations owned by the institution or holding one of its deployments, with status, last launch and last error.',
    }),
    config: { access: view },
    handler: (req) => listRegistrations(req.server.db, actorOf(req), req.query.organizationId),
  });

  r.route({
    ...routeOptions(ltiApi.create, writeOptions, {
      description: 'Adds a registration by hand (Active at once, with its first tool key).',
    }),
    config: { access: { rule: 'editLti', org: 'body' } },
    handler: (req) => createRegistration(req.server.db, actorOf(req), req.body),
  });

  r.route({
    ...routeOptions(ltiApi.detail, options, {
      description: 'One registration, its tool keys (public parts) and its last 100 launches.',
    }),
    config: { access: viewOne },
    handler: (req) =>
      registrationDetail(req.server.db, actorOf(req), req.params.registrationId, req.query.result),
  });

  r.route({
    ...routeOptions(ltiApi.update, writeOptions, {
      description: 'Changes a registration (its institution and status stay).',
    }),
    config: { access: editOne },
    handler: (req) => editRegistration(req.server.db, actorOf(req), req.params.registrationId, req.body),
  });

  r.route({
    ...routeOptions(ltiApi.setStatus, writeOptions, {
      description: 'Approves a Pending registration, disables one (launches stop) or enables it again.',
    }),
    config: { access: editOne },
    handler: (req) =>
      setRegistrationStatus(req.server.db, actorOf(req), req.params.registrationId, req.body.status),
  });
}

/** Delete a registration, rotate its tool key, sync a paired course's roster now. */
function registrationActionRoutes(r: Router) {
  r.route({
    ...routeOptions(ltiApi.remove, writeOptions, {
      description: 'Deletes a registration: its launches stop. 409 while LMS courses are paired through it.',
    }),
    config: { access: editOne },
    handler: (req) => removeRegistration(req.server.db, actorOf(req), req.params.registrationId),
  });

  r.route({
    ...routeOptions(ltiApi.rotateKey, writeOptions, {
      description:
        'Publishes the next signing key in /lti/jwks now; it signs once cached key sets have expired (max-age). The old key signs until then and stays published for the overlap.',
    }),
    config: { access: editOne },
    handler: (req) => rotateRegistrationKey(req.server.db, actorOf(req), req.params.registrationId),
  });

  r.route({
    ...routeOptions(ltiRosterApi.syncPairing, writeOptions, {
      description:
        'Sync roster now: reads the LMS course membership (NRPS) and applies it; when it stops, the answer says why and a job retries with back-off.',
    }),
    config: { access: editOne },
    handler: (req) =>
      syncRosterNow(
        req.server.db,
        req.server.jobs,
        actorOf(req),
        req.params.registrationId,
        req.params.pairingId,
      ),
  });
}

/** The tool's own set-up: a one-time registration link, its URLs, the Canvas developer key. */
function toolSetupRoutes(r: Router) {
  r.route({
    ...routeOptions(ltiApi.createLink, writeOptions, {
      description:
        'A one-time dynamic-registration link (24 h) for the institution; a registration arriving through it is Pending.',
    }),
    config: { access: { rule: 'editLti', org: 'body' } },
    handler: (req) =>
      createRegistrationLink(req.server.db, actorOf(req), req.server.config, req.body.organizationId),
  });

  r.route({
    ...routeOptions(ltiApi.toolConfiguration, options, {
      description: "The tool's login, launch, JWKS, deep-link and registration URLs.",
    }),
    config: { access: view },
    handler: (req) => toolUrls(req.server.config),
  });

  r.route({
    ...routeOptions(ltiApi.canvasConfig, options, {
      description: `${CANVAS_CONFIG_FILE}: the Canvas developer-key JSON (application/json download).`,
      produces: ['application/json'],
    }),
    config: { access: view },
    handler: async (req, reply) => {
      const out = canvasDeveloperKey(req.server.config);
      return sendDownload(
        reply,
        out.fileName,
        'application/json; charset=utf-8',
        JSON.stringify(out.body, null, 2),
      );
    },
  });
}
