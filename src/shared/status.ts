/**
 * Display mappings of spec §4, shared by the server (CSV exports) and the web (tables, badges).
 * Each mapping returns a stable key; `*_TEXT` holds the English wording of the spec, and the web
 * shows the same keys through i18n (`status.<group>.<key>`).
 */

// ---------------------------------------------------------------------------------------------
// Access of a student in a course (spec §3 "Access: type and endsAt", §4 "Access type display")

export const ACCESS_TYPES = ['PAID', 'TEMP'] as const;
export type AccessType = (typeof ACCESS_TYPES)[number];

export type AccessDisplay = 'paid' | 'trial' | 'expired';
export const ACCESS_DISPLAY_TEXT: Record<AccessDisplay, string> = {
  paid: 'Paid',
  trial: '14 day trial',
  expired: 'Expired',
};

/**
 * PAID not yet ended → paid; TEMP not yet ended → trial; an ended access → expired.
 * An access without an end date has not ended. An unknown type that has not ended → null.
 */
export function accessDisplay(
  access: { type: string; endsAt: string | Date | null | undefined },
  now: Date = new Date(),
): AccessDisplay | null {
  const ends = access.endsAt == null ? null : new Date(access.endsAt);
  if (ends && !Number.isNaN(ends.getTime()) && ends.getTime() <= now.getTime()) return 'expired';
  if (access.type === 'PAID') return 'paid';
  if (access.type === 'TEMP') return 'trial';
  return null;
}

export function accessDisplayText(
  access: { type: string; endsAt: string | Date | null | undefined },
  now?: Date,
) {
  const key = accessDisplay(access, now);
  return key ? ACCESS_DISPLAY_TEXT[key] : access.type;
}

// ---------------------------------------------------------------------------------------------
// Current access (spec §4): Not_Paid, Institution_Paid, the provider-paid value, null → NA

export const CURRENT_ACCESS_NA = 'NA';
/** The provider-paid value carries the provider's name as prefix. */
export const PROVIDER_PAID = 'Provider_Paid';

export function currentAccessDisplay(value: string | null | undefined): string {
  return value == null || value === '' ? CURRENT_ACCESS_NA : value;
}

/** The provider whose name the provider-paid label carries. */
export const PROVIDER_NAME = 'Courseware';

export type CurrentAccessKey = 'notPaid' | 'institutionPaid' | 'providerPaid' | 'na';
/** English labels (spec §4); the web shows `status.currentAccess.<key>` with `{{provider}}`. */
export const CURRENT_ACCESS_TEXT: Record<CurrentAccessKey, string> = {
  notPaid: 'Not paid',
  institutionPaid: 'Institution paid',
  providerPaid: `${PROVIDER_NAME} paid`,
  na: 'NA',
};

