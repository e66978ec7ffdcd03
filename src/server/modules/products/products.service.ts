import {
  type CreatePairingBodyT,
  type LmsPairingT,
  isbnSearchDigits,
  normaliseIsbn,
  PRODUCT_MESSAGES,
  type ProductListQueryT,
  type Readiness,
  type UpdatePairingBodyT,
} from '../../../shared/contract/products';
import { can } from '../../../shared/permissions';
import { offerStatusDisplay } from '../../../shared/status';
import {
  addDaysIso,
  censusDate,
  courseDurationDays,
  validateCustomCourseId,
  VALIDATION_TEXT,
} from '../../../shared/validation';
import type { Db } from '../../db/client';
import { todayInInstitution } from '../../lib/institution-today';
import { providerToday, todayOf, todaysOf } from '../../lib/today-rule';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { sectionsUsing } from '../offers';
import { audit } from '../../lib/audit';
import { isUniqueViolation } from '../../db/errors';
import * as q from './products.queries';

const PAIRINGS_PER_PRODUCT = 25;
const DETAIL_LIMIT = 500;

const productNotFound = () => new AppError('error.productNotFound', PRODUCT_MESSAGES.notFound);
const invalidProductId = () => new AppError('error.invalidProductId', PRODUCT_MESSAGES.invalidId);
const pairingNotFound = () => notFound('Pairing');
const pairingFailed = (fields?: Record<string, string>) =>
  new AppError('error.pairingFailed', PRODUCT_MESSAGES.pairingFailed, fields);
const alreadyPaired = () => new AppError('error.courseAlreadyPaired', PRODUCT_MESSAGES.alreadyPaired);

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

/** ready, or the first problem a support desk would look for (offer, dates, LMS). */
export function readinessOf(
  p: {
    offerStatus: string | null;
    offerEndsOn: string | null;
    censusDuration: number;
    freeAccessDuration: number;
    courseStartDate: string | null;
    courseEndDate: string | null;
    integrationId: number | null;
    integrationEnabled: boolean | null;
  },
  today: string,
): Readiness {
  if (!p.offerStatus) return 'noOffer';
  const status = offerStatusDisplay(p.offerStatus);
  if (status === 'expired' || (p.offerEndsOn && p.offerEndsOn < today)) return 'offerExpired';
  if (status !== 'active') return 'offerNotApproved';
  if (p.courseStartDate && p.courseEndDate) {
    const census = censusDate(p.courseStartDate, p.censusDuration);
    if (census && census > p.courseEndDate) return 'censusAfterEnd';
    if (p.freeAccessDuration > courseDurationDays(p.courseStartDate, p.courseEndDate))
      return 'freeAccessLongerThanCourse';
  }
  if (p.integrationId !== null && p.integrationEnabled === false) return 'lmsDisabled';
  return 'ready';
}

/** A pairing as shown; `today` is its institution's day (today-rule), the provider's when not given. */
export function toPairing(p: NonNullable<q.PairingRow>, today = providerToday()): LmsPairingT {
  const start = p.courseStartDate;
  const end = p.courseEndDate;
  const census = start ? censusDate(start, p.censusDuration) : null;
  const freeEnd = start ? addDaysIso(start, p.freeAccessDuration) : null;
  return {
    pairingId: p.pairingId,
    institutionId: p.institutionId,
    institutionName: p.institutionName,
    productId: p.productId,
    productName: p.productName,
    isbn: p.isbn,
    sectionId: p.sectionId,
    courseName: p.courseName,
    integrationId: p.integrationId,
    integrationName: p.integrationName,
    integrationEnabled: p.integrationEnabled ?? true,
    lmsKind: p.lmsKind ?? p.pairingLmsKind,
    lmsCourseId: p.lmsCourseId,
    lmsCourseName: p.lmsCourseName,
    customCourseId: p.customCourseId,
    censusDuration: p.censusDuration,
    freeAccessDuration: p.freeAccessDuration,
    courseStartDate: start,
    courseEndDate: end,
    censusDate: census,
    freeAccessEndDate: freeEnd,
    censusAfterEnd: !!(census && end && census > end),
    freeAccessAfterEnd: !!(freeEnd && end && freeEnd > end),
    offerStatus: p.offerStatus,
    readiness: readinessOf(p, today),
    updatedAt: new Date(p.updatedAt).toISOString(),
  };
}

/** GET /api/products/organizations */
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

/** GET /api/products/coursedetails?pairingId= */
export async function getPairing(db: Db, actor: Actor, pairingId: number) {
  const row = await q.findPairing(db, pairingId);
  if (!row) throw pairingNotFound();
  const today = await todayInInstitution(db, row.institutionId);
  return { pairing: toPairing(row, today), canEdit: can(actor.caps, 'editProducts') };
}

/**
 * The pairing, or 404 (removed meanwhile). That it is of the institution is the route's access
 * declaration, `entityOrg('pairing', …, { within })`.
 */
async function pairingOrNotFound(db: Db, pairingId: number) {
  const row = await q.findPairing(db, pairingId);
  if (!row) throw pairingNotFound();
  return row;
}

