import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ActAsCandidatesQuery,
  ActAsCandidatesResponse,
  StartActAsBody,
  StartActAsResponse,
} from '../../../shared/contract/act-as';
import { OkResponse } from '../../../shared/contract/common';
import { errorResponses } from '../../lib/error-responses';
import { actorOf } from '../../plugins/access';
import { listCandidates, startActAs, stopActAs } from './act-as.service';

/** Act-as for support: start, stop, and whom one may act as. */
export async function actAsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/act-as/start', {
    schema: {
      tags: ['act-as'],
      body: StartActAsBody,
      response: { 200: StartActAsResponse, ...errorResponses(401, 403, 404, 409, 422) },
    },
    config: {
      access: { rule: 'actAs', org: 'body', actAs: 'start' },
    },
    handler: (req) => startActAs(req.server.db, actorOf(req), req.body, req.server.now()),
  });

  r.post('/api/act-as/stop', {
    schema: { tags: ['act-as'], response: { 200: OkResponse, ...errorResponses(401, 403) } },
    config: { access: { rule: 'authenticated', org: 'none', actAs: 'exempt' } },
    handler: async (req) => {
      await stopActAs(req.server.db, actorOf(req), req.authSession?.acting ?? null);
      return { status: 'OK' as const };
    },
  });

  r.get('/api/act-as/candidates', {
    schema: {
      tags: ['act-as'],
      querystring: ActAsCandidatesQuery,
      response: { 200: ActAsCandidatesResponse, ...errorResponses(401, 403, 404, 422) },
    },
    config: { access: { rule: 'actAs', org: 'query' } },
    handler: (req) => listCandidates(req.server.db, actorOf(req), req.query),
  });
}
