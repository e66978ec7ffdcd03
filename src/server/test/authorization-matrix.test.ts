/**
 * The authorization matrix: every /api route of the running app × the six demo personas
 * (and anonymous) × their own institution (A) and a foreign one (B) answers as ONE declarative
 * table says: allowed → anything but 401/403; denied → 401 (anonymous) or 403, no row changed, and
 * for a refused write (403) one `denied` audit row.
 *
 * Adding a route (Products, Offers, LTI, …): add one line to `TABLE` below — `who` names the
 * audience from `AUDIENCES` (add an audience when none fits, written from the spec, not copied
 * from RULES), `req` builds a request valid enough that access, not validation, decides. A route
 * missing from the table fails the test with its name.
 *
 * What this relies on (src/server/plugins/access.ts): authentication runs in preValidation (a
 * stranger gets 401 whatever the body), authorization in preHandler, i.e. AFTER the body and query
 * are validated, and after the route's institution resolver (which answers 404 for unknown ids).
 * So every request here names existing rows and passes the contract.
 */
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS, RULE_NAMES } from '../../shared/permissions';
import { auditLog, bulkImports, groupMembers, optOutFiles, users as usersTable } from '../db/schema';
import { createOffer, createProduct, createSection, day } from './course-fixtures';
import { addToInternalGroup, bearer, createInstitution, createRole, createUser, login } from './fixtures';
import { createTestApp, type TestApp } from './harness';
import { createIntegration, createIsbnProduct, createPairing } from './product-fixtures';

const PERSONAS = ['super', 'associate', 'support', 'registrar', 'instructor', 'internal'] as const;
type Persona = (typeof PERSONAS)[number] | 'anonymous';
type Scope = 'own' | 'foreign';

/** Who may call a route, by persona and institution (spec §6 with the resolutions of ARCHITECTURE §4). */
const FLAGS: Persona[] = ['super', 'associate', 'support'];
const AUDIENCES = {
  /** Anyone, signed in or not. */
  public: () => true,
  /** Any signed-in user: session, profile, locale, logout, the institution list. */
  signedIn: (p: Persona) => p !== 'anonymous',
  /** Institution data (Courses tab): dashboard holders there, staff flags, internal users. */
  dashboard: (p: Persona, s: Scope) =>
    FLAGS.includes(p) || p === 'internal' || (p === 'registrar' && s === 'own'),
  /** Users tab: dashboard there, not associate super admin, not nasupport. */
  users: (p: Persona, s: Scope) => p === 'super' || (p === 'registrar' && s === 'own'),
  /** Roles tab: CAN_CREATE_EDIT_ROLES there, not associate super admin. */
  roles: (p: Persona, s: Scope) => p === 'super' || p === 'support' || (p === 'registrar' && s === 'own'),
  /** Course changes, copies, opt-out files, reports, alerts: the permission there (internal users never). */
  courseWork: (p: Persona, s: Scope) => FLAGS.includes(p) || (p === 'registrar' && s === 'own'),
  /** LMS mappings: Products viewers (flags, internal users) and LTI holders there. */
  lms: (p: Persona, s: Scope) => FLAGS.includes(p) || p === 'internal' || (p === 'registrar' && s === 'own'),
  /** LTI 1.3 console: CAN_ACCESS_LTI_1_3_INTEGRATION there (staff flag holders hold it everywhere); never internal users. */
  ltiConsole: (p: Persona, s: Scope) => FLAGS.includes(p) || (p === 'registrar' && s === 'own'),
  /** Audit log: staff flags in any institution, CAN_CREATE_EDIT_ROLES holders in their own. */
  audit: (p: Persona, s: Scope) => FLAGS.includes(p) || (p === 'registrar' && s === 'own'),
  /** Recycle bin: whoever may remove courses or roles there (staff flags; the registrar at home). */
  recycleBin: (p: Persona, s: Scope) => FLAGS.includes(p) || (p === 'registrar' && s === 'own'),
  /** Act-as for support: super admins and nasupport holders, any institution. */
  actAs: (p: Persona) => p === 'super' || p === 'support',
  /** Find a person across institutions: staff flags and internal users. */
  findPeople: (p: Persona) => FLAGS.includes(p) || p === 'internal',
  /** EAD Admin (internal users): super and associate super admins see it. */
  internalUsersView: (p: Persona) => p === 'super' || p === 'associate',
  /** Only super admins change internal users and the Inclusive Access settings. */
  superOnly: (p: Persona) => p === 'super',
  /** Offers tab: CAN_ACCESS_PRODUCTS_REPORTING there (registrar at home), staff flags, internal users. */
  offers: (p: Persona, s: Scope) =>
    FLAGS.includes(p) || p === 'internal' || (p === 'registrar' && s === 'own'),
  /** Offers of several institutions at once: staff flags and internal users only. */
  offersCompare: (p: Persona) => FLAGS.includes(p) || p === 'internal',
  /** Products tab: super admin, associate super admin, nasupport and internal users, any institution. */
  products: (p: Persona) => FLAGS.includes(p) || p === 'internal',
  /** Pairing, updating, removing and exporting products: super admin and nasupport. */
  productsEdit: (p: Persona) => p === 'super' || p === 'support',
} satisfies Record<string, (p: Persona, s: Scope) => boolean>;
type Audience = keyof typeof AUDIENCES;

interface World {
  inst: Record<Scope, { id: number }>;
  section: Record<Scope, { id: number; version: number }>;
  role: Record<Scope, { id: number }>;
  user: Record<Scope, { id: number; email: string; username: string }>;
  /** A second role per institution (to move users between roles). */
  role2: Record<Scope, { id: number }>;
  file: Record<Scope, { id: number }>;
  bulkImport: Record<Scope, { id: string }>;
  offer: Record<Scope, { id: number }>;
  /** An LTI registration of the institution (the console's routes). */
  lti: Record<Scope, { id: number }>;
  /** Products area: the institution's organisation, a product, an LMS integration and a pairing. */
  products: Record<
    Scope,
    {
      organizationId: number;
      urn: string;
      isbn: string;
      productId: number;
      integrationId: number;
      pairingId: number;
    }
  >;
}
interface Req {
  url: string;
  payload?: object;
}
type Row = { who: Audience; req: (w: World, s: Scope) => Req };

