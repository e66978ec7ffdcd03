/**
 * The authorization matrix's rows, one per /api route: "METHOD /url" → who may call it (an audience
 * of `authorization-matrix.audiences.ts`) and a request valid enough that access, not validation,
 * decides. A new route adds its row here (append it at the end; rows are independent).
 */
import { day } from './course-fixtures';
import {
  UUID,
  ltiBody,
  none,
  orgP,
  orgQ,
  type Req,
  type Row,
  secQ,
  settings,
  type World,
} from './authorization-matrix.audiences';

/** THE table: "METHOD /url" → audience and request. */
export const TABLE: Record<string, Row> = {
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
    req: (w, s) => ({
      url: '/api/courses/copy/retry',
      payload: { organizationId: w.inst[s].id, ids: [w.copy[s].id] },
    }),
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
      payload: { sectionIds: [w.sectionAlert[s].id] },
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
      payload: { sectionIds: [w.sectionAlert[s].id] },
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

const copyOf = (sectionId: number) => ({
  sectionId,
  courseName: 'Matrix copy',
  startDate: day(1),
  endDate: day(90),
});
const acknowledge = (w: World, body: object) => ({
  url: `/api/alert/alerts/acknowledge?organizationId=${w.inst.own.id}`,
  payload: body,
});

/**
 * Routes that take a list of ids which must all be of the institution the request names
 * (`entityOrgList`): "METHOD /url" → list path → a request naming the caller's own institution
 * (A) and, in that list, an id of the other one (B). Whoever may call the route in A gets 404 (as
 * for an unknown id), anyone else 403, and nothing changes. A route with a list missing here
 * fails the test with its name.
 */
export const FOREIGN_LISTS: Record<string, Record<string, (w: World) => Req>> = {
  'POST /api/courses/copy': {
    'courses[].sectionId': (w) => ({
      url: '/api/courses/copy',
      payload: {
        organizationId: w.inst.own.id,
        courses: [copyOf(w.section.own.id), copyOf(w.section.foreign.id)],
      },
    }),
  },
  'GET /api/courses/copyCourseValidations': {
    'sectionIds[]': (w) => ({
      url: `/api/courses/copyCourseValidations?organizationId=${w.inst.own.id}&sectionIds=${w.section.own.id},${w.section.foreign.id}`,
    }),
  },
  'POST /api/courses/copy/retry': {
    'ids[]': (w) => ({
      url: '/api/courses/copy/retry',
      payload: { organizationId: w.inst.own.id, ids: [w.copy.own.id, w.copy.foreign.id] },
    }),
  },
  'POST /api/alert/alerts/acknowledge': {
    'ids[]': (w) => acknowledge(w, { ids: [w.copy.foreign.id] }),
    'sectionIds[]': (w) => acknowledge(w, { sectionIds: [w.sectionAlert.own.id, w.sectionAlert.foreign.id] }),
  },
  'PUT /api/alert/alerts/acknowledge': {
    'ids[]': (w) => acknowledge(w, { ids: [w.copy.foreign.id] }),
    'sectionIds[]': (w) => acknowledge(w, { sectionIds: [w.sectionAlert.own.id, w.sectionAlert.foreign.id] }),
  },
};
