import { z } from 'zod';
import { InstitutionSummary } from './auth';
import { IdParam } from './common';
import { CourseListFilters, CourseListResponse, CourseRow } from './courses';

/** GET /api/institution/institutionListFilterByName?name= */
export const InstitutionSearchQuery = z.object({
  /** Case-insensitive part of the institution's display name; empty lists the first page. */
  name: z.string().trim().max(200).default(''),
  /** At most this many results. */
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const InstitutionListResponse = z.object({
  organizations: z.array(InstitutionSummary),
});

// ---------------------------------------------------------------------------------------------
// Institution details, people, offers, LMS mappings, course lists (issue 4)

/** An institution's settings as stored. */
export const InstitutionDetails = z.object({
  /** Institution id (the spec's orgId). */
  orgId: z.number().int(),
  displayName: z.string(),
  aggregateName: z.string().nullable(),
  /** Parent organisation. */
  organizationName: z.string().nullable(),
  /** Days from course start to census; -1 means census off or not set. */
  censusDuration: z.number().int(),
  offerType: z.string().nullable(),
  orgInclusiveId: z.string().nullable(),
  inclusiveAccess: z.boolean(),
  /** Last day of the institution's inclusive offer (YYYY-MM-DD), if any. */
  inclusiveOfferEndsOn: z.string().nullable(),
  /** Optimistic-lock version: send it back when saving. */
  version: z.number().int(),
  updatedAt: z.string(),
});

/** Path `:organizationId`. */
export const OrganizationParams = z.object({ organizationId: IdParam });

export const DepartmentsResponse = z.object({
  departments: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/** Search inside an institution's people. */
export const PeopleQuery = z.object({
  /** Case-insensitive part of name, e-mail or username. */
  q: z.string().trim().max(200).default(''),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const InstitutionPerson = z.object({
  userId: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string(),
  email: z.string(),
  /** instructor, ta, student or admin. */
  courseRole: z.string(),
});

/** GET /api/institution/instructorListForInstitution/:organizationId (members with role instructor or ta). */
export const InstructorListForInstitutionResponse = z.object({ instructors: z.array(InstitutionPerson) });
/** GET /api/institution/usersListForInstution/:organizationId (all members except students). */
export const UsersListForInstitutionResponse = z.object({ users: z.array(InstitutionPerson) });

export const InstitutionOffer = z.object({
  offerId: z.number().int(),
  productId: z.number().int(),
  isbn: z.string(),
  title: z.string(),
  offerType: z.string(),
  /** APPROVED, NEW, REJECTED, EXPIRED, PENDING ... (shown through offerStatusDisplay). */
  offerStatus: z.string(),
  inclusive: z.boolean(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
});
/** GET /api/institution/offers?organizationId= ; 404 "No offers available for this Organization" when none. */
export const InstitutionOffersResponse = z.object({ offers: z.array(InstitutionOffer) });
export const NO_OFFERS_MESSAGE = 'No offers available for this Organization';

/** GET /api/institution/getAllLMSMapping?organizationId= */
export const LmsMappingResponse = z.object({
  integrations: z.array(
    z.object({
      integrationId: z.number().int(),
      lmsKind: z.string(),
      name: z.string(),
      pairings: z.number().int(),
    }),
  ),
  mappings: z.array(
    z.object({
      pairingId: z.number().int(),
      lmsKind: z.string().nullable(),
      lmsCourseId: z.string(),
      lmsCourseName: z.string().nullable(),
      customCourseId: z.string().nullable(),
      productId: z.number().int(),
      productName: z.string(),
      sectionId: z.number().int().nullable(),
      integrationName: z.string().nullable(),
    }),
  ),
});

/** GET /api/organization/:organizationId : what the create-course form needs. */
export const CourseCreationInfoResponse = z.object({
  orgId: z.number().int(),
  displayName: z.string(),
  censusDuration: z.number().int(),
  /** Products with an active (APPROVED or NEW) offer to the institution. */
  products: z.array(
    z.object({
      productId: z.number().int(),
      productName: z.string(),
      isbn: z.string(),
      offerType: z.string(),
    }),
  ),
  /** LMS kinds of the institution's integrations that take a custom course id (canvas, blackboard). */
  lmsKinds: z.array(z.string()),
  departments: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/**
 * GET /api/institution/institutionData : the institution page's course list for one period
 * (coursePeriod uppercased, queryString lowercased, filterBy uppercased, offerType, productId),
 * paged and sorted on the server.
 */
export const InstitutionDataQuery = CourseListFilters;
export const InstitutionDataResponse = CourseListResponse;

/** GET /api/institution/getMasterAndChildcourseListForInstitution?organizationId= */
export const MasterChildListQuery = z.object({
  organizationId: IdParam,
  /** Limit to masters of one period (CURRENT, FUTURE, PAST); all when absent. */
  coursePeriod: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.enum(['CURRENT', 'FUTURE', 'PAST', 'ALL']))
    .default('ALL'),
});
export const MasterChildListResponse = z.object({
  masters: z.array(CourseRow.extend({ children: z.array(CourseRow) })),
});
