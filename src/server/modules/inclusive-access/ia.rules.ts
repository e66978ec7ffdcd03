/**
 * The rules of inclusive access, in one place: the opt model of a course, its census date and opt
 * window, and who is billable at census (with the reason). The roster, the census report and the
 * dashboard all ask these functions, so their numbers agree.
 */
import { accessDisplay, INSTITUTION_BILLED_OFFER_TYPES } from '../../../shared/status';
import { addDaysIso, censusDate, daysBetween, localIsoDate } from '../../../shared/validation';
import type { BillableReason, OptModel } from '../../../shared/contract/inclusive-access';

/**
 * The calendar day (YYYY-MM-DD) of `now` in an institution's zone (`institutionTimeZone`), the
 * server's without one (as `todayInInstitution`, for a caller that has the zone already).
 */
export function todayFor(institution: { timeZone?: string | null }, now: Date = new Date()): string {
  return localIsoDate(now, institution.timeZone ?? undefined);
}

/** Opt-out (inclusive, equitable: in unless they opt out), opt-in (out unless they opt in), or none. */
export function optModelOf(offerType: string | null | undefined): OptModel {
  if (offerType && INSTITUTION_BILLED_OFFER_TYPES.includes(offerType)) return 'optOut';
  if (offerType === 'OPT_IN') return 'optIn';
  return 'none';
}

/** The course's census duration when set (not -1), else the institution's. */
export function effectiveCensusDuration(sectionDuration: number, institutionDuration: number): number {
  return sectionDuration >= 0 ? sectionDuration : institutionDuration;
}

export interface OptWindow {
  optModel: OptModel;
  censusDate: string | null;
  /** Days from today to census (0 on census day, negative after); null without census. */
  daysLeft: number | null;
  /** Opt status changes are locked from the census day on. */
  locked: boolean;
}

export function optWindow(
  course: { startDate: string; censusDuration: number },
  institution: { censusDuration: number; offerType: string | null },
  today: string,
): OptWindow {
  const duration = effectiveCensusDuration(course.censusDuration, institution.censusDuration);
  const census = censusDate(course.startDate, duration);
  const daysLeft = census ? daysBetween(today, census) : null;
  return {
    optModel: optModelOf(institution.offerType),
    censusDate: census,
    daysLeft,
    locked: census !== null && today >= census,
  };
}

/** The day a reminder is due: N days before census. */
export function reminderDay(census: string, reminderDays: number): string {
  return addDaysIso(census, -reminderDays);
}

export interface BillableInput {
  courseRole: string;
  /** The user is also on the course's instructor list. */
  onInstructorList: boolean;
  optModel: OptModel;
  optStatus: string;
  optDecided: boolean;
  /** The calendar day (institution's) the enrollment was dropped; null: active. */
  droppedOn: string | null;
  censusDate: string | null;
  accessType: string;
  accessEndsAt: Date | null;
  currentAccess: string | null;
}

export interface BillableOutcome {
  billable: boolean;
  reason: BillableReason;
}

const no = (reason: BillableReason): BillableOutcome => ({ billable: false, reason });

/**
 * Who the institution is billed for at census, and why (or why not): staff never; not under an
 * inclusive offer; dropped before census; opted out (opt-out model) or not opted in (opt-in model);
 * provider-paid; a 14 day trial still running at `now` or ended; paid access ended before census.
 */
export function billable(i: BillableInput, now: Date): BillableOutcome {
  if (i.courseRole !== 'student' || i.onInstructorList) return no('staff');
  if (i.optModel === 'none') return no('notInclusive');
  if (i.droppedOn && (!i.censusDate || i.droppedOn < i.censusDate)) return no('droppedBeforeCensus');
  if (i.optModel === 'optOut' && i.optStatus === 'optout') return no('optedOut');
  if (i.optModel === 'optIn' && !(i.optDecided && i.optStatus === 'optin')) return no('notOptedIn');
  if (i.currentAccess === 'Provider_Paid') return no('providerPaid');
  if (i.accessType === 'TEMP') {
    const access = accessDisplay({ type: i.accessType, endsAt: i.accessEndsAt }, now);
    return no(access === 'trial' ? 'trialRunning' : 'accessExpired');
  }
  // Paid access that ended before census (a past course's access ending later does not count).
  const endedOn = i.accessEndsAt ? localIsoDate(i.accessEndsAt) : null;
  if (endedOn && i.censusDate && endedOn < i.censusDate) return no('accessExpired');
  return { billable: true, reason: i.droppedOn ? 'droppedAfterCensus' : 'billable' };
}
