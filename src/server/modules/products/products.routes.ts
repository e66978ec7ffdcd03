import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ChannelPartnerListResponse,
  CreatePairingBody,
  ExportQuery,
  LmsListQuery,
  LmsListResponse,
  OrganizationParams,
  OrganizationsResponse,
  PairingChangeQuery,
  PairingChangeResponse,
  PairingDeleteResponse,
  PairingQuery,
  PairingResponse,
  ProductByIsbnParams,
  ProductByIsbnResponse,
  ProductDetailParams,
  ProductDetailQuery,
  ProductDetailResponse,
  ProductListQuery,
  ProductListResponse,
  ProductSearchParams,
  ProductSearchResponse,
  UpdatePairingBody,
} from '../../../shared/contract/products';
import { sendCsv } from '../../lib/csv';
import { errorResponses } from '../../lib/error-responses';
import { actorOf, entityOrg } from '../../plugins/access';
import { prepareExport } from './products-export';
import { createPairing, getPairing, removePairing, updatePairing } from './pairings.service';
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
const read = { rule: 'viewProducts', org: 'none' } as const;
/** `?pairingId=` is a pairing of the institution `?organizationId=` names, else 404. */
const pairingOfInstitution = entityOrg('pairing', 'query', 'pairingId', { within: 'query' });

/** The Products area (spec §7 "Products"): reads for Products viewers, changes for super admin and nasupport. */
export async function productsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/products/organizations', {
    schema: { tags, response: { 200: OrganizationsResponse, ...errorResponses(401, 403) } },
    config: { access: read },
    handler: (req) => listOrganizations(req.server.db),
  });

  r.get('/api/products/organization/:id', {
    schema: {
      tags,
      params: OrganizationParams,
      querystring: ProductListQuery,
      response: { 200: ProductListResponse, ...errorResponses(401, 403, 404, 422) },
    },
    config: { access: read },
    handler: (req) => listProducts(req.server.db, actorOf(req), req.params.id, req.query),
  });

  r.get('/api/products/:id/details', {
    schema: {
      tags,
      params: ProductDetailParams,
      querystring: ProductDetailQuery,
      response: { 200: ProductDetailResponse, ...errorResponses(401, 403, 404, 422) },
    },
    config: { access: { rule: 'viewProducts', org: entityOrg('institution', 'params', 'id') } },
    handler: (req) =>
      productDetail(req.server.db, actorOf(req), req.params.id, req.query.urn, req.query.channelPartner),
  });

  r.get('/api/products/coursedetails', {
    schema: {
      tags,
      querystring: PairingQuery,
      response: { 200: PairingResponse, ...errorResponses(401, 403, 404, 422) },
    },
    config: { access: { rule: 'viewProducts', org: entityOrg('pairing', 'query', 'pairingId') } },
    handler: (req) => getPairing(req.server.db, actorOf(req), req.query.pairingId),
  });

  r.put('/api/products/coursedetails', {
    schema: {
      tags,
      querystring: PairingChangeQuery,
      body: UpdatePairingBody,
      response: { 200: PairingChangeResponse, ...errorResponses(401, 403, 404, 422) },
    },
    config: { access: { rule: 'editProducts', org: pairingOfInstitution } },
    handler: (req) =>
      updatePairing(req.server.db, actorOf(req), req.query.pairingId, req.query.organizationId, req.body),
  });

  r.delete('/api/products/coursedetails', {
    schema: {
      tags,
      querystring: PairingChangeQuery,
      response: { 200: PairingDeleteResponse, ...errorResponses(401, 403, 404, 422) },
    },
    config: { access: { rule: 'editProducts', org: pairingOfInstitution } },
    handler: (req) =>
      removePairing(req.server.db, actorOf(req), req.query.pairingId, req.query.organizationId),
  });

  r.get('/api/products/productDetails/:x', {
    schema: {
      tags,
      params: ProductSearchParams,
      response: { 200: ProductSearchResponse, ...errorResponses(401, 403, 404, 422) },
    },
    config: { access: read },
    handler: (req) => searchProducts(req.server.db, req.params.x),
  });

  r.get('/api/products/productDetailsByIsbn/:isbn', {
    schema: {
      tags,
      params: ProductByIsbnParams,
      response: { 200: ProductByIsbnResponse, ...errorResponses(401, 403, 404, 422) },
    },
    config: { access: read },
    handler: (req) => productByIsbn(req.server.db, req.params.isbn),
  });

  r.get('/api/products/getLmsList/', {
    schema: {
      tags,
      querystring: LmsListQuery,
      response: { 200: LmsListResponse, ...errorResponses(401, 403, 422) },
    },
    config: { access: { rule: 'viewProducts', org: 'query' } },
    handler: (req) => lmsList(req.server.db, req.query.organizationId, req.query.q),
  });

  r.get('/api/products/getChannelPartnerList/', {
    schema: { tags, response: { 200: ChannelPartnerListResponse, ...errorResponses(401, 403) } },
    config: { access: read },
    handler: () => channelPartnerList(app.db),
  });

  r.post('/api/products/createCourseParing/', {
    schema: {
      tags,
      body: CreatePairingBody,
      response: { 200: PairingChangeResponse, ...errorResponses(401, 403, 404, 409, 422) },
    },
    config: { access: { rule: 'editProducts', org: 'body' } },
    handler: (req) => createPairing(req.server.db, actorOf(req), req.body),
  });

  r.get('/api/export/organization/:id', {
    schema: {
      tags,
      description: "The organisation's LMS course pairings as CSV (text/csv), streamed.",
      produces: ['text/csv'],
      params: OrganizationParams,
      querystring: ExportQuery,
      response: errorResponses(401, 403, 404, 422, 504),
    },
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
