/** What other web features may use from lti (the router loads its pages). */
export { CourseRosterSync } from './course/CourseRosterSync';
