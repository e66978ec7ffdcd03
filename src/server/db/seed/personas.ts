/** The six demo accounts of ARCHITECTURE §5. All share the demo password. */
export const PERSONA_KEYS = [
  'super',
  'associate',
  'support',
  'registrar',
  'instructor',
  'internal',
  'adjunct',
] as const;
export type PersonaKey = (typeof PERSONA_KEYS)[number];

export const PERSONA_EMAIL_DOMAIN = 'demo.courseware.example.com';

export interface PersonaSeed {
  firstName: string;
  lastName: string;
  superAdmin: boolean;
  associateSuperAdmin: boolean;
  nasupport: boolean;
}

export const PERSONAS: Record<PersonaKey, PersonaSeed> = {
  super: {
    firstName: 'Morgan',
    lastName: 'Ellis',
    superAdmin: true,
    associateSuperAdmin: false,
    nasupport: false,
  },
  associate: {
    firstName: 'Priya',
    lastName: 'Raman',
    superAdmin: false,
    associateSuperAdmin: true,
    nasupport: false,
  },
  support: {
    firstName: 'Dana',
    lastName: 'Whitfield',
    superAdmin: false,
    associateSuperAdmin: false,
    nasupport: true,
  },
  registrar: {
    firstName: 'Linda',
    lastName: 'Okafor',
    superAdmin: false,
    associateSuperAdmin: false,
    nasupport: false,
  },
  instructor: {
    firstName: 'Marcus',
    lastName: 'Bell',
    superAdmin: false,
    associateSuperAdmin: false,
    nasupport: false,
  },
  internal: {
    firstName: 'Hannah',
    lastName: 'Sato',
    superAdmin: false,
    associateSuperAdmin: false,
    nasupport: false,
  },
  adjunct: {
    firstName: 'Rosa',
    lastName: 'Delgado',
    superAdmin: false,
    associateSuperAdmin: false,
    nasupport: false,
  },
};

export function personaEmail(key: PersonaKey): string {
  return `${key}@${PERSONA_EMAIL_DOMAIN}`;
}

/** Where the personas sit, by institution key (world-data.ts). */
export const PERSONA_PLACES = {
  /** Flag holders sit in the Administrator group of these institutions. */
  flagHolderInstitutions: ['gulfport-state', 'wheatland-state'],
  /** The registrar administers these two; the first sorts first by name. */
  registrarInstitutions: ['abbott-valley', 'brookfield-tech'],
  /** The instructor's only institution. */
  instructorInstitution: 'abbott-valley',
  /**
   * The adjunct teaches at the first (Instructor role, no dashboard right: "You do not have enough
   * permissions to view … details !") and is a registrar at the second (no section alerts seeded).
   */
  adjunctInstitutions: { teaches: 'abbott-valley', administers: 'cedar-ridge' },
  /** A provider support account (nasupport flag) with a membership here: the registrar may not edit it. */
  flaggedMemberInstitution: 'abbott-valley',
} as const;
