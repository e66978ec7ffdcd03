import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { productsApi } from '../../../shared/contract/products';
import { sendCsv } from '../../lib/csv';
import { errorResponses } from '../../lib/error-responses';
import { routeOptions } from '../../lib/route-options';
import { actorOf, entityOrg } from '../../plugins/access';
import { createPairing, getPairing, removePairing, updatePairing } from './pairings.service';
import { prepareExport } from './products-export';
import {
  channelPartnerList,
  listOrganizations,
  listProducts,
  lmsList,
  productByIsbn,
  productDetail,
  searchProducts,
} from './products.service';

const tags = ['products'];
const options = { tags, errors: errorResponses(401, 403, 404, 422) };
const read = { rule: 'viewProducts', org: 'none' } as const;
/** `?pairingId=` is a pairing of the institution `?organizationId=` names, else 404. */
const pairingOfInstitution = entityOrg('pairing', 'query', 'pairingId', { within: 'query' });

/** The Products area (spec §7 "Products"): reads for Products viewers, changes for super admin and nasupport. */
export async function productsRoutes(app: FastifyInstance) {
  const r = typed(app);
  productListRoutes(r);
  pairingRoutes(r);
  pairCourseRoutes(r);
  exportRoutes(r);
}

/** The app with the contract's zod schemas as route types. */
type Router = ReturnType<typeof typed>;
const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/** The organisations, one organisation's products, and one product of an institution. */
function productListRoutes(r: Router) {
  r.route({
    ...routeOptions(productsApi.organizations, { tags, errors: errorResponses(401, 403) }),
    config: { access: read },
    handler: (req) => listOrganizations(req.server.db),
  });

  r.route({
    ...routeOptions(productsApi.list, options),
    config: { access: read },
    handler: (req) => listProducts(req.server.db, actorOf(req), req.params.id, req.query),
  });

  r.route({
    ...routeOptions(productsApi.detail, options),
    config: { access: { rule: 'viewProducts', org: entityOrg('institution', 'params', 'id') } },
    handler: (req) =>
      productDetail(req.server.db, actorOf(req), req.params.id, req.query.urn, req.query.channelPartner),
  });
}

/** Read, change and remove one LMS course pairing. */
function pairingRoutes(r: Router) {
  r.route({
    ...routeOptions(productsApi.pairing, options),
    config: { access: { rule: 'viewProducts', org: entityOrg('pairing', 'query', 'pairingId') } },
    handler: (req) => getPairing(req.server.db, actorOf(req), req.query.pairingId),
  });

  r.route({
    ...routeOptions(productsApi.updatePairing, options),
    config: { access: { rule: 'editProducts', org: pairingOfInstitution } },
    handler: (req) =>
      updatePairing(req.server.db, actorOf(req), req.query.pairingId, req.query.organizationId, req.body),
  });

  r.route({
    ...routeOptions(productsApi.removePairing, options),
    config: { access: { rule: 'editProducts', org: pairingOfInstitution } },
    handler: (req) =>
      removePairing(req.server.db, actorOf(req), req.query.pairingId, req.query.organizationId),
  });
}

/** The pair-a-course wizard: its lookups (products, LMS courses, channel partners) and the pairing it creates. */
function pairCourseRoutes(r: Router) {
  r.route({
    ...routeOptions(productsApi.search, options),
    config: { access: read },
    handler: (req) => searchProducts(req.server.db, req.params.x),
  });

  r.route({
    ...routeOptions(productsApi.byIsbn, options),
    config: { access: read },
    handler: (req) => productByIsbn(req.server.db, req.params.isbn),
  });

  r.route({
    ...routeOptions(productsApi.lmsList, { tags, errors: errorResponses(401, 403, 422) }),
    config: { access: { rule: 'viewProducts', org: 'query' } },
    handler: (req) => lmsList(req.server.db, req.query.organizationId, req.query.q),
  });

  r.route({
    ...routeOptions(productsApi.channelPartners, { tags, errors: errorResponses(401, 403) }),
    config: { access: read },
    handler: (req) => channelPartnerList(req.server.db),
  });

  r.route({
    ...routeOptions(productsApi.createPairing, { tags, errors: errorResponses(401, 403, 404, 409, 422) }),
    config: {
      access: {
        rule: 'editProducts',
        org: entityOrg('section', 'body', 'sectionId', { within: 'body' }),
      },
    },
    handler: (req) => createPairing(req.server.db, actorOf(req), req.body),
  });
}

/** The organisation's pairings as a streamed CSV file. */
function exportRoutes(r: Router) {
  r.route({
    ...routeOptions(
      productsApi.export,
      {
        tags,
        errors: errorResponses(401, 403, 404, 422, 504),
      },
      {
        description: "The organisation's LMS course pairings as CSV (text/csv), streamed.",
        produces: ['text/csv'],
      },
    ),
    config: { access: { rule: 'editProducts', org: 'none' } },
    handler: async (req, reply) => {
      const file = await prepareExport(
        req.server.database,
        req.params.id,
        req.query,
        req.server.config.exportTimeLimitMs,
      );
      return sendCsv(reply, file.fileName, file.columns, file.rows);
    },
  });
}