const auditable = (p: LmsPairingT) => ({
  productId: p.productId,
  isbn: p.isbn,
  integrationId: p.integrationId,
  lmsCourseId: p.lmsCourseId,
  sectionId: p.sectionId,
  customCourseId: p.customCourseId,
  censusDuration: p.censusDuration,
  freeAccessDuration: p.freeAccessDuration,
});

/** PUT /api/products/coursedetails?pairingId=&organizationId=: census and free-access durations. */
export async function updatePairing(
  db: Db,
  actor: Actor,
  pairingId: number,
  institutionId: number,
  body: UpdatePairingBodyT,
) {
  const censusDuration = Number(body.censusDuration);
  const freeAccessDuration = Number(body.freeAccessDuration);
  const pairing = await db.transaction(async (tx) => {
    const before = toPairing(await pairingOrNotFound(tx, pairingId));
    await q.updatePairingDurations(tx, pairingId, censusDuration, freeAccessDuration);
    const after = toPairing(
      (await q.findPairing(tx, pairingId))!,
      await todayInInstitution(tx, institutionId),
    );
    await audit(tx, actor, {
      action: 'products.pairing.update',
      entityType: 'lms_course_pairing',
      entityId: pairingId,
      institutionId,
      before: { censusDuration: before.censusDuration, freeAccessDuration: before.freeAccessDuration },
      after: { censusDuration, freeAccessDuration },
    });
    return after;
  });
  return { pairing, message: PRODUCT_MESSAGES.updated };
}

/** DELETE /api/products/coursedetails?pairingId=&organizationId= */
export async function removePairing(db: Db, actor: Actor, pairingId: number, institutionId: number) {
  await db.transaction(async (tx) => {
    const before = toPairing(await pairingOrNotFound(tx, pairingId));
    await q.deletePairing(tx, pairingId);
    await audit(tx, actor, {
      action: 'products.pairing.delete',
      entityType: 'lms_course_pairing',
      entityId: pairingId,
      institutionId,
      before: auditable(before),
      after: null,
    });
  });
  return { pairingId, message: PRODUCT_MESSAGES.deleted };
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

/**
 * POST /api/products/createCourseParing/: pairs an LMS course of the institution to a product. The one
 * pairing rule, also for an instructor's LTI launch (lti-landing.ts): the integration serves the
 * institution (owns it or has a deployment mapped to it), the course belongs to it, one pairing per LMS course and integration. `db` may be an open
 * transaction (the pairing then rides in a savepoint of it); `opts.auditAction` names the audit row
 * of a caller other than the Products route, `opts.auditExtra` adds to its after image.
 */
export async function createPairing(
  db: Db,
  actor: Pick<Actor, 'userId'> & Partial<Pick<Actor, 'requestId' | 'realUserId'>>,
  body: CreatePairingBodyT,
  opts: { auditAction?: string; auditExtra?: Record<string, unknown> } = {},
) {
  const institutionId = body.organizationId;
  let product: q.ProductRow | undefined;
  if (body.isbn) {
    const isbn13 = normaliseIsbn(body.isbn);
    if (!isbn13) throw invalidProductId();
    product = await q.findProduct(db, q.byIsbn(isbn13));
  } else {
    product = await q.findProduct(db, q.byId(body.productId!));
  }
  if (!product) throw productNotFound();

  const [integration, section] = await Promise.all([
    q.integrationServing(db, body.integrationId, institutionId),
    q.findSection(db, body.sectionId),
  ]);
  if (!integration) throw pairingFailed({ integrationId: 'Not an LMS integration of this institution.' });
  if (!section || section.institutionId !== institutionId)
    throw pairingFailed({ sectionId: 'Not a course of this institution.' });
  const custom = body.customCourseId?.trim() || null;
  const idErrors = validateCustomCourseId(custom, custom ? integration.lmsKind : null);
  const idError = idErrors.customCourseId ?? idErrors.lmsKind;
  if (idError) {
    throw new AppError('error.validation', `customCourseId: ${VALIDATION_TEXT[idError]}`, {
      customCourseId: VALIDATION_TEXT[idError],
    });
  }
  if (await q.existingPairing(db, institutionId, integration.id, body.lmsCourseId)) throw alreadyPaired();

  const values = {
    institutionId,
    productId: product.productId,
    sectionId: section.id,
    integrationId: integration.id,
    lmsCourseId: body.lmsCourseId,
    lmsCourseName: body.lmsCourseName?.trim() || section.courseName,
    customCourseId: custom,
    lmsKind: custom ? integration.lmsKind : null,
    censusDuration: Number(body.censusDuration),
    freeAccessDuration: Number(body.freeAccessDuration),
    courseStartDate: section.startDate,
    courseEndDate: section.endDate,
  };
  try {
    const pairing = await db.transaction(async (tx) => {
      const id = await q.insertPairing(tx, values);
      const saved = toPairing((await q.findPairing(tx, id))!);
      await audit(tx, actor, {
        action: opts.auditAction ?? 'products.pairing.create',
        entityType: 'lms_course_pairing',
        entityId: id,
        institutionId,
        before: null,
        after: { ...auditable(saved), ...opts.auditExtra },
      });
      return saved;
    });
    return { pairing, message: PRODUCT_MESSAGES.paired };
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyPaired();
    throw err;
  }
}
