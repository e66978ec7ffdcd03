import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CompareOffersBody,
  CompareOffersExportQuery,
  OFFERS_CSV_FILE,
  OfferDetailResponse,
  OfferParams,
  OffersQuery,
  OffersResponse,
} from '../../../shared/contract/offers';
import { CsvResponse } from '../../../shared/contract/reports';
import { sendCsv } from '../../lib/csv';
import { errorResponses } from '../../lib/error-responses';
import { entityOrg } from '../../plugins/access';
import { compareOffers, institutionOffers, offerDetail, offersCsv, productOffers } from './offers.service';

const errors = errorResponses(401, 403, 404, 422);
const tags = ['offers'];
const view = { rule: 'viewOffers', org: 'query' } as const;
/** Several institutions at once: staff flags and internal users (org 'none'). */
const compare = { rule: 'compareOffers', org: 'none' } as const;

/** The Offers area (spec §2 /offers, §7 institution offers, product/productOffers, product/getProductOffers). */
export async function offerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/institution/offers', {
    schema: {
      tags,
      description:
        'The institution\'s offers, 10 a page, filtered, searched and sorted. 404 "No offers available for this Organization" when it has none.',
      querystring: OffersQuery,
      response: { 200: OffersResponse, ...errors },
    },
    config: { access: view },
    handler: (req) => institutionOffers(req.server.db, req.query.organizationId, req.query),
  });

  r.get('/api/institution/offers/export', {
    schema: {
      tags,
      description: `${OFFERS_CSV_FILE}: the institution's offers with the list's filters, as CSV (text/csv).`,
      querystring: OffersQuery.omit({ page: true }),
      produces: ['text/csv'],
      response: { 200: CsvResponse, ...errors },
    },
    config: { access: view },
    handler: async (req, reply) => {
      const out = await offersCsv(req.server.db, [req.query.organizationId], req.query);
      return sendCsv(reply, out.fileName, out.columns, out.rows);
    },
  });

  r.get('/api/institution/offers/:offerId', {
    schema: {
      tags,
      description:
        "One offer (the /offers/:id page): its fields, its product, the institution's courses (sections) using that product with their census dates, and the LMS course pairings using it. 404 error.offerNotFound for an unknown id; 403 for an offer of an institution the caller may not see.",
      params: OfferParams,
      response: { 200: OfferDetailResponse, ...errors },
    },
    config: { access: { rule: 'viewOffers', org: entityOrg('offer', 'params', 'offerId') } },
    handler: (req) => offerDetail(req.server.db, req.params.offerId),
  });

  r.get('/api/product/productOffers', {
    schema: {
      tags,
      description:
        "The institution's offers as the Products page lists them: an empty page when it has none.",
      querystring: OffersQuery,
      response: { 200: OffersResponse, ...errors },
    },
    config: { access: view },
    handler: (req) => productOffers(req.server.db, req.query.organizationId, req.query),
  });

  r.post('/api/product/getProductOffers', {
    schema: {
      tags,
      description: 'The offers of several institutions in one list (staff flags and internal users).',
      body: CompareOffersBody,
      response: { 200: OffersResponse, ...errors },
    },
    config: { access: { ...compare, actAs: 'read' } },
    handler: (req) => compareOffers(req.server.db, req.body),
  });

  r.get('/api/product/getProductOffers/export', {
    schema: {
      tags,
      description: `${OFFERS_CSV_FILE}: the compared institutions' offers with the list's filters, as CSV (text/csv).`,
      querystring: CompareOffersExportQuery,
      produces: ['text/csv'],
      response: { 200: CsvResponse, ...errors },
    },
    config: { access: compare },
    handler: async (req, reply) => {
      const out = await offersCsv(req.server.db, req.query.organizationIds, req.query);
      return sendCsv(reply, out.fileName, out.columns, out.rows);
    },
  });
}