const orgQ = (path: string) => (w: World, s: Scope) => ({ url: `${path}?organizationId=${w.inst[s].id}` });
const orgP = (path: string) => (w: World, s: Scope) => ({ url: `${path}/${w.inst[s].id}` });
const secQ = (path: string) => (w: World, s: Scope) => ({ url: `${path}?sectionId=${w.section[s].id}` });
const none = (url: string) => () => ({ url });
const UUID = '00000000-0000-4000-8000-000000000000';
const settings = (path: string, w: World, s: Scope) => ({
  url: `/api/institution/${path}?organizationId=${w.inst[s].id}`,
  payload: { censusDuration: -1, offerType: null, orgInclusiveId: null, inclusiveAccess: false, version: 1 },
});

/** A valid LTI registration body (without its institution). */
const ltiBody = (tag: string) => ({
  lmsKind: 'canvas',
  name: `Matrix LTI ${tag}`,
  issuer: `https://matrix-${tag}.example.edu`,
  clientId: `matrix-${tag}`,
  deployments: [{ deploymentId: `matrix-${tag}` }],
  authLoginUrl: 'https://matrix.example.edu/auth',
  authTokenUrl: 'https://matrix.example.edu/token',
  keysetUrl: 'https://matrix.example.edu/jwks',
});

