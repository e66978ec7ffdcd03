import { z } from 'zod';
import { InstitutionSummary } from './auth';
import { IdParam, OrganizationQuery, text } from './common';
import { defineRoute } from './route';

/** GET /api/institution/institutionListFilterByName?name= */
export const InstitutionSearchQuery = z.object({
  name: text()
    .trim()
    .max(200)
    .default('')
    .describe("Case-insensitive part of the institution's display name; empty lists the first page."),
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('At most this many results.'),
});

export const InstitutionListResponse = z.object({
  organizations: z.array(InstitutionSummary).describe('Matching institutions, ordered by display name.'),
});

// ---------------------------------------------------------------------------------------------
// Institution details, people, LMS mappings, course lists (offers: contract/offers.ts)

/** An institution's settings as stored. */
export const InstitutionDetails = z.object({
  orgId: z.number().int().describe('Institution id (orgId).'),
  displayName: z.string().describe('Display name as stored (the UI shows it uppercased).'),
  aggregateName: z.string().nullable().describe('Aggregate name of the institution; null when none is set.'),
  organizationName: z.string().nullable().describe('Parent organisation.'),
  censusDuration: z
    .number()
    .int()
    .describe('Days from course start to census; -1 means census off or not set.'),
  offerType: z
    .string()
    .nullable()
    .describe('Offer type: INCLUSIVE_ACCESS, EQUITABLE_ACCESS, DIRECT_TO_STUDENT, OPT_IN, or null for none.'),
  orgInclusiveId: z
    .string()
    .nullable()
    .describe("The institution's inclusive-access id; null when none is set."),
  inclusiveAccess: z.boolean().describe('Whether the institution has inclusive access.'),
  inclusiveOfferEndsOn: z
    .string()
    .nullable()
    .describe("Last day of the institution's inclusive offer (YYYY-MM-DD), if any."),
  timeZone: z
    .string()
    .describe(
      'IANA time zone that decides "today" for the institution (periods, offers, deadlines); the server\'s when none is set.',
    ),
  version: z.number().int().describe('Optimistic-lock version: send it back when saving.'),
  updatedAt: z.string().describe('Last change (ISO 8601).'),
});

/** Path `:organizationId`. */
export const OrganizationParams = z.object({
  organizationId: IdParam.describe('Institution id (orgId / organizationId).'),
});

export const Department = z.object({
  id: z.number().int().describe('Department id.'),
  name: z.string().describe('Department name, unique within the institution.'),
});

export const DepartmentsResponse = z.object({
  departments: z.array(Department).describe("The institution's departments."),
});

