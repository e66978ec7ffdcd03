import type { JobDefinition } from './define';
import { sendMailJob } from '../modules/mail';
import { copyCourseDeadJob, copyCourseJob } from '../modules/course-copy';
import { sectionAlertsJob } from '../modules/alerts';
import { applyImportJob, importDeadJob, parseImportJob } from '../modules/bulk-accounts';
import { recycleBinPurgeJob } from '../modules/recycle-bin';
import { sectionCountsCompactJob } from '../modules/courses';
import {
  ltiLaunchLogRetentionJob,
  ltiRosterScheduleJob,
  ltiRosterSyncJob,
  ltiStateSweepJob,
} from '../modules/lti';
import { optRemindersJob } from '../modules/inclusive-access';

/** Every background job of the product. Features add theirs here. */
export const ALL_JOBS: JobDefinition<any>[] = [
  sendMailJob,
  // before copyCourseJob: a queue's dead-letter queue must exist first
  copyCourseDeadJob,
  copyCourseJob,
  sectionAlertsJob,
  importDeadJob, // before the queues that use it as their dead-letter queue
  parseImportJob,
  applyImportJob,
  recycleBinPurgeJob,
  sectionCountsCompactJob,
  ltiLaunchLogRetentionJob,
  ltiStateSweepJob,
  ltiRosterSyncJob,
  ltiRosterScheduleJob,
  optRemindersJob,
];
