import { z } from 'zod';
import { DURATION_MAX } from '../constants';
import { OFFER_TYPES } from '../status';
import { ORG_INCLUSIVE_ID_MAX, VALIDATION_TEXT, validInstitutionCensusDuration } from '../validation';
import { InstitutionDetails } from './institutions';

/**
 * PUT|POST /api/institution/updateInstitution?organizationId= and updateInstitutionDetails:
 * the four settings of the Inclusive Access page. Other institution fields cannot be set here.
 */
export const UpdateInstitutionBody = z.strictObject({
  /** -1 (census not set) or 1..365 days from course start. */
  censusDuration: z
    .number()
    .int()
    .min(-1)
    .max(DURATION_MAX)
    .refine(validInstitutionCensusDuration, VALIDATION_TEXT.censusDuration),
  /** INCLUSIVE_ACCESS, EQUITABLE_ACCESS, DIRECT_TO_STUDENT, OPT_IN, or null for none. */
  offerType: z.enum(OFFER_TYPES).nullable(),
  /** The institution's inclusive-access id (free text, at most 50 characters); empty means none. */
  orgInclusiveId: z
    .string()
    .trim()
    .max(ORG_INCLUSIVE_ID_MAX)
    .nullable()
    .transform((v) => v || null),
  inclusiveAccess: z.boolean(),
  /** The version read with the settings; a newer stored one answers 409. */
  version: z.number().int().positive(),
});
export type UpdateInstitutionBodyT = z.infer<typeof UpdateInstitutionBody>;

export const UpdateInstitutionResponse = z.object({
  /** The admin page's saved flag (spec §4). */
  saved: z.literal(true),
  institution: InstitutionDetails,
});

/** Texts of the Inclusive Access page (spec §5). */
export const ADMIN_TOOLS_MESSAGES = {
  unsaved: 'You have unsaved information in this page. Kindly press save or cancel button.',
  unknownInstitution: 'The institution could not be found.',
  emptyInstitution: 'Choose an institution first.',
} as const;
