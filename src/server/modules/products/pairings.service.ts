import {
  type CreatePairingBodyT,
  type LmsPairingT,
  normaliseIsbn,
  PRODUCT_MESSAGES,
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
import { providerToday } from '../../lib/today-rule';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { isUniqueViolation } from '../../db/errors';
import * as q from './products.queries';

import {
  alreadyPaired,
  invalidProductId,
  pairingFailed,
  pairingNotFound,
  productNotFound,
} from './product-errors';

/** LMS course pairings: their readiness, read, update, remove and the one pairing rule (createPairing). */

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

/**
 * POST /api/products/createCourseParing/: pairs an LMS course of the institution to a product. The one
 * pairing rule, also for an instructor's LTI launch (lti-landing.ts): the integration serves the
 * institution (owns it or has a deployment mapped to it), one pairing per LMS course and integration;
 * the course is of the institution (the route checks it, the launch creates it there). `db` may be an open
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
  if (!section) throw notFound('Course');
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