/** THE table: "METHOD /url" → audience and request. */
const TABLE: Record<string, Row> = {
  'POST /api/auth/login': { who: 'public', req: none('/api/auth/login') },
  'GET /api/auth/sso/providers': { who: 'public', req: none('/api/auth/sso/providers') },
  'GET /api/auth/sso/:providerId/start': { who: 'public', req: none('/api/auth/sso/none/start') },
  'GET /api/auth/sso/:providerId/callback': { who: 'public', req: none('/api/auth/sso/none/callback') },
  'POST /api/auth/sso/exchange': {
    who: 'public',
    req: () => ({ url: '/api/auth/sso/exchange', payload: { code: 'unknown-code' } }),
  },
  'POST /api/auth/refresh': { who: 'signedIn', req: none('/api/auth/refresh') },
  'POST /api/auth/logout': { who: 'signedIn', req: none('/api/auth/logout') },
  'GET /api/auth/session': { who: 'signedIn', req: none('/api/auth/session') },
  'GET /api/auth/capabilities': { who: 'signedIn', req: orgQ('/api/auth/capabilities') },
  'GET /api/app/config': { who: 'public', req: none('/api/app/config') },
  'GET /api/account/setup': { who: 'public', req: none(`/api/account/setup?token=${'x'.repeat(43)}`) },
  'POST /api/account/setup': { who: 'public', req: none('/api/account/setup') },
  'POST /api/auth/password/forgot': { who: 'public', req: none('/api/auth/password/forgot') },
  'GET /api/auth/password/reset': {
    who: 'public',
    req: none(`/api/auth/password/reset?token=${'x'.repeat(43)}`),
  },
  'POST /api/auth/password/reset': { who: 'public', req: none('/api/auth/password/reset') },
  'POST /api/auth/password/change': { who: 'signedIn', req: none('/api/auth/password/change') },
  'POST /api/auth/login/totp': { who: 'public', req: none('/api/auth/login/totp') },
  'POST /api/auth/login/enrol': { who: 'public', req: none('/api/auth/login/enrol') },
  'POST /api/auth/login/enrol/confirm': { who: 'public', req: none('/api/auth/login/enrol/confirm') },
  'GET /api/account/totp': { who: 'signedIn', req: none('/api/account/totp') },
  'POST /api/account/totp/setup': { who: 'signedIn', req: none('/api/account/totp/setup') },
  'POST /api/account/totp/confirm': { who: 'signedIn', req: none('/api/account/totp/confirm') },
  'POST /api/account/totp/disable': { who: 'signedIn', req: none('/api/account/totp/disable') },
  'DELETE /api/users/:id/totp': {
    who: 'superOnly',
    req: (w, s) => ({ url: `/api/users/${w.user[s].id}/totp` }),
  },
  'GET /api/institution/institutionListFilterByName': {
    who: 'signedIn',
    req: none('/api/institution/institutionListFilterByName?name=a'),
  },
  'GET /api/institution/search': { who: 'signedIn', req: none('/api/institution/search?name=a') },
  'GET /api/people': { who: 'findPeople', req: none('/api/people?q=ab') },
  'GET /api/institution/institutionList': { who: 'signedIn', req: none('/api/institution/institutionList') },
  'GET /api/institution/institutionDetails/:organizationId': {
    who: 'dashboard',
    req: orgP('/api/institution/institutionDetails'),
  },
  'GET /api/institution/departments/:organizationId': {
    who: 'dashboard',
    req: orgP('/api/institution/departments'),
  },
  'GET /api/institution/instructorListForInstitution/:organizationId': {
    who: 'dashboard',
    req: orgP('/api/institution/instructorListForInstitution'),
  },
  'GET /api/institution/usersListForInstution/:organizationId': {
    who: 'dashboard',
    req: orgP('/api/institution/usersListForInstution'),
  },
  'GET /api/institution/offers': { who: 'offers', req: orgQ('/api/institution/offers') },
  'GET /api/institution/offers/export': { who: 'offers', req: orgQ('/api/institution/offers/export') },
  'GET /api/institution/offers/:offerId': {
    who: 'offers',
    req: (w, s) => ({ url: `/api/institution/offers/${w.offer[s].id}` }),
  },
  'GET /api/product/productOffers': { who: 'offers', req: orgQ('/api/product/productOffers') },
  'POST /api/product/getProductOffers': {
    who: 'offersCompare',
    req: (w, s) => ({ url: '/api/product/getProductOffers', payload: { organizationIds: [w.inst[s].id] } }),
  },
  'GET /api/product/getProductOffers/export': {
    who: 'offersCompare',
    req: (w, s) => ({ url: `/api/product/getProductOffers/export?organizationIds=${w.inst[s].id}` }),
  },
  'GET /api/institution/getAllLMSMapping': { who: 'lms', req: orgQ('/api/institution/getAllLMSMapping') },
  'GET /api/organization/:organizationId': { who: 'dashboard', req: orgP('/api/organization') },
  'GET /api/institution/institutionData': { who: 'dashboard', req: orgQ('/api/institution/institutionData') },
  'GET /api/institution/getMasterAndChildcourseListForInstitution': {
    who: 'dashboard',
    req: orgQ('/api/institution/getMasterAndChildcourseListForInstitution'),
  },
  'GET /api/courses/roster': { who: 'dashboard', req: secQ('/api/courses/roster') },
  'GET /api/courses/roster/export': { who: 'dashboard', req: secQ('/api/courses/roster/export') },
  'GET /api/inclusive-access/dashboard': { who: 'dashboard', req: orgQ('/api/inclusive-access/dashboard') },
  'GET /api/inclusive-access/census-report': {
    who: 'courseWork',
    req: orgQ('/api/inclusive-access/census-report'),
  },
  'GET /api/inclusive-access/census-report/students': {
    who: 'courseWork',
    req: orgQ('/api/inclusive-access/census-report/students'),
  },
  'POST /api/inclusive-access/opt-status': {
    who: 'courseWork',
    req: (w, s) => ({
      url: `/api/inclusive-access/opt-status?sectionId=${w.section[s].id}`,
      payload: { enrollmentId: 999_999, optStatus: 'optout' },
    }),
  },
  'POST /api/inclusive-access/extend-trial': {
    who: 'courseWork',
    req: (w, s) => ({
      url: `/api/inclusive-access/extend-trial?sectionId=${w.section[s].id}`,
      payload: { enrollmentId: 999_999, days: 3, reason: 'Late bookstore delivery' },
    }),
  },
  'POST /api/inclusive-access/access-mail': {
    who: 'courseWork',
    req: (w, s) => ({
      url: `/api/inclusive-access/access-mail?sectionId=${w.section[s].id}`,
      payload: { enrollmentId: 999_999 },
    }),
  },
  'POST /api/inclusive-access/drop': {
    who: 'courseWork',
    req: (w, s) => ({
      url: `/api/inclusive-access/drop?sectionId=${w.section[s].id}`,
      payload: { enrollmentId: 999_999 },
    }),
  },
  'GET /api/courses/courseSearch': {
    who: 'dashboard',
    req: (w, s) => ({ url: `/api/courses/courseSearch?organizationId=${w.inst[s].id}&q=a` }),
  },
  'GET /api/courses/details': { who: 'dashboard', req: secQ('/api/courses/details') },
  'GET /api/courses/rosterSync': { who: 'dashboard', req: secQ('/api/courses/rosterSync') },
  'POST /api/courses/rosterSync': { who: 'ltiConsole', req: secQ('/api/courses/rosterSync') },
  'GET /api/courses/childCourseDetails': { who: 'dashboard', req: secQ('/api/courses/childCourseDetails') },
  'GET /api/courses/childList': {
    who: 'dashboard',
    req: (w, s) => ({ url: `/api/courses/childList?masterCourseId=${w.section[s].id}` }),
  },
  'GET /api/courses/cgcourses/details/:organizationId/:sectionId': {
    who: 'dashboard',
    req: (w, s) => ({ url: `/api/courses/cgcourses/details/${w.inst[s].id}/${w.section[s].id}` }),
  },
  'GET /api/courses/instructor': { who: 'dashboard', req: secQ('/api/courses/instructor') },
  'PUT /api/courses/editSection': {
    who: 'courseWork',
    req: (w, s) => ({
      url: '/api/courses/editSection',
      payload: {
        sectionId: w.section[s].id,
        version: w.section[s].version,
        courseName: 'Renamed by the matrix',
        description: '',
        sectionCode: 'M-1',
        startDate: day(-10),
        endDate: day(80),
      },
    }),
  },
  'PUT /api/courses/instructor': {
    who: 'courseWork',
    req: (w, s) => ({
      url: '/api/courses/instructor',
      payload: { sectionId: w.section[s].id, instructors: [{ userId: w.user[s].id, role: 'instructor' }] },
    }),
  },
  'DELETE /api/courses/delete': { who: 'courseWork', req: secQ('/api/courses/delete') },
  'POST /api/courses/createCourse': {
    who: 'courseWork',
    req: (w, s) => ({
      url: '/api/courses/createCourse',
      payload: {
        organizationId: w.inst[s].id,
        courseName: 'Matrix course',
        description: '',
        sectionCode: 'M-2',
        startDate: day(1),
        endDate: day(90),
      },
    }),
  },
  'POST /api/courses/copy': {
    who: 'courseWork',
    req: (w, s) => ({
      url: '/api/courses/copy',
      payload: {
        organizationId: w.inst[s].id,
        courses: [
          { sectionId: w.section[s].id, courseName: 'Matrix copy', startDate: day(1), endDate: day(90) },
        ],
      },
    }),
  },
  'POST /api/courses/createChildCourse': {
    who: 'courseWork',
    req: (w, s) => ({
      url: '/api/courses/createChildCourse',
      payload: {
        organizationId: w.inst[s].id,
        parentSectionId: w.section[s].id,
        courseName: 'Matrix child',
        startDate: day(1),
        endDate: day(90),
      },
    }),
  },
  'GET /api/courses/copy/status': {
    who: 'courseWork',
    req: (w, s) => ({ url: `/api/courses/copy/status?organizationId=${w.inst[s].id}&trackingId=${UUID}` }),
  },
  'GET /api/courses/copy/requests': { who: 'courseWork', req: orgQ('/api/courses/copy/requests') },
  'POST /api/courses/copy/retry': {
    who: 'courseWork',
    req: (w, s) => ({ url: '/api/courses/copy/retry', payload: { organizationId: w.inst[s].id, ids: [1] } }),
  },
  'GET /api/courses/courseCopyValidation': {
    who: 'courseWork',
    req: (w, s) => ({
      url: `/api/courses/courseCopyValidation?organizationId=${w.inst[s].id}&sectionId=${w.section[s].id}`,
    }),
  },
  'GET /api/courses/copyCourseValidations': {
    who: 'courseWork',
    req: (w, s) => ({
      url: `/api/courses/copyCourseValidations?organizationId=${w.inst[s].id}&sectionIds=${w.section[s].id}`,
    }),
  },
  'POST /api/upload/optoutfile': { who: 'courseWork', req: orgQ('/api/upload/optoutfile') },
  'GET /api/upload/optoutfile': { who: 'dashboard', req: orgQ('/api/upload/optoutfile') },
  'GET /api/institution/download/ISReport': {
    who: 'courseWork',
    req: orgQ('/api/institution/download/ISReport'),
  },
  'GET /api/institution/download/CSReport': {
    who: 'courseWork',
    req: orgQ('/api/institution/download/CSReport'),
  },
  'GET /api/institution/censusData': { who: 'courseWork', req: orgQ('/api/institution/censusData') },
  'GET /api/alert/alerts': {
    who: 'courseWork',
    req: (w, s) => ({ url: `/api/alert/alerts?organizationId=${w.inst[s].id}&timeZone=UTC` }),
  },
  'POST /api/alert/alerts/acknowledge': {
    who: 'courseWork',
    req: (w, s) => ({
      url: `/api/alert/alerts/acknowledge?organizationId=${w.inst[s].id}`,
      payload: { ids: [1] },
    }),
  },
  'POST /api/registrarUser/searchUser': {
    who: 'users',
    req: (w, s) => ({ url: '/api/registrarUser/searchUser', payload: { organizationId: w.inst[s].id } }),
  },
  'GET /api/institution/organizationUserSearch': {
    who: 'users',
    req: (w, s) => ({ url: `/api/institution/organizationUserSearch?organizationId=${w.inst[s].id}&q=a` }),
  },
  'POST /api/registrarUser/piUser/:id': {
    who: 'users',
    req: (w, s) => ({
      url: `/api/registrarUser/piUser/${w.inst[s].id}`,
      payload: {
        firstName: 'New',
        lastName: 'Person',
        email: `matrix-${s}@example.edu`,
        groupId: w.role[s].id,
      },
    }),
  },
  'PUT /api/registrarUser/piUser': {
    who: 'users',
    req: (w, s) => ({
      url: `/api/registrarUser/piUser?organizationId=${w.inst[s].id}`,
      payload: {
        userId: w.user[s].id,
        firstName: 'Same',
        lastName: 'Person',
        email: w.user[s].email,
        groupId: w.role[s].id,
      },
    }),
  },
  'PUT /api/registrarUser/piUser/:id/status': {
    who: 'users',
    req: (w, s) => ({
      url: `/api/registrarUser/piUser/${w.user[s].id}/status?organizationId=${w.inst[s].id}`,
      payload: { status: 'active' },
    }),
  },
  'DELETE /api/registrarUser/piUser/:id/institution': {
    who: 'users',
    req: (w, s) => ({
      url: `/api/registrarUser/piUser/${w.user[s].id}/institution?organizationId=${w.inst[s].id}`,
    }),
  },
  'POST /api/registrarUser/piUser/:id/notify': {
    who: 'users',
    req: (w, s) => ({
      url: `/api/registrarUser/piUser/${w.user[s].id}/notify?organizationId=${w.inst[s].id}`,
    }),
  },
  'GET /api/registrarUser/getPiUser/:id': {
    who: 'users',
    req: (w, s) => ({ url: `/api/registrarUser/getPiUser/${w.user[s].id}?organizationId=${w.inst[s].id}` }),
  },
  'GET /api/registrarUser/userSectionAssociation/:id': {
    who: 'users',
    req: (w, s) => ({
      url: `/api/registrarUser/userSectionAssociation/${w.user[s].id}?organizationId=${w.inst[s].id}`,
    }),
  },
  'POST /api/registrarUser/addUser2Institution': {
    who: 'users',
    req: (w, s) => ({
      url: '/api/registrarUser/addUser2Institution',
      payload: { userId: w.user[s].id, organizationId: w.inst[s].id, groupId: w.role[s].id },
    }),
  },
  'POST /api/registrarUser/addUsers2Institution': {
    who: 'users',
    req: (w, s) => ({
      url: '/api/registrarUser/addUsers2Institution',
      payload: { userIds: [w.user[s].id], organizationId: w.inst[s].id, groupId: w.role[s].id },
    }),
  },
  'GET /api/registrarUser/getUser/:username': {
    who: 'superOnly',
    req: (w, s) => ({ url: `/api/registrarUser/getUser/${w.user[s].username}` }),
  },
  'GET /api/registrarUser/instructor/bulkAccountTemplate': {
    who: 'users',
    req: orgQ('/api/registrarUser/instructor/bulkAccountTemplate'),
  },
  'GET /api/groupAuth/userGroupDetails': {
    who: 'internalUsersView',
    req: none('/api/groupAuth/userGroupDetails'),
  },
  'GET /api/groupAuth/userGroupDetails/export': {
    who: 'internalUsersView',
    req: none('/api/groupAuth/userGroupDetails/export'),
  },
  'GET /api/groupAuth/group': {
    who: 'roles',
    req: (w, s) => ({ url: `/api/groupAuth/group?contextId=${w.inst[s].id}` }),
  },
  'POST /api/groupAuth/group': {
    who: 'roles',
    req: (w, s) => ({
      url: '/api/groupAuth/group',
      payload: { contextId: w.inst[s].id, name: `Matrix ${s}` },
    }),
  },
  'PUT /api/groupAuth/group': {
    who: 'roles',
    req: (w, s) => ({
      url: `/api/groupAuth/group?groupId=${w.role[s].id}`,
      payload: { name: 'Clerk', version: 1 },
    }),
  },
  'DELETE /api/groupAuth/group': {
    who: 'roles',
    req: (w, s) => ({ url: `/api/groupAuth/group?groupId=${w.role[s].id}`, payload: {} }),
  },
  // Another user's roles: whoever may see users or roles there (one's own roles: any signed-in user).
  'GET /api/groupAuth/groupsByMember': {
    who: 'roles',
    req: (w, s) => ({
      url: `/api/groupAuth/groupsByMember?memberId=${w.user[s].id}&organizationIdForRole=${w.inst[s].id}`,
    }),
  },
  'GET /api/groupAuth/groupMember': {
    who: 'roles',
    req: (w, s) => ({ url: `/api/groupAuth/groupMember?groupId=${w.role[s].id}` }),
  },
  'POST /api/groupAuth/groupMember': {
    who: 'roles',
    req: (w, s) => ({
      url: '/api/groupAuth/groupMember',
      payload: { groupId: w.role[s].id, memberIds: [w.user[s].id] },
    }),
  },
  'PUT /api/groupAuth/groupMember': {
    who: 'roles',
    req: (w, s) => ({
      url: '/api/groupAuth/groupMember',
      payload: { fromGroupId: w.role[s].id, groupId: w.role2[s].id, all: true },
    }),
  },
  'DELETE /api/groupAuth/groupMember': {
    who: 'roles',
    req: (w, s) => ({
      url: `/api/groupAuth/groupMember?groupId=${w.role[s].id}&memberType=identity_id&memberId=${w.user[s].id}`,
    }),
  },
  'GET /api/upload/optoutfile/report': {
    who: 'dashboard',
    req: (w, s) => ({ url: `/api/upload/optoutfile/report?fileId=${w.file[s].id}` }),
  },
  'DELETE /api/upload/optoutfile': {
    who: 'courseWork',
    req: (w, s) => ({ url: `/api/upload/optoutfile?fileId=${w.file[s].id}` }),
  },
  'PUT /api/institution/updateInstitution': {
    who: 'superOnly',
    req: (w, s) => settings('updateInstitution', w, s),
  },
  'POST /api/institution/updateInstitution': {
    who: 'superOnly',
    req: (w, s) => settings('updateInstitution', w, s),
  },
  'PUT /api/institution/updateInstitutionDetails': {
    who: 'superOnly',
    req: (w, s) => settings('updateInstitutionDetails', w, s),
  },
  'POST /api/institution/updateInstitutionDetails': {
    who: 'superOnly',
    req: (w, s) => settings('updateInstitutionDetails', w, s),
  },
  'PUT /api/alert/alerts/acknowledge': {
    who: 'courseWork',
    req: (w, s) => ({
      url: `/api/alert/alerts/acknowledge?organizationId=${w.inst[s].id}`,
      payload: { ids: [1] },
    }),
  },
  'POST /api/registrarUser/instructor/bulkAccountCreation': {
    who: 'users',
    req: orgQ('/api/registrarUser/instructor/bulkAccountCreation'),
  },
  'GET /api/registrarUser/instructor/bulkAccountCreation': {
    who: 'users',
    req: orgQ('/api/registrarUser/instructor/bulkAccountCreation'),
  },
  'GET /api/registrarUser/instructor/bulkAccountCreation/:importId': {
    who: 'users',
    req: (w, s) => ({ url: `/api/registrarUser/instructor/bulkAccountCreation/${w.bulkImport[s].id}` }),
  },
  'GET /api/registrarUser/instructor/bulkAccountCreation/:importId/rows': {
    who: 'users',
    req: (w, s) => ({ url: `/api/registrarUser/instructor/bulkAccountCreation/${w.bulkImport[s].id}/rows` }),
  },
  'POST /api/registrarUser/instructor/bulkAccountCreation/:importId/commit': {
    who: 'users',
    req: (w, s) => ({
      url: `/api/registrarUser/instructor/bulkAccountCreation/${w.bulkImport[s].id}/commit`,
      payload: { mode: 'create' },
    }),
  },
  'GET /api/registrarUser/instructor/bulkAccountCreation/:importId/report': {
    who: 'users',
    req: (w, s) => ({
      url: `/api/registrarUser/instructor/bulkAccountCreation/${w.bulkImport[s].id}/report`,
    }),
  },
  'GET /api/groupAuth/plaUrls': { who: 'signedIn', req: none('/api/groupAuth/plaUrls') },
  'GET /api/products/organizations': { who: 'products', req: none('/api/products/organizations') },
  'GET /api/products/organization/:id': {
    who: 'products',
    req: (w, s) => ({ url: `/api/products/organization/${w.products[s].organizationId}` }),
  },
  'GET /api/products/:id/details': {
    who: 'products',
    req: (w, s) => ({
      url: `/api/products/${w.inst[s].id}/details?urn=${encodeURIComponent(w.products[s].urn)}`,
    }),
  },
  'GET /api/products/coursedetails': {
    who: 'products',
    req: (w, s) => ({ url: `/api/products/coursedetails?pairingId=${w.products[s].pairingId}` }),
  },
  'PUT /api/products/coursedetails': {
    who: 'productsEdit',
    req: (w, s) => ({
      url: `/api/products/coursedetails?pairingId=${w.products[s].pairingId}&organizationId=${w.inst[s].id}`,
      payload: { censusDuration: 20, freeAccessDuration: 5 },
    }),
  },
  'DELETE /api/products/coursedetails': {
    who: 'productsEdit',
    req: (w, s) => ({
      url: `/api/products/coursedetails?pairingId=${w.products[s].pairingId}&organizationId=${w.inst[s].id}`,
    }),
  },
  'GET /api/products/productDetails/:x': {
    who: 'products',
    req: (w, s) => ({ url: `/api/products/productDetails/${w.products[s].productId}` }),
  },
  'GET /api/products/productDetailsByIsbn/:isbn': {
    who: 'products',
    req: (w, s) => ({ url: `/api/products/productDetailsByIsbn/${w.products[s].isbn}` }),
  },
  'GET /api/products/getLmsList/': { who: 'products', req: orgQ('/api/products/getLmsList/') },
  'GET /api/products/getChannelPartnerList/': {
    who: 'products',
    req: none('/api/products/getChannelPartnerList/'),
  },
  'POST /api/products/createCourseParing/': {
    who: 'productsEdit',
    req: (w, s) => ({
      url: '/api/products/createCourseParing/',
      payload: {
        organizationId: w.inst[s].id,
        integrationId: w.products[s].integrationId,
        sectionId: w.section[s].id,
        lmsCourseId: `matrix-${s}`,
        productId: w.products[s].productId,
        censusDuration: 14,
        freeAccessDuration: 3,
      },
    }),
  },
  'GET /api/lti/registrations': { who: 'ltiConsole', req: orgQ('/api/lti/registrations') },
  'POST /api/lti/registrations': {
    who: 'ltiConsole',
    req: (w, s) => ({
      url: '/api/lti/registrations',
      payload: { organizationId: w.inst[s].id, ...ltiBody(s) },
    }),
  },
  'GET /api/lti/registrations/:registrationId': {
    who: 'ltiConsole',
    req: (w, s) => ({ url: `/api/lti/registrations/${w.lti[s].id}` }),
  },
  'PUT /api/lti/registrations/:registrationId': {
    who: 'ltiConsole',
    req: (w, s) => ({ url: `/api/lti/registrations/${w.lti[s].id}`, payload: ltiBody(`${s}-edit`) }),
  },
  'PUT /api/lti/registrations/:registrationId/status': {
    who: 'ltiConsole',
    req: (w, s) => ({ url: `/api/lti/registrations/${w.lti[s].id}/status`, payload: { status: 'disabled' } }),
  },
  'DELETE /api/lti/registrations/:registrationId': {
    who: 'ltiConsole',
    req: (w, s) => ({ url: `/api/lti/registrations/${w.lti[s].id}` }),
  },
  'POST /api/lti/registrations/:registrationId/keys/rotate': {
    who: 'ltiConsole',
    req: (w, s) => ({ url: `/api/lti/registrations/${w.lti[s].id}/keys/rotate` }),
  },
  'POST /api/lti/registrations/:registrationId/rosterSyncs/:pairingId': {
    who: 'ltiConsole',
    req: (w, s) => ({ url: `/api/lti/registrations/${w.lti[s].id}/rosterSyncs/999999` }),
  },
  'POST /api/lti/registrationLinks': {
    who: 'ltiConsole',
    req: (w, s) => ({ url: '/api/lti/registrationLinks', payload: { organizationId: w.inst[s].id } }),
  },
  'GET /api/lti/toolConfiguration': { who: 'ltiConsole', req: orgQ('/api/lti/toolConfiguration') },
  'GET /api/lti/canvasConfig': { who: 'ltiConsole', req: orgQ('/api/lti/canvasConfig') },
  'GET /api/audit': { who: 'audit', req: orgQ('/api/audit') },
  'GET /api/recycle-bin': { who: 'recycleBin', req: orgQ('/api/recycle-bin') },
  'POST /api/recycle-bin/restore': {
    who: 'recycleBin',
    req: (w, s) => ({ url: '/api/recycle-bin/restore', payload: { organizationId: w.inst[s].id, id: 1 } }),
  },
  'GET /api/audit/export': { who: 'audit', req: orgQ('/api/audit/export') },
  'GET /api/audit/actors': { who: 'audit', req: orgQ('/api/audit/actors') },
  'GET /api/access/explain': {
    who: 'audit',
    req: (w, s) => ({
      url: `/api/access/explain?organizationId=${w.inst[s].id}&userId=${w.user[s].id}&rule=viewInstitution`,
    }),
  },
  'GET /api/access/explain/users': { who: 'audit', req: orgQ('/api/access/explain/users') },
  // a member of the other institution: allowed callers get 422, so no persona's session starts acting
  'POST /api/act-as/start': {
    who: 'actAs',
    req: (w, s) => ({
      url: '/api/act-as/start',
      payload: {
        organizationId: w.inst[s].id,
        userId: w.user[s === 'own' ? 'foreign' : 'own'].id,
        reason: 'Matrix',
      },
    }),
  },
  'POST /api/act-as/stop': { who: 'signedIn', req: none('/api/act-as/stop') },
  'GET /api/act-as/candidates': { who: 'actAs', req: orgQ('/api/act-as/candidates') },
  'GET /api/export/organization/:id': {
    who: 'productsEdit',
    req: (w, s) => ({ url: `/api/export/organization/${w.products[s].organizationId}` }),
  },
};

