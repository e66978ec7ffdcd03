/** What other features may use of inclusive access: its job, the drop and the billable rule. */
export { dropEnrollment } from './ia.drop';
export { billable, optModelOf, optWindow, todayFor, type BillableInput, type OptWindow } from './ia.rules';
export { optRemindersJob } from './ia.job';
export { courseBilling } from './ia.course';
