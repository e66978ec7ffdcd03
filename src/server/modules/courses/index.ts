/** What other features may use from courses. */
export { courseActions, toCourseRow, today } from './course-rows';
export {
  accessTypeOf,
  instructorNames,
  live,
  periodCondition,
  type PeriodFilter,
} from './course-list.queries';
export { sectionCountsCompactJob } from './section-counts.job';