let t: TestApp;
let w: World;
const tokens = new Map<Persona, string>();
const userIds = new Map<Persona, number>();
const refusedWrite = (method: string) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);

/** A fingerprint of the tables a dashboard write can touch (not the audit log or sessions). */
const WATCHED = [
  'institutions',
  'sections',
  'section_instructors',
  'groups',
  'group_members',
  'memberships',
  'users',
  'copy_requests',
  'copy_jobs',
  'opt_out_files',
  'opt_out_changes',
  'alert_acknowledgements',
  'bulk_imports',
  'enrollments',
  'mail_outbox',
  'lms_course_pairings',
  'lms_integrations',
  'lms_deployments',
  'lms_key_store',
  'lti_registration_links',
];
async function fingerprint(): Promise<string> {
  const parts: string[] = [];
  for (const table of WATCHED) {
    const res = await t.db.execute(
      sql.raw(`SELECT md5(coalesce(string_agg(x::text, ',' ORDER BY x::text), '')) AS h FROM ${table} x`),
    );
    const rows = (res as unknown as { rows: { h: string }[] }).rows ?? (res as unknown as { h: string }[]);
    parts.push(`${table}:${rows[0]?.h}`);
  }
  return parts.join('|');
}
const deniedCount = async () =>
  Number((await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.outcome, 'denied')))[0].n);

