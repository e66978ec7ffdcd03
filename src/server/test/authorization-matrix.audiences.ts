/**
 * The authorization matrix's vocabulary: the personas, who may call a route (`AUDIENCES`), the
 * world the requests name and the request builders the rows of `authorization-matrix.data.ts` use.
 */
export const PERSONAS = ['super', 'associate', 'support', 'registrar', 'instructor', 'internal'] as const;
export type Persona = (typeof PERSONAS)[number] | 'anonymous';
type Scope = 'own' | 'foreign';

/** Who may call a route, by persona and institution (spec §6 with the resolutions of ARCHITECTURE §4). */
const FLAGS: Persona[] = ['super', 'associate', 'support'];
export const AUDIENCES = {
  /** Anyone, signed in or not. */
  public: () => true,
  /** Any signed-in user: session, profile, locale, logout, the institution list. */
  signedIn: (p: Persona) => p !== 'anonymous',
  /** Institution data (Courses tab): dashboard holders there, staff flags, internal users. */
  dashboard: (p: Persona, s: Scope) =>
    FLAGS.includes(p) || p === 'internal' || (p === 'registrar' && s === 'own'),
  /** Users tab: dashboard there, not associate super admin, not nasupport. */
  users: (p: Persona, s: Scope) => p === 'super' || (p === 'registrar' && s === 'own'),
  /** Roles tab: CAN_CREATE_EDIT_ROLES there, not associate super admin. */
  roles: (p: Persona, s: Scope) => p === 'super' || p === 'support' || (p === 'registrar' && s === 'own'),
  /** Course changes, copies, opt-out files, reports, alerts: the permission there (internal users never). */
  courseWork: (p: Persona, s: Scope) => FLAGS.includes(p) || (p === 'registrar' && s === 'own'),
  /** LMS mappings: Products viewers (flags, internal users) and LTI holders there. */
  lms: (p: Persona, s: Scope) => FLAGS.includes(p) || p === 'internal' || (p === 'registrar' && s === 'own'),
  /** LTI 1.3 console: CAN_ACCESS_LTI_1_3_INTEGRATION there (staff flag holders hold it everywhere); never internal users. */
  ltiConsole: (p: Persona, s: Scope) => FLAGS.includes(p) || (p === 'registrar' && s === 'own'),
  /** Audit log: staff flags in any institution, CAN_CREATE_EDIT_ROLES holders in their own. */
  audit: (p: Persona, s: Scope) => FLAGS.includes(p) || (p === 'registrar' && s === 'own'),
  /** Recycle bin: whoever may remove courses or roles there (staff flags; the registrar at home). */
  recycleBin: (p: Persona, s: Scope) => FLAGS.includes(p) || (p === 'registrar' && s === 'own'),
  /** Act-as for support: super admins and nasupport holders, any institution. */
  actAs: (p: Persona) => p === 'super' || p === 'support',
  /** Find a person across institutions: staff flags and internal users. */
  findPeople: (p: Persona) => FLAGS.includes(p) || p === 'internal',
  /** EAD Admin (internal users): super and associate super admins see it. */
  internalUsersView: (p: Persona) => p === 'super' || p === 'associate',
  /** Only super admins change internal users and the Inclusive Access settings. */
  superOnly: (p: Persona) => p === 'super',
  /** Offers tab: CAN_ACCESS_PRODUCTS_REPORTING there (registrar at home), staff flags, internal users. */
  offers: (p: Persona, s: Scope) =>
    FLAGS.includes(p) || p === 'internal' || (p === 'registrar' && s === 'own'),
  /** Offers of several institutions at once: staff flags and internal users only. */
  offersCompare: (p: Persona) => FLAGS.includes(p) || p === 'internal',
  /** Products tab: super admin, associate super admin, nasupport and internal users, any institution. */
  products: (p: Persona) => FLAGS.includes(p) || p === 'internal',
  /** Pairing, updating, removing and exporting products: super admin and nasupport. */
  productsEdit: (p: Persona) => p === 'super' || p === 'support',
} satisfies Record<string, (p: Persona, s: Scope) => boolean>;
type Audience = keyof typeof AUDIENCES;

export interface World {
  inst: Record<Scope, { id: number }>;
  section: Record<Scope, { id: number; version: number }>;
  role: Record<Scope, { id: number }>;
  user: Record<Scope, { id: number; email: string; username: string }>;
  /** A second role per institution (to move users between roles). */
  role2: Record<Scope, { id: number }>;
  file: Record<Scope, { id: number }>;
  bulkImport: Record<Scope, { id: string }>;
  offer: Record<Scope, { id: number }>;
  /** An LTI registration of the institution (the console's routes). */
  lti: Record<Scope, { id: number }>;
  /** A finished course copy (copy job) of the institution, and a section alert there. */
  copy: Record<Scope, { id: number }>;
  sectionAlert: Record<Scope, { id: number }>;
  /** Products area: the institution's organisation, a product, an LMS integration and a pairing. */
  products: Record<
    Scope,
    {
      organizationId: number;
      urn: string;
      isbn: string;
      productId: number;
      integrationId: number;
      pairingId: number;
    }
  >;
}
export interface Req {
  url: string;
  payload?: object;
}
export type Row = { who: Audience; req: (w: World, s: Scope) => Req };

export const orgQ = (path: string) => (w: World, s: Scope) => ({
  url: `${path}?organizationId=${w.inst[s].id}`,
});
export const orgP = (path: string) => (w: World, s: Scope) => ({ url: `${path}/${w.inst[s].id}` });
export const secQ = (path: string) => (w: World, s: Scope) => ({
  url: `${path}?sectionId=${w.section[s].id}`,
});
export const none = (url: string) => () => ({ url });
export const UUID = '00000000-0000-4000-8000-000000000000';
export const settings = (path: string, w: World, s: Scope) => ({
  url: `/api/institution/${path}?organizationId=${w.inst[s].id}`,
  payload: { censusDuration: -1, offerType: null, orgInclusiveId: null, inclusiveAccess: false, version: 1 },
});

/** A valid LTI registration body (without its institution). */
export const ltiBody = (tag: string) => ({
  lmsKind: 'canvas',
  name: `Matrix LTI ${tag}`,
  issuer: `https://matrix-${tag}.example.edu`,
  clientId: `matrix-${tag}`,
  deployments: [{ deploymentId: `matrix-${tag}` }],
  authLoginUrl: 'https://matrix.example.edu/auth',
  authTokenUrl: 'https://matrix.example.edu/token',
  keysetUrl: 'https://matrix.example.edu/jwks',
});
