import { isbnSearchDigits, normaliseIsbn, type ProductListQueryT } from '../../../shared/contract/products';
import { can } from '../../../shared/permissions';
import { offerStatusDisplay } from '../../../shared/status';
import type { Db } from '../../db/client';
import { todayInInstitution } from '../../lib/institution-today';
import { todayOf, todaysOf } from '../../lib/today-rule';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { sectionsUsing } from '../offers';
import * as q from './products.queries';

import { invalidProductId, productNotFound } from './product-errors';
import { toPairing } from './pairings.service';

const PAIRINGS_PER_PRODUCT = 25;
const DETAIL_LIMIT = 500;

export function toProduct(p: q.ProductRow) {
  return {
    productId: p.productId,
    productName: p.productName,
    isbn: p.isbn,
    urn: p.urn,
    platform: p.platform,
    productType: p.productType,
    status: p.status,
    channelPartner: p.cpId === null ? null : { id: p.cpId, code: p.cpCode ?? '', name: p.cpName ?? '' },
  };
}

type OfferRow = Awaited<ReturnType<typeof q.offersOf>>[number];
function toOffer(o: OfferRow) {
  const { productId: _p, ...rest } = o;
  return { ...rest, statusDisplay: offerStatusDisplay(o.offerStatus) };
}

export async function listOrganizations(db: Db) {
  return { organizations: await q.listOrganizations(db) };
}

/** GET /api/products/organization/{id}: one page of products (or institution rows) with offers and pairings. */
export async function listProducts(db: Db, actor: Actor, organizationId: number, query: ProductListQueryT) {
  const org = await q.findOrganization(db, organizationId);
  if (!org) throw notFound('Organization');
  const insts = await q.institutionsOfOrganization(db, organizationId);
  const institutionIds = insts.map((i) => i.id);
  const isbnDigits = query.isbn ? isbnSearchDigits(query.isbn) : undefined;
  if (isbnDigits === null)
    throw new AppError('error.validation', 'isbn: digits only.', { isbn: 'Digits only.' });
  const range: [string, string] | undefined =
    query.courseDateFrom && query.courseDateTo ? [query.courseDateFrom, query.courseDateTo] : undefined;
  const filters: q.ListFilters = {
    institutionIds,
    channelPartner: query.channelPartner,
    productId: query.productId,
    offerStatus: query.offerStatus,
    isbnDigits: isbnDigits || undefined,
    courseDateFrom: range?.[0],
    courseDateTo: range?.[1],
  };
  const offset = (query.page - 1) * query.pageSize;
  // each pairing's readiness (its offer expired?) by its own institution's day
  const todays = await todaysOf(db, institutionIds);

  /** Product views of `productIds` with offers and pairings at `scope` institutions. */
  const views = async (productIds: number[], scope: number[]) => {
    const [rows, offerRows, counts, pairingRows] = await Promise.all([
      q.productsByIds(db, productIds),
      q.offersOf(db, productIds, scope, query.offerStatus),
      q.pairingCounts(db, productIds, scope, range),
      query.pairing ? q.pairingsOf(db, productIds, scope, PAIRINGS_PER_PRODUCT, range) : Promise.resolve([]),
    ]);
    const byId = new Map(rows.map((r) => [r.productId, r]));
    return (institutionId?: number) =>
      productIds.flatMap((id) => {
        const p = byId.get(id);
        if (!p) return [];
        const at = (x: { institutionId: number }) =>
          institutionId === undefined || x.institutionId === institutionId;
        let pairingCount = 0;
        for (const [key, n] of counts) {
          const [pid, iid] = key.split(':').map(Number);
          if (pid === id && at({ institutionId: iid })) pairingCount += n;
        }
        return [
          {
            ...toProduct(p),
            offers: offerRows.filter((o) => o.productId === id && at(o)).map(toOffer),
            pairingCount,
            pairings: pairingRows
              .filter((r) => r.productId === id && at(r))
              .map((r) => toPairing(r, todayOf(todays, r.institutionId))),
          },
        ];
      });
  };

  const base = {
    organization: { id: org.id, name: org.name },
    view: query.view,
    page: query.page,
    pageSize: query.pageSize,
    canEdit: can(actor.caps, 'editProducts'),
  };
  if (query.view === 'organization') {
    const { ids, total } = await q.pageProducts(db, filters, query.pageSize, offset);
    const build = await views(ids, institutionIds);
    return { ...base, productViews: build(), institutionViews: [], total };
  }
  const { rows, total } = await q.pageInstitutionProducts(db, filters, query.pageSize, offset);
  const productIds = [...new Set(rows.map((r) => r.productId))];
  const instIds = [...new Set(rows.map((r) => r.institutionId))];
  const build = await views(productIds, instIds);
  const institutionViews = instIds.map((iid) => {
    const mine = new Set(rows.filter((r) => r.institutionId === iid).map((r) => r.productId));
    return {
      institutionId: iid,
      institutionName: insts.find((i) => i.id === iid)?.displayName ?? '',
      products: build(iid).filter((p) => mine.has(p.productId)),
    };
  });
  return { ...base, productViews: [], institutionViews, total };
}