beforeAll(async () => {
  t = await createTestApp();
  const a = await createInstitution(t.db, 'Matrix Alder College');
  const b = await createInstitution(t.db, 'Matrix Birch University');
  const c = await createInstitution(t.db, 'Matrix Staff Home');
  const mk = async (name: string, opts = {}) => createUser(t.db, name, opts);
  const users = {
    super: await mk('super', { superAdmin: true }),
    associate: await mk('associate', { associateSuperAdmin: true }),
    support: await mk('support', { nasupport: true }),
    registrar: await mk('registrar'),
    instructor: await mk('instructor'),
    internal: await mk('internal'),
  };
  // As the demo seed places them (src/server/db/seed/people.ts).
  await createRole(t.db, c.id, 'Administrator', ADMIN_PERMISSIONS, [
    users.super.id,
    users.associate.id,
    users.support.id,
  ]);
  await createRole(t.db, a.id, 'Administrator', ADMIN_PERMISSIONS, [users.registrar.id]);
  await createRole(
    t.db,
    a.id,
    'Instructor',
    ['CAN_COPY_EDIT_COURSES', 'CAN_ENROLL_STUDENTS', 'CAN_ACCESS_REPORTING_ANALYTICS'],
    [users.instructor.id],
  );
  await addToInternalGroup(t.db, t.app.config.internalGroupId, users.internal.id);
  const bAdmin = await mk('badmin');
  await createRole(t.db, b.id, 'Administrator', ADMIN_PERMISSIONS, [bAdmin.id]);
  const clerkA = await mk('clerka');
  const clerkB = await mk('clerkb');
  const roleA = await createRole(t.db, a.id, 'Clerk', ['CAN_ACCESS_ADMIN_DASHBOARD'], [clerkA.id]);
  const roleB = await createRole(t.db, b.id, 'Clerk', ['CAN_ACCESS_ADMIN_DASHBOARD'], [clerkB.id]);
  const secA = await createSection(t.db, { institutionId: a.id, courseName: 'Matrix A 101' });
  const secB = await createSection(t.db, { institutionId: b.id, courseName: 'Matrix B 101' });
  const role2A = await createRole(t.db, a.id, 'Clerk 2', ['CAN_ACCESS_ADMIN_DASHBOARD'], []);
  const role2B = await createRole(t.db, b.id, 'Clerk 2', ['CAN_ACCESS_ADMIN_DASHBOARD'], []);
  const file = async (institutionId: number) =>
    (
      await t.db
        .insert(optOutFiles)
        .values({
          institutionId,
          fileName: 'optout.csv',
          contentType: 'text/csv',
          content: Buffer.from('email\n'),
          uploadedBy: bAdmin.id,
        })
        .returning()
    )[0];
  const bulk = async (institutionId: number) =>
    (
      await t.db
        .insert(bulkImports)
        .values({
          institutionId,
          uploadedBy: bAdmin.id,
          fileName: 'accounts.xlsx',
          fileSha256: '0'.repeat(64),
          fileSize: 1,
          status: 'previewed',
        })
        .returning()
    )[0];
  const offered = await createProduct(t.db, 'Matrix Offer Product');
  const productWorld = async (inst: { id: number; organizationId: number }, sectionId: number) => {
    const product = await createIsbnProduct(t.db, `Matrix Product ${inst.id}`);
    await createOffer(t.db, inst.id, product);
    const integration = await createIntegration(t.db, inst.id);
    const pairing = await createPairing(t.db, {
      institutionId: inst.id,
      productId: product.id,
      sectionId,
      integrationId: integration.id,
      lmsCourseId: `matrix-pair-${inst.id}`,
      censusDuration: 10,
      freeAccessDuration: 2,
    });
    return {
      organizationId: inst.organizationId,
      urn: product.urn,
      isbn: product.isbn,
      productId: product.id,
      integrationId: integration.id,
      pairingId: pairing.id,
    };
  };
  w = {
    products: { own: await productWorld(a, secA.id), foreign: await productWorld(b, secB.id) },
    offer: { own: await createOffer(t.db, a.id, offered), foreign: await createOffer(t.db, b.id, offered) },
    lti: { own: await createIntegration(t.db, a.id), foreign: await createIntegration(t.db, b.id) },
    role2: { own: role2A, foreign: role2B },
    file: { own: await file(a.id), foreign: await file(b.id) },
    bulkImport: { own: await bulk(a.id), foreign: await bulk(b.id) },
    inst: { own: a, foreign: b },

    section: { own: secA, foreign: secB },
    role: { own: roleA, foreign: roleB },
    user: { own: clerkA, foreign: clerkB },
  };
  for (const p of PERSONAS) tokens.set(p, await login(t.app, p));
  for (const p of PERSONAS) userIds.set(p, users[p].id);
});
afterAll(() => t.close());

