import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OFFERS_CSV_FILE, offersApi } from '../../../shared/contract/offers';
import { CsvResponse } from '../../../shared/contract/reports';
import { sendCsv } from '../../lib/csv';
import { errorResponses } from '../../lib/error-responses';
import { routeOptions } from '../../lib/route-options';
import { entityOrg } from '../../plugins/access';
import { compareOffers, institutionOffers, offerDetail, offersCsv, productOffers } from './offers.service';

const errors = errorResponses(401, 403, 404, 422);
const options = { tags: ['offers'], errors };
/** The CSV exports document their body as a string. */
const csvOptions = { tags: ['offers'], errors: { 200: CsvResponse, ...errors } };
const view = { rule: 'viewOffers', org: 'query' } as const;
/** Several institutions at once: staff flags and internal users (org 'none'). */
const compare = { rule: 'compareOffers', org: 'none' } as const;

/** The Offers area (spec §2 /offers, §7 institution offers, product/productOffers, product/getProductOffers). */
export async function offerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOptions(offersApi.list, options, {
      description:
        'The institution\'s offers, 10 a page, filtered, searched and sorted. 404 "No offers available for this Organization" when it has none.',
    }),
    config: { access: view },
    handler: (req) => institutionOffers(req.server.db, req.query.organizationId, req.query),
  });

  r.route({
    ...routeOptions(offersApi.export, csvOptions, {
      description: `${OFFERS_CSV_FILE}: the institution's offers with the list's filters, as CSV (text/csv).`,
      produces: ['text/csv'],
    }),
    config: { access: view },
    handler: async (req, reply) => {
      const out = await offersCsv(req.server.db, [req.query.organizationId], req.query);
      return sendCsv(reply, out.fileName, out.columns, out.rows);
    },
  });

  r.route({
    ...routeOptions(offersApi.detail, options, {
      description:
        "One offer (the /offers/:id page): its fields, its product, the institution's courses (sections) using that product with their census dates, and the LMS course pairings using it. 404 error.offerNotFound for an unknown id; 403 for an offer of an institution the caller may not see.",
    }),
    config: { access: { rule: 'viewOffers', org: entityOrg('offer', 'params', 'offerId') } },
    handler: (req) => offerDetail(req.server.db, req.params.offerId),
  });

  r.route({
    ...routeOptions(offersApi.productOffers, options, {
      description:
        "The institution's offers as the Products page lists them: an empty page when it has none.",
    }),
    config: { access: view },
    handler: (req) => productOffers(req.server.db, req.query.organizationId, req.query),
  });

  r.route({
    ...routeOptions(offersApi.compare, options, {
      description: 'The offers of several institutions in one list (staff flags and internal users).',
    }),
    config: { access: { ...compare, actAs: 'read' } },
    handler: (req) => compareOffers(req.server.db, req.body),
  });

  r.route({
    ...routeOptions(offersApi.compareExport, csvOptions, {
      description: `${OFFERS_CSV_FILE}: the compared institutions' offers with the list's filters, as CSV (text/csv).`,
      produces: ['text/csv'],
    }),
    config: { access: compare },
    handler: async (req, reply) => {
      const out = await offersCsv(req.server.db, req.query.organizationIds, req.query);
      return sendCsv(reply, out.fileName, out.columns, out.rows);
    },
  });
}
