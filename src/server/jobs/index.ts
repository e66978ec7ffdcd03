import type { JobDefinition } from './define';
import { sendMailJob } from '../modules/mail/mail.job';
import { copyCourseDeadJob, copyCourseJob } from '../modules/course-copy/copy-course.job';
import { copyDispatchJob } from '../modules/course-copy/copy-dispatch.job';
import { sectionAlertsJob } from '../modules/alerts/section-alerts.job';
import { applyImportJob, parseImportJob } from '../modules/bulk-accounts/bulk-accounts.jobs';

/** Every background job of the product. Features add theirs here. */
export const ALL_JOBS: JobDefinition<any>[] = [
  sendMailJob,
  // before copyCourseJob: a queue's dead-letter queue must exist first
  copyCourseDeadJob,
  copyCourseJob,
  copyDispatchJob,
  sectionAlertsJob,
  parseImportJob,
  applyImportJob,
];