const apiRoutes = () =>
  t.app.declaredRoutes
    .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
    .map((r) => `${r.method} ${r.url}`);

/**
 * "Explain access" against the real routes: for every capability rule, one route that
 * declares it (a GET where there is one, else a write other than a delete), and for every persona
 * in their own and a foreign institution, explain's verdict (asked by the super admin) must be the
 * route's: allowed ⇔ not 403. Runs before the matrix below, on scratch sections so a delete here
 * removes nothing the matrix needs.
 */
describe('explain access agrees with the routes', () => {
  it('gives the real route answer for every rule × persona × institution', async () => {
    const scratch = {
      own: await createSection(t.db, { institutionId: w.inst.own.id, courseName: 'Explain A 101' }),
      foreign: await createSection(t.db, { institutionId: w.inst.foreign.id, courseName: 'Explain B 101' }),
    };
    const world: World = { ...w, section: scratch };
    const rank = (method: string) => (method === 'GET' ? 0 : method === 'DELETE' ? 2 : 1);
    const declared = t.app.declaredRoutes.filter(
      (r) =>
        `${r.method} ${r.url}` in TABLE &&
        !(r.method !== 'GET' && (r.url.startsWith('/api/auth/') || r.url.startsWith('/api/act-as/'))),
    );
    const chosen = RULE_NAMES.map((rule) => ({
      rule,
      route: declared
        .filter((r) => r.access?.rule === rule)
        .sort((a, b) => rank(a.method) - rank(b.method))[0],
    }));
    // deletes last, so nothing a later rule's route names is gone
    chosen.sort((a, b) => rank(a.route?.method ?? 'GET') - rank(b.route?.method ?? 'GET'));
    const failures: string[] = [];
    const checked: string[] = [];
    for (const { rule, route } of chosen) {
      if (!route) continue;
      const key = `${route.method} ${route.url}`;
      for (const scope of ['own', 'foreign'] as const) {
        const verdicts: { persona: (typeof PERSONAS)[number]; allowed: boolean }[] = [];
        for (const persona of PERSONAS) {
          const res = await t.app.inject({
            method: 'GET',
            url: `/api/access/explain?organizationId=${w.inst[scope].id}&userId=${userIds.get(persona)}&rule=${rule}`,
            headers: bearer(tokens.get('super') as string),
          });
          if (res.statusCode !== 200)
            failures.push(`explain ${rule} ${persona} (${scope}) → ${res.statusCode}`);
          else verdicts.push({ persona, allowed: res.json().allowed });
        }
        // refusals first: an allowed write may change what the next call finds
        verdicts.sort((a, b) => Number(a.allowed) - Number(b.allowed));
        for (const { persona, allowed } of verdicts) {
          const { url, payload } = TABLE[key].req(world, scope);
          const res = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers: bearer(tokens.get(persona) as string),
            ...(payload ? { payload } : {}),
          });
          if ((res.statusCode === 403) === allowed)
            failures.push(
              `${rule} via ${key} as ${persona} (${scope}): explain ${allowed}, route ${res.statusCode}`,
            );
        }
      }
      checked.push(rule);
    }
    expect(failures).toEqual([]);
    // not compared: rules no route declares (they only shape the UI); a route missing from TABLE
    // is reported by the matrix test below
    const declaredByAnyRoute = (rule: string) => t.app.declaredRoutes.some((d) => d.access?.rule === rule);
    expect(RULE_NAMES.filter((r) => !checked.includes(r) && !declaredByAnyRoute(r))).toEqual([
      'searchAllInstitutions',
      'viewAdminTools',
      'overrideOptLock', // checked by the opt-status service once the course is past census
    ]);
  }, 600_000);
});

