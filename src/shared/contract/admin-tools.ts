import { z } from 'zod';
import { DURATION_MAX } from '../constants';
import { isTimeZone } from '../dates';
import { OFFER_TYPES } from '../status';
import { ORG_INCLUSIVE_ID_MAX, VALIDATION_TEXT, validInstitutionCensusDuration } from '../validation';
import { InstitutionDetails } from './institutions';
import { OrganizationQuery, text, Version } from './common';
import { defineRoute } from './route';

/**
 * PUT|POST /api/institution/updateInstitution?organizationId= and updateInstitutionDetails:
 * the four settings of the Inclusive Access page. Other institution fields cannot be set here.
 */
export const UpdateInstitutionBody = z.strictObject({
  censusDuration: z
    .number()
    .int()
    .min(-1)
    .max(DURATION_MAX)
    .refine(validInstitutionCensusDuration, VALIDATION_TEXT.censusDuration)
    .describe('Days from course start to census: 1 to 365, or -1 for census off / not set.'),
  offerType: z
    .enum(OFFER_TYPES)
    .nullable()
    .describe('INCLUSIVE_ACCESS, EQUITABLE_ACCESS, DIRECT_TO_STUDENT, OPT_IN, or null for none.'),
  orgInclusiveId: text()
    .trim()
    .max(ORG_INCLUSIVE_ID_MAX)
    .nullable()
    .transform((v) => v || null)
    .describe(
      "The institution's inclusive-access id (free text, at most 50 characters); empty or null for none.",
    ),
  inclusiveAccess: z.boolean().describe('Whether the institution has inclusive access.'),
  timeZone: text()
    .trim()
    .refine(isTimeZone, 'Choose a time zone from the list.')
    .optional()
    .describe(
      'IANA time zone that decides "today" for the institution (e.g. America/Chicago); unchanged when absent.',
    ),
  version: Version.describe('The version read with the settings; a newer stored one answers 409.'),
});
export type UpdateInstitutionBodyT = z.infer<typeof UpdateInstitutionBody>;

export const UpdateInstitutionResponse = z.object({
  saved: z.literal(true).describe("The admin page's saved flag."),
  institution: InstitutionDetails.describe('The institution as saved.'),
});

const update = { query: OrganizationQuery, body: UpdateInstitutionBody, response: UpdateInstitutionResponse };

/** The Inclusive Access page's saves (spec §7: PUT or POST, under two names). */
export const adminToolsApi = {
  updateInstitution: defineRoute({ method: 'PUT', path: '/api/institution/updateInstitution', ...update }),
  updateInstitutionPost: defineRoute({
    method: 'POST',
    path: '/api/institution/updateInstitution',
    ...update,
  }),
  updateDetails: defineRoute({ method: 'PUT', path: '/api/institution/updateInstitutionDetails', ...update }),
  updateDetailsPost: defineRoute({
    method: 'POST',
    path: '/api/institution/updateInstitutionDetails',
    ...update,
  }),
};
