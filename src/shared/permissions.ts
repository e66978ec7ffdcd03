/**
 * Permission names, flags and the capability rules of spec §6 with the resolutions of
 * ARCHITECTURE §4. Both the server (route guards) and the web (tabs, buttons) read this file.
 */
export const PERMISSIONS = [
  'CAN_ACCESS_ADMIN_DASHBOARD',
  'CAN_CREATE_EDIT_USERS',
  'CAN_CREATE_EDIT_ROLES',
  'CAN_COPY_EDIT_COURSES',
  'CAN_ENROLL_STUDENTS',
  'CAN_ACCESS_REPORTING_ANALYTICS',
  'CAN_DELETE_COURSES',
  'CAN_ACCESS_PRODUCTS_REPORTING',
  'CAN_ACCESS_LTI_1_3_INTEGRATION',
  'NO_DASHBOARD_ACCESS',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The nine permissions a full administrator holds (all but NO_DASHBOARD_ACCESS). */
export const ADMIN_PERMISSIONS: Permission[] = PERMISSIONS.filter((p) => p !== 'NO_DASHBOARD_ACCESS');

export const FLAGS = ['superAdmin', 'associateSuperAdmin', 'nasupport'] as const;
export type Flag = (typeof FLAGS)[number];

/** Fixed rights of an internal user (spec §2 role summary). */
export const INTERNAL_USER_RIGHTS = {
  accessAllInstitutions: true,
  accessCoursesTab: true,
  accessCourseDetailsTab: true,
  accessOffersPage: true,
  accessProductsTab: true,
  accessAdminTab: true,
  copyCoursesInCourseTab: false,
  editCourseInformationInCourseTab: false,
  editCourseInformationInCourseDetailsTab: false,
} as const;

/** What one user may do in one institution: the output of `capabilities(user, organizationId)`. */
export interface Capabilities {
  permissions: Permission[];
  superAdmin: boolean;
  associateSuperAdmin: boolean;
  nasupport: boolean;
  internalUser: boolean;
  /** The user belongs to the institution (member or holder of a group in it). */
  member: boolean;
}

const has = (c: Capabilities, p: Permission) => c.permissions.includes(p);
const anyFlag = (c: Capabilities) => c.superAdmin || c.associateSuperAdmin || c.nasupport;

/** Capability rules: one name per thing a user may do. Server routes and the UI name these. */
export const RULES = {
  /** Any signed-in user. */
  authenticated: () => true,
  /** See an institution's data at all (courses list, course details). */
  viewInstitution: (c: Capabilities) =>
    anyFlag(c) || c.internalUser || (c.member && has(c, 'CAN_ACCESS_ADMIN_DASHBOARD')),
  /** Search every institution by name rather than only one's own. */
  searchAllInstitutions: (c: Capabilities) => anyFlag(c) || c.internalUser,
  viewUsers: (c: Capabilities) =>
    has(c, 'CAN_ACCESS_ADMIN_DASHBOARD') && !c.associateSuperAdmin && !c.nasupport && reaches(c),
  editUsers: (c: Capabilities) =>
    has(c, 'CAN_CREATE_EDIT_USERS') && !c.associateSuperAdmin && !c.nasupport && reaches(c),
  viewRoles: (c: Capabilities) => has(c, 'CAN_CREATE_EDIT_ROLES') && !c.associateSuperAdmin && reaches(c),
  editRoles: (c: Capabilities) => has(c, 'CAN_CREATE_EDIT_ROLES') && !c.associateSuperAdmin && reaches(c),
  viewProducts: (c: Capabilities) => anyFlag(c) || c.internalUser,
  editProducts: (c: Capabilities) => c.superAdmin || c.nasupport,
  viewOffers: (c: Capabilities) => (has(c, 'CAN_ACCESS_PRODUCTS_REPORTING') && reaches(c)) || c.internalUser,
  viewAdminTools: (c: Capabilities) => c.superAdmin || c.nasupport || c.internalUser,
  editAdminTools: (c: Capabilities) => c.superAdmin,
  viewLti: (c: Capabilities) => has(c, 'CAN_ACCESS_LTI_1_3_INTEGRATION') && reaches(c),
  viewInternalUsers: (c: Capabilities) => c.superAdmin || c.associateSuperAdmin,
  editInternalUsers: (c: Capabilities) => c.superAdmin,
  /** Add or remove users of a group: a role of the institution (editRoles) or the internal group (editInternalUsers). */
  editGroupMembers: (c: Capabilities) =>
    (has(c, 'CAN_CREATE_EDIT_ROLES') && !c.associateSuperAdmin && reaches(c)) || c.superAdmin,
  copyCourses: (c: Capabilities) => !c.internalUser && has(c, 'CAN_COPY_EDIT_COURSES') && reaches(c),
  editCourses: (c: Capabilities) => !c.internalUser && has(c, 'CAN_COPY_EDIT_COURSES') && reaches(c),
  deleteCourses: (c: Capabilities) => !c.internalUser && has(c, 'CAN_DELETE_COURSES') && reaches(c),
  /** Upload and delete opt-out files (changes students' enrollments). */
  manageOptOut: (c: Capabilities) => !c.internalUser && has(c, 'CAN_ENROLL_STUDENTS') && reaches(c),
  /** ISReport, CSReport and census data downloads. */
  viewReports: (c: Capabilities) => has(c, 'CAN_ACCESS_REPORTING_ANALYTICS') && reaches(c),
  viewAlerts: (c: Capabilities) => has(c, 'CAN_ACCESS_ADMIN_DASHBOARD') && reaches(c),
} satisfies Record<string, (c: Capabilities) => boolean>;
export type Rule = keyof typeof RULES;

/** Flag holders reach every institution; everyone else only their own. */
function reaches(c: Capabilities) {
  return anyFlag(c) || c.internalUser || c.member;
}

export function can(c: Capabilities, rule: Rule): boolean {
  return RULES[rule](c);
}

/** Header tabs in display order; a tab is shown exactly when its route opens (ARCHITECTURE §4). */
export const TABS = [
  { key: 'courses', path: '/institution', rule: 'viewInstitution' },
  { key: 'users', path: '/users', rule: 'viewUsers' },
  { key: 'roles', path: '/roles', rule: 'viewRoles' },
  { key: 'products', path: '/products', rule: 'viewProducts' },
  { key: 'offers', path: '/offers', rule: 'viewOffers' },
  { key: 'inclusiveAccess', path: '/adminTools', rule: 'viewAdminTools' },
  { key: 'lti', path: '/ltiIntegrations', rule: 'viewLti' },
  { key: 'eadAdmin', path: '/internalUser', rule: 'viewInternalUsers' },
] as const satisfies readonly { key: string; path: string; rule: Rule }[];
export type TabKey = (typeof TABS)[number]['key'];

export function visibleTabs(c: Capabilities): TabKey[] {
  return TABS.filter((t) => can(c, t.rule)).map((t) => t.key);
}

/** Empty capabilities: what an unknown user in an unknown institution may do. */
export const NO_CAPABILITIES: Capabilities = {
  permissions: [],
  superAdmin: false,
  associateSuperAdmin: false,
  nasupport: false,
  internalUser: false,
  member: false,
};
