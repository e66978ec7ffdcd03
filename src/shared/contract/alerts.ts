import { z } from 'zod';
import { OrganizationQuery } from './common';
import { COPY_STATUSES } from './course-copy';

/** Section alert types. Spec §4: low_enrollment, or any other value meaning ready for enrollment. */
export const ALERT_TYPES = {
  lowEnrollment: 'low_enrollment',
  readyForEnrollment: 'ready_for_enrollment',
} as const;
/** A section becomes ready for enrollment this many days before it starts. */
export const READY_FOR_ENROLLMENT_DAYS = 14;

export const ALERT_BUCKETS = ['today', 'yesterday', 'older'] as const;
export type AlertBucketName = (typeof ALERT_BUCKETS)[number];

/** True for an IANA time zone name this runtime knows (e.g. "America/Chicago", "UTC"). */
export function isTimeZone(tz: string): boolean {
  if (!tz || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDate(instant: Date, tz: string): string {
  let f = dayFormats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(tz, f);
  }
  const parts = Object.fromEntries(f.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Today, yesterday or older, as seen on the viewer's calendar (`tz`) at `now`. Future instants count as today. */
export function alertBucket(instant: Date, now: Date, tz: string): AlertBucketName {
  const today = localDate(now, tz);
  const day = localDate(instant, tz);
  if (day >= today) return 'today';
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return day === yesterday ? 'yesterday' : 'older';
}

/** GET /api/alert/alerts?organizationId=&tz= */
export const AlertsQuery = OrganizationQuery.extend({
  /** The viewer's IANA time zone; today / yesterday / older follow its calendar (default UTC). */
  tz: z.string().trim().default('UTC').refine(isTimeZone, 'Unknown time zone'),
});

/** A course copy (or child course) that has finished: succeeded, notapplicable or FailedPermanently. */
export const CopyStatusAlert = z.object({
  /** Alert id (the id of the course in its copy request); acknowledge it through `ids`. */
  id: z.number().int(),
  /** The new section when it was created, else the source section. */
  sectionId: z.number().int(),
  /** Name of the new course. */
  courseName: z.string(),
  /** When the copy finished (ISO 8601). */
  createdDate: z.string(),
  status: z.enum(COPY_STATUSES),
});

/** A section alert: low_enrollment or ready_for_enrollment. */
export const SectionAlert = z.object({
  /** Alert id; acknowledge it through `sectionIds`. */
  id: z.number().int(),
  sectionId: z.number().int(),
  /** The course's name. */
  title: z.string(),
  /** When the alert was raised (ISO 8601). */
  alertDate: z.string(),
  /** low_enrollment, or ready_for_enrollment. */
  alertType: z.string(),
});

export const AlertBucket = z.object({
  courseCopyStatuses: z.array(CopyStatusAlert),
  sections: z.array(SectionAlert),
});

/** The caller's unacknowledged alerts in the institution, newest first in each list. */
export const AlertsResponse = z.object({
  today: AlertBucket,
  yesterday: AlertBucket,
  older: AlertBucket,
});

/** POST /api/alert/alerts/acknowledge?organizationId=: hide alerts for the caller (per user). */
export const AcknowledgeAlertsBody = z
  .object({
    /** Ids of copy-status alerts (`courseCopyStatuses[].id`). */
    ids: z.array(z.number().int().positive()).max(5000).default([]),
    /** Ids of section alerts (`sections[].id`). */
    sectionIds: z.array(z.number().int().positive()).max(5000).default([]),
  })
  .refine((b) => b.ids.length + b.sectionIds.length > 0, {
    message: 'Name at least one alert.',
    path: ['ids'],
  });

export const AcknowledgeAlertsResponse = z.object({
  status: z.literal('OK'),
  /** Alerts newly acknowledged (acknowledging one twice counts once). */
  acknowledged: z.number().int(),
});

/** The bell count: every copy status and section alert across today, yesterday and older (spec §9). */
export function countAlerts(data: Partial<z.infer<typeof AlertsResponse>> | null | undefined): number {
  if (!data) return 0;
  return ALERT_BUCKETS.reduce(
    (n, k) => n + (data[k]?.courseCopyStatuses?.length ?? 0) + (data[k]?.sections?.length ?? 0),
    0,
  );
}
