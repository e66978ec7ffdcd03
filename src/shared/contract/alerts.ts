import { z } from 'zod';
import { OrganizationQuery, RowId, text } from './common';
import { COPY_STATUSES } from './course-copy';
import { isTimeZone } from '../dates';
import { addDaysIso, localIsoDate } from '../validation';
import { defineRoute } from './route';

/** Section alert types. Spec §4: low_enrollment, or any other value meaning ready for enrollment. */
export const ALERT_TYPES = {
  lowEnrollment: 'low_enrollment',
  readyForEnrollment: 'ready_for_enrollment',
} as const;
/** A section becomes ready for enrollment this many days before it starts. */
export const READY_FOR_ENROLLMENT_DAYS = 14;

export const ALERT_BUCKETS = ['today', 'yesterday', 'older'] as const;
export type AlertBucketName = (typeof ALERT_BUCKETS)[number];

/** True for an IANA time zone name this runtime knows (the one rule lives with the dates). */
export { isTimeZone };

/** Today, yesterday or older, as seen on the viewer's calendar (`tz`) at `now`. Future instants count as today. */
export function alertBucket(instant: Date, now: Date, tz: string): AlertBucketName {
  const today = localIsoDate(now, tz);
  const day = localIsoDate(instant, tz);
  if (day >= today) return 'today';
  return day === addDaysIso(today, -1) ? 'yesterday' : 'older';
}

/** GET /api/alert/alerts?organizationId=&tz= */
export const AlertsQuery = OrganizationQuery.extend({
  tz: text()
    .trim()
    .default('UTC')
    .refine(isTimeZone, 'Unknown time zone')
    .describe("The viewer's IANA time zone; today / yesterday / older follow its calendar (default UTC)."),
});

/** A course copy (or child course) that has finished: succeeded, notapplicable or FailedPermanently. */
export const CopyStatusAlert = z.object({
  id: z
    .number()
    .int()
    .describe('Alert id (the id of the course in its copy request); acknowledge it through `ids`.'),
  sectionId: z.number().int().describe('The new section when it was created, else the source section.'),
  courseName: z.string().describe('Name of the new course.'),
  sectionCode: z
    .string()
    .nullable()
    .describe("The source section's code, which tells apart copies of sections sharing one name."),
  createdDate: z.string().describe('When the copy finished (ISO 8601).'),
  status: z
    .enum(COPY_STATUSES)
    .describe('Final copy status: succeeded shows "successfully created"; others "Course copy failed for".'),
});

/** A section alert: low_enrollment or ready_for_enrollment. */
export const SectionAlert = z.object({
  id: z.number().int().describe('Alert id; acknowledge it through `sectionIds`.'),
  sectionId: z.number().int().describe('The section the alert is about (clicking the title opens it).'),
  title: z.string().describe("The course's name."),
  alertDate: z.string().describe('When the alert was raised (ISO 8601).'),
  alertType: z
    .string()
    .describe(
      'low_enrollment ("Low enrollment for ..."), or ready_for_enrollment ("ready to begin enrollment.").',
    ),
});

export const AlertBucket = z.object({
  courseCopyStatuses: z.array(CopyStatusAlert).describe('Finished course copies, newest first.'),
  sections: z.array(SectionAlert).describe('Section alerts, newest first.'),
});

/** The caller's unacknowledged alerts in the institution, newest first in each list. */
export const AlertsResponse = z.object({
  today: AlertBucket.describe("Alerts of today on the viewer's calendar (future instants count as today)."),
  yesterday: AlertBucket.describe("Alerts of yesterday on the viewer's calendar."),
  older: AlertBucket.describe('Alerts from before yesterday.'),
});

/** POST /api/alert/alerts/acknowledge?organizationId=: hide alerts for the caller (per user). */
export const AcknowledgeAlertsBody = z
  .object({
    ids: z
      .array(RowId)
      .max(5000)
      .default([])
      .describe('Ids of copy-status alerts (`courseCopyStatuses[].id`).'),
    sectionIds: z.array(RowId).max(5000).default([]).describe('Ids of section alerts (`sections[].id`).'),
  })
  .refine((b) => b.ids.length + b.sectionIds.length > 0, {
    message: 'Name at least one alert.',
    path: ['ids'],
  });

export const AcknowledgeAlertsResponse = z.object({
  status: z.literal('OK').describe('Always "OK".'),
  acknowledged: z.number().int().describe('Alerts newly acknowledged (acknowledging one twice counts once).'),
});
export type AcknowledgeAlertsBody = z.infer<typeof AcknowledgeAlertsBody>;
export type AcknowledgeAlertsResponse = z.infer<typeof AcknowledgeAlertsResponse>;

/** The bell count: every copy status and section alert across today, yesterday and older (spec §9). */
export function countAlerts(data: Partial<z.infer<typeof AlertsResponse>> | null | undefined): number {
  if (!data) return 0;
  return ALERT_BUCKETS.reduce(
    (n, k) => n + (data[k]?.courseCopyStatuses?.length ?? 0) + (data[k]?.sections?.length ?? 0),
    0,
  );
}

/** The alerts operations (spec §7 Alerts); acknowledge is POST in the spec, PUT in its other reading. */
export const alertsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/alert/alerts',
    query: AlertsQuery,
    response: AlertsResponse,
  }),
  acknowledge: defineRoute({
    method: 'POST',
    path: '/api/alert/alerts/acknowledge',
    query: OrganizationQuery,
    body: AcknowledgeAlertsBody,
    response: AcknowledgeAlertsResponse,
  }),
  acknowledgePut: defineRoute({
    method: 'PUT',
    path: '/api/alert/alerts/acknowledge',
    query: OrganizationQuery,
    body: AcknowledgeAlertsBody,
    response: AcknowledgeAlertsResponse,
  }),
};