/** Not_Paid, Institution_Paid, Provider_Paid → their label keys; null or empty → na; anything else → null. */
export function currentAccessKey(value: string | null | undefined): CurrentAccessKey | null {
  switch (value ?? '') {
    case '':
      return 'na';
    case 'Not_Paid':
      return 'notPaid';
    case 'Institution_Paid':
      return 'institutionPaid';
    case PROVIDER_PAID:
      return 'providerPaid';
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Offer status (spec §4): APPROVED or NEW → Active; REJECTED → Inactive; EXPIRED → Expired; else Pending

export type OfferStatusDisplay = 'active' | 'inactive' | 'expired' | 'pending';
export const OFFER_STATUS_TEXT: Record<OfferStatusDisplay, string> = {
  active: 'Active',
  inactive: 'Inactive',
  expired: 'Expired',
  pending: 'Pending',
};

/**
 * The one home of the offer-status rule: the stored statuses (upper case) behind each display value
 * but Pending (which is "anything else"). A stored status is compared without regard to case, here
 * (offerStatusDisplay) and in SQL (src/server/db/offer-status.ts, built from this table).
 */
export const OFFER_STATUS_SOURCES: Record<Exclude<OfferStatusDisplay, 'pending'>, readonly string[]> = {
  active: ['APPROVED', 'NEW'],
  inactive: ['REJECTED'],
  expired: ['EXPIRED'],
};

/** Display values in list order (filters, sorting by status). */
export const OFFER_STATUS_DISPLAYS = ['active', 'pending', 'expired', 'inactive'] as const;

export function offerStatusDisplay(status: string | null | undefined): OfferStatusDisplay {
  const upper = (status ?? '').toUpperCase();
  for (const key of ['active', 'inactive', 'expired'] as const) {
    if (OFFER_STATUS_SOURCES[key].includes(upper)) return key;
  }
  return 'pending';
}

/** Whether a stored offer status is shown Active (any case): an offer a course may be built on, paired to or copied under. */
export function isActiveOfferStatus(status: string | null | undefined): boolean {
  return offerStatusDisplay(status) === 'active';
}

// ---------------------------------------------------------------------------------------------
// Opt status (spec §4): optin → Opted in; optout → Opted out

export const OPT_STATUSES = ['optin', 'optout'] as const;
export type OptStatus = (typeof OPT_STATUSES)[number];
export const OPT_STATUS_TEXT: Record<OptStatus, string> = { optin: 'Opted in', optout: 'Opted out' };

export function optStatusText(value: string | null | undefined): string {
  return value === 'optin' || value === 'optout' ? OPT_STATUS_TEXT[value] : (value ?? '');
}

/** Reads an opt status written by a person ("optout", "Opted out", "OPT-OUT", "out"...); null if unclear. */
export function parseOptStatus(value: string | null | undefined): OptStatus | null {
  const v = (value ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (['optout', 'optedout', 'out', 'o'].includes(v)) return 'optout';
  if (['optin', 'optedin', 'in', 'i'].includes(v)) return 'optin';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Course copy status (spec §4): the first four show an info alert; Failed and FailedPermanently an error

export const COPY_STATUSES = [
  'notstarted',
  'processing',
  'succeeded',
  'notapplicable',
  'Failed',
  'FailedPermanently',
] as const;
export type CopyStatus = (typeof COPY_STATUSES)[number];

export function copyStatusSeverity(status: string): 'info' | 'error' {
  return status === 'Failed' || status === 'FailedPermanently' ? 'error' : 'info';
}

// ---------------------------------------------------------------------------------------------
// Offer types: the access model of an institution or a course ("access type" on the course list)

export const OFFER_TYPES = ['INCLUSIVE_ACCESS', 'EQUITABLE_ACCESS', 'DIRECT_TO_STUDENT', 'OPT_IN'] as const;
export type OfferType = (typeof OFFER_TYPES)[number];
export const OFFER_TYPE_TEXT: Record<OfferType, string> = {
  INCLUSIVE_ACCESS: 'Inclusive Access',
  EQUITABLE_ACCESS: 'Equitable Access',
  DIRECT_TO_STUDENT: 'Direct to Student',
  OPT_IN: 'Opt-in',
};
/** Offer types under which the institution is billed for its students at census. */
export const INSTITUTION_BILLED_OFFER_TYPES: readonly string[] = ['INCLUSIVE_ACCESS', 'EQUITABLE_ACCESS'];

export function offerTypeText(value: string | null | undefined): string {
  return value && value in OFFER_TYPE_TEXT ? OFFER_TYPE_TEXT[value as OfferType] : (value ?? '');
}

// ---------------------------------------------------------------------------------------------
// Billing status of a course (course list column), derived from its access type and census date

export const BILLING_STATUSES = ['billed', 'pendingCensus', 'censusNotSet', 'studentPaid'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];
export const BILLING_STATUS_TEXT: Record<BillingStatus, string> = {
  billed: 'Billed',
  pendingCensus: 'Pending census',
  censusNotSet: 'Census not set',
  studentPaid: 'Student paid',
};

/**
 * Institution-billed access (inclusive or equitable): billed once the census date has passed,
 * pending before it, "census not set" without one. Any other access: the students pay.
 * Dates are ISO `YYYY-MM-DD`; `censusDate` null means not set.
 */
export function billingStatus(
  accessType: string | null | undefined,
  censusDate: string | null,
  today: string,
): BillingStatus {
  if (!accessType || !INSTITUTION_BILLED_OFFER_TYPES.includes(accessType)) return 'studentPaid';
  if (!censusDate) return 'censusNotSet';
  return censusDate <= today ? 'billed' : 'pendingCensus';
}

// ---------------------------------------------------------------------------------------------
// Course period and course type

export const COURSE_TYPE_TEXT = { parent: 'Parent', child: 'Child', standalone: 'Standalone' } as const;
export const USE_TYPES = ['studentuse', 'instructoruse'] as const;
export type UseType = (typeof USE_TYPES)[number];

/** current: running today; future: starts after today; past: ended before today (ISO dates). */
export function coursePeriodOf(
  startDate: string,
  endDate: string,
  today: string,
): 'current' | 'future' | 'past' {
  if (endDate < today) return 'past';
  if (startDate > today) return 'future';
  return 'current';
}