/** Search inside an institution's people. */
export const PeopleQuery = z.object({
  q: text().trim().max(200).default('').describe('Case-insensitive part of name, e-mail or username.'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(200)
    .default(50)
    .describe('At most this many people (1 to 200, default 50).'),
});

export const InstitutionPerson = z.object({
  userId: z.number().int().describe('User id.'),
  username: z.string().describe('Account username.'),
  firstName: z.string().describe('First name.'),
  lastName: z.string().describe('Last name.'),
  displayName: z.string().describe('Name as displayed.'),
  email: z.string().describe('E-mail address.'),
  courseRole: z.string().describe('instructor, ta, student or admin.'),
});

/** GET /api/institution/instructorListForInstitution/:organizationId (members with role instructor or ta). */
export const InstructorListForInstitutionResponse = z.object({
  instructors: z.array(InstitutionPerson).describe('Members whose course role is instructor or ta.'),
});
/** GET /api/institution/usersListForInstution/:organizationId (all members except students). */
export const UsersListForInstitutionResponse = z.object({
  users: z.array(InstitutionPerson).describe('Members of the institution other than students.'),
});

/** GET /api/institution/getAllLMSMapping?organizationId= */
export const LmsMappingResponse = z.object({
  integrations: z
    .array(
      z.object({
        integrationId: z.number().int().describe('Integration id.'),
        lmsKind: z.string().describe('LMS kind: canvas, blackboard, moodle, d2l ...'),
        name: z.string().describe('Name of the integration.'),
        pairings: z.number().int().describe('Number of LMS course pairings made through this integration.'),
      }),
    )
    .describe("The institution's LTI 1.3 / LMS integrations."),
  mappings: z
    .array(
      z.object({
        pairingId: z.number().int().describe('Id of the LMS course pairing (pairingId).'),
        lmsKind: z
          .string()
          .nullable()
          .describe('LMS kind of the custom course id (canvas, blackboard); null if none.'),
        lmsCourseId: z.string().describe('Course id in the LMS.'),
        lmsCourseName: z.string().nullable().describe('Course name in the LMS, when known.'),
        customCourseId: z
          .string()
          .nullable()
          .describe('Custom course id (at most 73 characters); null if none.'),
        productId: z.number().int().describe('The paired product.'),
        productName: z.string().describe('Name of the paired product.'),
        sectionId: z.number().int().nullable().describe('The section the pairing belongs to; null if none.'),
        integrationName: z.string().nullable().describe('Name of the integration used; null if none.'),
      }),
    )
    .describe("The institution's LMS course pairings."),
});

/** GET /api/organization/:organizationId : what the create-course form needs. */
export const CourseCreationInfoResponse = z.object({
  orgId: z.number().int().describe('Institution id.'),
  displayName: z.string().describe('Display name of the institution.'),
  censusDuration: z
    .number()
    .int()
    .describe('Days from course start to census; -1 means census off or not set.'),
  products: z
    .array(
      z.object({
        productId: z.number().int().describe('Product id.'),
        productName: z.string().describe('Product name.'),
        isbn: z.string().describe("The product's ISBN."),
        offerType: z.string().describe("Offer type of the institution's offer for the product."),
      }),
    )
    .describe('Products with an active (APPROVED or NEW) offer to the institution.'),
  lmsKinds: z
    .array(z.string())
    .describe(
      "LMS kinds of the institution's integrations that take a custom course id (canvas, blackboard).",
    ),
  departments: z.array(Department).describe("The institution's departments."),
});

/** The institution operations (spec §7 Institutions): search, details, people, LMS mappings (course lists: coursesApi). */
export const institutionsApi = {
  filterByName: defineRoute({
    method: 'GET',
    path: '/api/institution/institutionListFilterByName',
    query: InstitutionSearchQuery,
    response: InstitutionListResponse,
  }),
  search: defineRoute({
    method: 'GET',
    path: '/api/institution/search',
    query: InstitutionSearchQuery,
    response: InstitutionListResponse,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/institution/institutionList',
    query: InstitutionSearchQuery,
    response: InstitutionListResponse,
  }),
  details: defineRoute({
    method: 'GET',
    path: '/api/institution/institutionDetails/:organizationId',
    params: OrganizationParams,
    response: InstitutionDetails,
  }),
  departments: defineRoute({
    method: 'GET',
    path: '/api/institution/departments/:organizationId',
    params: OrganizationParams,
    response: DepartmentsResponse,
  }),
  instructors: defineRoute({
    method: 'GET',
    path: '/api/institution/instructorListForInstitution/:organizationId',
    params: OrganizationParams,
    query: PeopleQuery,
    response: InstructorListForInstitutionResponse,
  }),
  // "Instution" is the spec's spelling of this path.
  users: defineRoute({
    method: 'GET',
    path: '/api/institution/usersListForInstution/:organizationId',
    params: OrganizationParams,
    query: PeopleQuery,
    response: UsersListForInstitutionResponse,
  }),
  lmsMappings: defineRoute({
    method: 'GET',
    path: '/api/institution/getAllLMSMapping',
    query: OrganizationQuery,
    response: LmsMappingResponse,
  }),
  courseCreationInfo: defineRoute({
    method: 'GET',
    path: '/api/organization/:organizationId',
    params: OrganizationParams,
    response: CourseCreationInfoResponse,
  }),
};