describe('authorization matrix', () => {
  it('has a line for every route of the app', () => {
    const missing = apiRoutes().filter((key) => !(key in TABLE));
    expect(missing, `routes missing from the authorization matrix: ${missing.join(', ')}`).toEqual([]);
  });

  it('answers every route × persona × institution as the table says', async () => {
    const failures: string[] = [];
    // Denials first (they must change nothing), then the allowed calls (which may change rows).
    for (const phase of ['denied', 'allowed'] as const) {
      for (const key of apiRoutes()) {
        const row = TABLE[key];
        if (!row) continue;
        const [method, pattern] = key.split(' ');
        if (pattern === '/api/auth/logout' && phase === 'allowed') continue; // would end the persona's session
        for (const scope of ['own', 'foreign'] as const) {
          for (const persona of ['anonymous', ...PERSONAS] as Persona[]) {
            const allowed = AUDIENCES[row.who](persona, scope);
            if ((phase === 'allowed') !== allowed) continue;
            const { url, payload } = row.req(w, scope);
            const token = tokens.get(persona);
            const before = allowed ? '' : await fingerprint();
            const audits = allowed ? 0 : await deniedCount();
            const res = await t.app.inject({
              method: method as 'GET',
              url,
              headers: token ? bearer(token) : {},
              ...(payload ? { payload } : {}),
            });
            const label = `${key} as ${persona} (${scope}) → ${res.statusCode}`;
            if (allowed) {
              if ([401, 403].includes(res.statusCode))
                failures.push(`${label}: expected allowed ${res.body}`);
              continue;
            }
            const expected = persona === 'anonymous' ? 401 : 403;
            if (row.who === 'public') continue;
            if (res.statusCode !== expected) {
              failures.push(`${label}: expected ${expected} ${res.body.slice(0, 200)}`);
              continue;
            }
            if ((await fingerprint()) !== before) failures.push(`${label}: rows changed`);
            if (expected === 403 && refusedWrite(method) && (await deniedCount()) !== audits + 1) {
              failures.push(`${label}: no audit row for the refused write`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});

/**
 * Accounts belong to everyone who administers them: adding another institution's
 * account to one's own stays allowed, but its e-mail and names then change only by someone who
 * administers every institution of the account, or a super admin.
 */
describe('shared accounts in the matrix', () => {
  it("refuses the registrar rewriting the e-mail of another institution's account pulled in; a super admin may", async () => {
    const shared = await createUser(t.db, 'matrixshared');
    const role2B = w.role2.foreign.id;
    await t.db.insert(groupMembers).values({ groupId: role2B, userId: shared.id });
    const as = (persona: Persona, method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, headers: bearer(tokens.get(persona) as string), payload });
    const added = await as('registrar', 'POST', '/api/registrarUser/addUser2Institution', {
      userId: shared.id,
      organizationId: w.inst.own.id,
      groupId: w.role.own.id,
    });
    expect(added.statusCode, added.body).toBe(201);
    const edit = (email: string) => ({
      userId: shared.id,
      firstName: shared.firstName,
      lastName: shared.lastName,
      email,
      groupId: w.role.own.id,
    });
    const url = `/api/registrarUser/piUser?organizationId=${w.inst.own.id}`;
    const before = await fingerprint();
    const audits = await deniedCount();
    const refused = await as('registrar', 'PUT', url, edit('attacker@evil.example'));
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toBe('error.sharedAccountFields');
    expect(await fingerprint()).toBe(before);
    expect(await deniedCount()).toBe(audits + 1);
    const bySuper = await as('super', 'PUT', url, edit('matrixshared-new@example.edu'));
    expect(bySuper.statusCode, bySuper.body).toBe(200);
    const [row] = await t.db.select().from(usersTable).where(eq(usersTable.id, shared.id));
    expect(row.email).toBe('matrixshared-new@example.edu');
  });
});
