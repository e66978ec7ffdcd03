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

/** Provider staff: a holder of a staff flag (super, associate super administrator, support). */
export const isProviderStaff = (u: Pick<Capabilities, Flag>) => anyFlag(u as Capabilities);

/**
 * Each rule's own condition. `RULES` below adds the dashboard gate to every rule but `authenticated`.
 */
const OWN_RULES = {
  /** Any signed-in user (session, profile, locale, logout, the institution list). */
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
  /** Offers of several institutions in one list: staff flags holding the Offers right, internal users. */
  compareOffers: (c: Capabilities) =>
    (anyFlag(c) && has(c, 'CAN_ACCESS_PRODUCTS_REPORTING')) || c.internalUser,
  viewAdminTools: (c: Capabilities) => c.superAdmin || c.nasupport || c.internalUser,
  editAdminTools: (c: Capabilities) => c.superAdmin,
  viewLti: (c: Capabilities) => has(c, 'CAN_ACCESS_LTI_1_3_INTEGRATION') && reaches(c),
  /**
   * The institution's LMS mapping list and LMS details (ARCHITECTURE §4): whoever may view
   * Products (they pair courses to products), and CAN_ACCESS_LTI_1_3_INTEGRATION holders there.
   */
  viewLmsMappings: (c: Capabilities) =>
    anyFlag(c) || c.internalUser || (has(c, 'CAN_ACCESS_LTI_1_3_INTEGRATION') && reaches(c)),
  /**
   * Change an institution's LTI registrations: CAN_ACCESS_LTI_1_3_INTEGRATION there, or a staff
   * flag (never the internal-user role alone).
   */
  editLti: (c: Capabilities) =>
    anyFlag(c) || (!c.internalUser && has(c, 'CAN_ACCESS_LTI_1_3_INTEGRATION') && reaches(c)),
  viewInternalUsers: (c: Capabilities) => c.superAdmin || c.associateSuperAdmin,
  editInternalUsers: (c: Capabilities) => c.superAdmin,
  /** Add or remove users of a group: a role of the institution (editRoles) or the internal group (editInternalUsers). */
  editGroupMembers: (c: Capabilities) =>
    (has(c, 'CAN_CREATE_EDIT_ROLES') && !c.associateSuperAdmin && reaches(c)) || c.superAdmin,
  copyCourses: (c: Capabilities) => !c.internalUser && has(c, 'CAN_COPY_EDIT_COURSES') && reaches(c),
  editCourses: (c: Capabilities) => !c.internalUser && has(c, 'CAN_COPY_EDIT_COURSES') && reaches(c),
  deleteCourses: (c: Capabilities) => !c.internalUser && has(c, 'CAN_DELETE_COURSES') && reaches(c),
  /**
   * The recycle bin: whoever may remove one of the kinds it holds there; each entry
   * also needs the rule of its own removal (deleteCourses for courses, editRoles for roles and role
   * memberships, editInternalUsers for removals from the internal-user group).
   */
  recycleBin: (c: Capabilities): boolean =>
    OWN_RULES.deleteCourses(c) || OWN_RULES.editRoles(c) || OWN_RULES.editInternalUsers(c),
  /** Upload and delete opt-out files (changes students' enrollments). */
  manageOptOut: (c: Capabilities) => !c.internalUser && has(c, 'CAN_ENROLL_STUDENTS') && reaches(c),
  /**
   * Roster row actions for staff (before census: an opt status on a student's behalf; extend a
   * trial; resend the access e-mail; drop a student): CAN_ENROLL_STUDENTS there, never internal users.
   */
  editOptStatus: (c: Capabilities) => !c.internalUser && has(c, 'CAN_ENROLL_STUDENTS') && reaches(c),
  /**
   * A late override of an opt status after census (with a reason): super admins, nasupport, or an
   * administrator holding both CAN_ENROLL_STUDENTS and CAN_ACCESS_REPORTING_ANALYTICS there.
   */
  overrideOptLock: (c: Capabilities) =>
    c.superAdmin ||
    c.nasupport ||
    (!c.internalUser &&
      has(c, 'CAN_ENROLL_STUDENTS') &&
      has(c, 'CAN_ACCESS_REPORTING_ANALYTICS') &&
      reaches(c)),
  /** ISReport, CSReport and census data downloads. */
  viewReports: (c: Capabilities) => has(c, 'CAN_ACCESS_REPORTING_ANALYTICS') && reaches(c),
  viewAlerts: (c: Capabilities) => has(c, 'CAN_ACCESS_ADMIN_DASHBOARD') && reaches(c),
  /**
   * The audit log: staff flags in any institution; an administrator holding
   * CAN_CREATE_EDIT_ROLES in their own institutions.
   */
  viewAudit: (c: Capabilities) => anyFlag(c) || (has(c, 'CAN_CREATE_EDIT_ROLES') && c.member),
  /** Act-as for support: super admins and nasupport holders, in any institution. */
  actAs: (c: Capabilities) => c.superAdmin || c.nasupport,
  /** Remove another account's authenticator (a support case): super admins. */
  resetTotp: (c: Capabilities) => c.superAdmin,
  /** Find a person across institutions (provider staff): staff flags and internal users. */
  findPeople: (c: Capabilities) => anyFlag(c) || c.internalUser,
} satisfies Record<string, (c: Capabilities) => boolean>;
export type Rule = keyof typeof OWN_RULES;

/** Rules any signed-in user passes without dashboard access. */
const OPEN_RULES: readonly Rule[] = ['authenticated'];

/**
 * The dashboard gate (spec §6, ARCHITECTURE §4): every institution-scoped dashboard call needs
 * CAN_ACCESS_ADMIN_DASHBOARD in that institution, unless a staff flag or the internal-user role
 * grants it. `c.permissions` of a user without flags only holds that institution's permissions.
 */
export function dashboardAccess(c: Capabilities): boolean {
  return anyFlag(c) || c.internalUser || has(c, 'CAN_ACCESS_ADMIN_DASHBOARD');
}

/** Capability rules: one name per thing a user may do. Server routes and the UI name these. */
export const RULES = Object.fromEntries(
  (Object.keys(OWN_RULES) as Rule[]).map((rule) => {
    const own: (c: Capabilities) => boolean = OWN_RULES[rule];
    const gated = OPEN_RULES.includes(rule) ? own : (c: Capabilities) => dashboardAccess(c) && own(c);
    return [rule, gated];
  }),
) as Record<Rule, (c: Capabilities) => boolean>;

/** Flag holders reach every institution; everyone else only their own. */
function reaches(c: Capabilities) {
  return anyFlag(c) || c.internalUser || c.member;
}

export function can(c: Capabilities, rule: Rule): boolean {
  return RULES[rule](c);
}

/** The parts of a rule, for "explain access": its own condition and whether the dashboard gate applies. */
export function ruleParts(c: Capabilities, rule: Rule): { gated: boolean; dashboard: boolean; own: boolean } {
  return { gated: !OPEN_RULES.includes(rule), dashboard: dashboardAccess(c), own: OWN_RULES[rule](c) };
}

/** Every rule name, in declaration order. */
export const RULE_NAMES = Object.keys(OWN_RULES) as [Rule, ...Rule[]];

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
