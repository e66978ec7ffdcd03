import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DropBody,
  DropResponse,
  ExtendTrialBody,
  ExtendTrialResponse,
  OptChangeBody,
  OptChangeResponse,
  ResendAccessMailBody,
  ResendAccessMailResponse,
  SectionActionQuery,
} from '../../../shared/contract/inclusive-access';
import { errorResponses } from '../../lib/error-responses';
import { actorOf, entityOrg } from '../../plugins/access';
import { changeOptStatus, extendTrial, removeEnrollment, resendAccessMail } from './ia.service';

const tags = ['inclusive-access'];
const errors = errorResponses(401, 403, 404, 422);
const course = entityOrg('section', 'query', 'sectionId');

/** Roster row actions of inclusive access: opt status (and late override), trial, access mail, drop. */
export async function inclusiveAccessRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/inclusive-access/opt-status', {
    schema: {
      tags,
      querystring: SectionActionQuery,
      body: OptChangeBody,
      response: { 200: OptChangeResponse, ...errors },
    },
    config: { access: { rule: 'editOptStatus', org: course } },
    handler: (req) =>
      changeOptStatus(req.server.db, actorOf(req), req.query.sectionId, req.body, req.server.now()),
  });

  r.post('/api/inclusive-access/extend-trial', {
    schema: {
      tags,
      querystring: SectionActionQuery,
      body: ExtendTrialBody,
      response: { 200: ExtendTrialResponse, ...errors },
    },
    config: { access: { rule: 'editOptStatus', org: course } },
    handler: (req) =>
      extendTrial(req.server.db, actorOf(req), req.query.sectionId, req.body, req.server.now()),
  });

  r.post('/api/inclusive-access/access-mail', {
    schema: {
      tags,
      querystring: SectionActionQuery,
      body: ResendAccessMailBody,
      response: { 200: ResendAccessMailResponse, ...errors },
    },
    config: { access: { rule: 'editOptStatus', org: course } },
    handler: (req) =>
      resendAccessMail(
        req.server.db,
        req.server.jobs,
        actorOf(req),
        req.query.sectionId,
        req.body.enrollmentId,
        req.server.now(),
      ),
  });

  r.post('/api/inclusive-access/drop', {
    schema: {
      tags,
      querystring: SectionActionQuery,
      body: DropBody,
      response: { 200: DropResponse, ...errors },
    },
    config: { access: { rule: 'editOptStatus', org: course } },
    handler: (req) =>
      removeEnrollment(req.server.db, actorOf(req), req.query.sectionId, req.body, req.server.now()),
  });
}
