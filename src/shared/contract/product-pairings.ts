/**
 * LMS course pairings of the Products area (spec §7 "Products"): the pairing shape, its readiness,
 * and pair, read, update durations, remove. Durations follow the rules of spec §5 (validation.ts).
 */
import { z } from 'zod';
import { CUSTOM_COURSE_ID_MAX } from '../constants';
import { VALIDATION_TEXT, validateCensusDuration, validateFreeAccessDuration } from '../validation';
import { IdParam, RowId, text } from './common';

// ---------------------------------------------------------------------------------------------
// Readiness of a pairing (beyond the spec: what a support desk checks first)

export const READINESS = [
  'ready',
  'noOffer',
  'offerExpired',
  'offerNotApproved',
  'censusAfterEnd',
  'freeAccessLongerThanCourse',
  'lmsDisabled',
] as const;
export type Readiness = (typeof READINESS)[number];

// ---------------------------------------------------------------------------------------------
// The pairing shape

export const LmsPairing = z.object({
  pairingId: z.number().int().describe('Pairing id (pairingId).'),
  institutionId: z.number().int().describe('Institution of the pairing.'),
  institutionName: z.string().describe('Display name of that institution.'),
  productId: z.number().int().describe('Paired product.'),
  productName: z.string().describe('Name of the paired product.'),
  isbn: z.string().describe('ISBN-13 of the paired product.'),
  sectionId: z.number().int().nullable().describe('Course (section) of this app the LMS course belongs to.'),
  courseName: z.string().nullable().describe('Name of that course.'),
  integrationId: z.number().int().nullable().describe('LMS integration the course comes from.'),
  integrationName: z.string().nullable().describe('Name of that integration.'),
  integrationEnabled: z.boolean().describe('Whether that integration is enabled.'),
  lmsKind: z.string().nullable().describe('LMS kind of the integration (canvas, blackboard, ...).'),
  lmsCourseId: z.string().describe('Course id in the LMS.'),
  lmsCourseName: z.string().nullable().describe('Course name in the LMS.'),
  customCourseId: z
    .string()
    .nullable()
    .describe('Custom course id (canvas or blackboard, at most 73 characters).'),
  censusDuration: z.number().int().describe('Days from course start to census (-1: not set).'),
  freeAccessDuration: z.number().int().describe('Days of free access from course start.'),
  courseStartDate: z.string().nullable().describe('Course start (YYYY-MM-DD).'),
  courseEndDate: z.string().nullable().describe('Course end (YYYY-MM-DD).'),
  censusDate: z
    .string()
    .nullable()
    .describe('Course start + census duration (YYYY-MM-DD), null when not set.'),
  freeAccessEndDate: z.string().nullable().describe('Course start + free-access duration (YYYY-MM-DD).'),
  censusAfterEnd: z.boolean().describe('Whether the census date falls after the course end.'),
  freeAccessAfterEnd: z.boolean().describe('Whether free access ends after the course end.'),
  offerStatus: z
    .string()
    .nullable()
    .describe("Stored status of the product's offer at the institution, if any."),
  readiness: z
    .enum(READINESS)
    .describe('ready, or the first problem found (i18n key products.readiness.<value>).'),
  updatedAt: z.string().describe('Last change (ISO timestamp).'),
});
export type LmsPairingT = z.infer<typeof LmsPairing>;

// ---------------------------------------------------------------------------------------------
// GET|PUT|DELETE /api/products/coursedetails?pairingId=

export const PairingQuery = z.object({
  pairingId: IdParam.describe('Pairing id.'),
});
export const PairingChangeQuery = PairingQuery.extend({
  organizationId: IdParam.describe('Institution the pairing belongs to; another one answers 404.'),
});

const durationInput = () => z.union([z.number(), text().max(12)]);

/** Spec §5 rules on both durations; each field gets its own message. */
function checkDurations(
  v: { censusDuration: number | string; freeAccessDuration: number | string },
  ctx: z.RefinementCtx,
) {
  const census = String(v.censusDuration);
  const free = String(v.freeAccessDuration);
  const c = validateCensusDuration(census, free);
  if (c) ctx.addIssue({ code: 'custom', path: ['censusDuration'], message: VALIDATION_TEXT[c] });
  const f = validateFreeAccessDuration(free, census);
  if (f) ctx.addIssue({ code: 'custom', path: ['freeAccessDuration'], message: VALIDATION_TEXT[f] });
}

export const UpdatePairingBody = z
  .strictObject({
    censusDuration: durationInput().describe(
      'Census Duration: whole number above 0, at most 365, greater than Free Access Duration.',
    ),
    freeAccessDuration: durationInput().describe(
      'Free Access Duration: whole number 0 to 365, never above Census Duration.',
    ),
  })
  .superRefine(checkDurations);
export type UpdatePairingBodyT = z.infer<typeof UpdatePairingBody>;

export const PairingResponse = z.object({
  pairing: LmsPairing.describe('The pairing.'),
  canEdit: z.boolean().describe('Whether the caller may change it.'),
});
export const PairingChangeResponse = z.object({
  pairing: LmsPairing.describe('The pairing as saved.'),
  message: z.string().describe('Success text.'),
});
export const PairingDeleteResponse = z.object({
  pairingId: z.number().int().describe('The removed pairing.'),
  message: z.string().describe('Success text.'),
});

// ---------------------------------------------------------------------------------------------
// POST /api/products/createCourseParing/

export const CreatePairingBody = z
  .strictObject({
    organizationId: RowId.describe('Institution of the LMS course.'),
    integrationId: RowId.describe("The institution's LMS integration the course comes from."),
    sectionId: RowId.describe('Course (section) of the institution the LMS course belongs to.'),
    lmsCourseId: text().trim().min(1).max(255).describe('Course id in the LMS.'),
    lmsCourseName: text().trim().max(255).optional().describe('Course name in the LMS.'),
    customCourseId: text()
      .trim()
      .max(CUSTOM_COURSE_ID_MAX, VALIDATION_TEXT.customCourseIdMax)
      .optional()
      .describe('Custom course id: at most 73 characters, only for canvas or blackboard integrations.'),
    productId: RowId.optional().describe('Product chosen by name search; or give isbn.'),
    isbn: text()
      .trim()
      .max(40)
      .optional()
      .describe('Product chosen by ISBN-10 or ISBN-13; or give productId.'),
    censusDuration: durationInput().describe('Census Duration.'),
    freeAccessDuration: durationInput().describe('Free Access Duration.'),
  })
  .superRefine((v, ctx) => {
    if ((v.productId === undefined) === !v.isbn)
      ctx.addIssue({ code: 'custom', path: ['productId'], message: 'Give either productId or isbn.' });
    checkDurations(v, ctx);
  });
export type CreatePairingBodyT = z.infer<typeof CreatePairingBody>;
