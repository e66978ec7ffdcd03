/**
 * What a launch's roles make of the person in the LMS course. LTI Core 1.3 §5.3.7 and Appendix A.2
 * separate context (membership) roles from institution and system roles: only context roles say who
 * teaches or learns in the course. Institution and system roles (a Canvas or Moodle administrator, a
 * person who is an instructor somewhere in the institution) are recorded in the launch log but never
 * make course staff.
 */
export type CourseRole = 'staff' | 'learner' | 'other';

const LIS = 'http://purl.imsglobal.org/vocab/lis/v2/';
/** Context roles that teach or run the course. */
const STAFF = new Set(['Instructor', 'TeachingAssistant', 'Administrator', 'ContentDeveloper']);

/**
 * The context role a role string names, as [principal, sub-role], or null when it is an institution
 * or system role (or unknown). Accepted forms: `…/lis/v2/membership#Principal`,
 * `…/lis/v2/membership/Principal#SubRole`, LTI 1.1 `urn:lti:role:ims/lis/Principal[/SubRole]`, and a
 * short name without any URI (a context role per LTI Core).
 */
export function contextRole(role: string): [string, string | null] | null {
  if (role.startsWith(`${LIS}membership#`)) return [role.slice(`${LIS}membership#`.length), null];
  if (role.startsWith(`${LIS}membership/`)) {
    const [principal, sub] = role.slice(`${LIS}membership/`.length).split('#');
    return principal ? [principal, sub || null] : null;
  }
  if (role.startsWith('urn:lti:role:ims/lis/')) {
    const [principal, sub] = role.slice('urn:lti:role:ims/lis/'.length).split('/');
    return principal ? [principal, sub || null] : null;
  }
  if (/^[A-Za-z]+$/.test(role)) return [role, null];
  return null;
}

/** Instructor, teaching assistant or administrator OF THE COURSE → staff; learner → learner; else other. */
export function courseRoleOf(roles: string[]): CourseRole {
  const context = roles
    .filter((r): r is string => typeof r === 'string')
    .map((r) => contextRole(r.trim()))
    .filter((r): r is [string, string | null] => r !== null);
  // the principal role decides (a sub-role refines it: membership/Learner#Instructor is a learner)
  if (context.some(([principal]) => STAFF.has(principal))) return 'staff';
  if (context.some(([principal]) => principal === 'Learner' || principal === 'Student')) return 'learner';
  return 'other';
}