/** GET /api/products/{id}/details?urn=&channelPartner= */
export async function productDetail(
  db: Db,
  actor: Actor,
  institutionId: number,
  urn: string,
  channelPartner?: number,
) {
  const inst = await q.findInstitution(db, institutionId);
  if (!inst) throw notFound('Institution');
  const p = await q.findProduct(db, q.byUrn(urn));
  if (!p || (channelPartner !== undefined && p.cpId !== channelPartner)) throw productNotFound();
  const [offerRows, pairingRows, sectionRows] = await Promise.all([
    q.offersOf(db, [p.productId], [institutionId]),
    q.pairingsAtInstitution(db, p.productId, institutionId, DETAIL_LIMIT),
    sectionsUsing(db, institutionId, p.productId),
  ]);
  const today = await todayInInstitution(db, institutionId);
  return {
    institution: inst,
    product: toProduct(p),
    offers: offerRows.map(toOffer),
    pairings: pairingRows.map((r) => toPairing(r, today)),
    sections: sectionRows,
    canEdit: can(actor.caps, 'editProducts'),
  };
}

/** GET /api/products/productDetails/{x}: a product id, or text searched in names. */
export async function searchProducts(db: Db, x: string) {
  if (/^\d+$/.test(x)) {
    const id = Number(x);
    if (id < 1 || id > 2_147_483_647) throw invalidProductId();
    const p = await q.findProduct(db, q.byId(id));
    if (!p) throw productNotFound();
    return { products: [toProduct(p)] };
  }
  const rows = await q.searchProductsByName(db, x, 20);
  if (!rows.length) throw productNotFound();
  return { products: rows.map(toProduct) };
}

/** GET /api/products/productDetailsByIsbn/{isbn} */
export async function productByIsbn(db: Db, isbn: string) {
  const isbn13 = normaliseIsbn(isbn);
  if (!isbn13) throw invalidProductId();
  const p = await q.findProduct(db, q.byIsbn(isbn13));
  if (!p) throw productNotFound();
  return { product: toProduct(p), isbn13 };
}

/** GET /api/products/getLmsList/?organizationId= */
export async function lmsList(db: Db, institutionId: number, text?: string) {
  const [integrations, courses] = await Promise.all([
    q.integrationsOf(db, institutionId),
    q.lmsCourses(db, institutionId, await todayInInstitution(db, institutionId), text || undefined, 200),
  ]);
  return {
    integrationKeyStoreDTOList: integrations,
    courses: courses.map((c) => ({ ...c, lmsCourseId: c.customCourseId || String(c.sectionId) })),
  };
}

export async function channelPartnerList(db: Db) {
  return { channelPartners: await q.listChannelPartners(db) };
}
