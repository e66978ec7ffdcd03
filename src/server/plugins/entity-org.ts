import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import {
  bulkImports,
  copyJobs,
  copyRequests,
  groups,
  lmsCoursePairings,
  lmsIntegrations,
  offers,
  optOutFiles,
  sectionAlerts,
  sections,
} from '../db/schema';
import { AppError, type NotFoundEntity, notFound } from '../lib/app-error';
import { isInstitutionMember } from '../lib/institution-staff';

/**
 * The kinds of ids a route can be scoped by. Each finds the institution its entity belongs to,
 * except `user` (a user belongs to several institutions: see `within`); `institution` is an
 * institution id under another field name than `organizationId`.
 */
export type EntityKind =
  | 'section'
  | 'role'
  | 'group'
  | 'file'
  | 'import'
  | 'offer'
  | 'ltiRegistration'
  | 'pairing'
  | 'copy'
  | 'copyAlert'
  | 'sectionAlert'
  | 'user'
  | 'institution';

/** Where in the request the id is. */
export type IdSource = 'query' | 'params' | 'body';

/**
 * Where the request names its institution: the `organizationId` field of the query, params or
 * body, or another field there (`'params.id'`, `'body.contextId'`).
 */
export type InstitutionField = IdSource | `${IdSource}.${string}`;

/**
 * A route's institution resolver (`config.access.org`). `confirm`, when present, runs after the
 * capability check and refuses (404) an entity that is not of the institution.
 */
export type OrgResolver = ((
  request: FastifyRequest,
  db: Db,
) => Promise<number | undefined> | number | undefined) & {
  confirm?: (request: FastifyRequest, db: Db) => Promise<void>;
  /** The id lists `confirm` checks (`sectionIds[]`), so the access matrix can name each one. */
  lists?: string[];
};

export interface EntityOrgOptions {
  /** An absent field means "no institution". */
  optional?: boolean;
  /**
   * The route acts in the institution its `organizationId` names (in the query, params or body),
   * and the entity must be of that institution: else 404, as for an unknown id, but only after
   * the capability check (a caller without rights there gets 403 whatever the id).
   */
  within?: InstitutionField;
}

/**
 * The list form: `field` names ids in an array, as `sectionIds[]` (an array of ids) or
 * `courses[].sectionId` (a field of each item). Always `within` the named institution: every id
 * must be of it (else 404, as for an unknown one), after the capability check.
 */
export interface EntityListOptions {
  within: InstitutionField;
}

interface Lookup {
  /** Whether the raw value is an id of this kind at all (else 404, or 422 where said). */
  valid(raw: unknown): boolean;
  /** The institution of the entity: a number, null for a provider-wide entity, undefined when unknown. */
  institution?(db: Db, id: string): Promise<number | null | undefined>;
  /** The same for many ids at once (kinds stored in one table). */
  institutions?(db: Db, ids: string[]): Promise<Map<string, number | null>>;
  /** Whether the entity is of `institutionId` (for entities of several institutions). */
  belongsTo?(db: Db, id: string, institutionId: number, callerId: number | undefined): Promise<boolean>;
  /** 404 text for an unknown id. */
  entity: NotFoundEntity;
  /** A malformed id answers 422 with this text instead of 404. */
  invalid?: string;
}

const positiveInt = (raw: unknown) => Number.isInteger(Number(raw)) && Number(raw) > 0;
const first = <T>(rows: T[]) => rows[0];

/** The institution column of the row whose integer id is `id` (and that is still `alive`, when given). */
const orgOfRow =
  (table: PgTable, idColumn: AnyPgColumn, orgColumn: AnyPgColumn, alive?: SQL) =>
  async (db: Db, id: string) =>
    first(
      await db
        .select({ org: orgColumn })
        .from(table)
        .where(and(eq(idColumn, Number(id)), alive)),
    )?.org as number | null | undefined;

/** The same for many ids in one statement: id → institution (unknown ids are absent). */
const orgsOfRows =
  (table: PgTable, idColumn: AnyPgColumn, orgColumn: AnyPgColumn, alive?: SQL) =>
  async (db: Db, ids: string[]) => {
    const rows = await db
      .select({ id: idColumn, org: orgColumn })
      .from(table)
      .where(and(inArray(idColumn, ids.map(Number)), alive));
    return new Map(rows.map((r) => [String(r.id), r.org as number | null]));
  };

/** A lookup of rows of `table`: one id, or many in one statement. */
const rowLookup = (table: PgTable, idColumn: AnyPgColumn, orgColumn: AnyPgColumn, alive?: SQL) => ({
  institution: orgOfRow(table, idColumn, orgColumn, alive),
  institutions: orgsOfRows(table, idColumn, orgColumn, alive),
});

/** Copy jobs (one course of a copy request): the institution of their request. */
async function copyJobInstitutions(db: Db, ids: string[]) {
  const rows = await db
    .select({ id: copyJobs.id, org: copyRequests.institutionId })
    .from(copyJobs)
    .innerJoin(copyRequests, eq(copyRequests.id, copyJobs.requestId))
    .where(inArray(copyJobs.id, ids.map(Number)));
  return new Map(rows.map((r) => [String(r.id), r.org]));
}

const copyLookup = {
  valid: positiveInt,
  institution: async (db: Db, id: string) => (await copyJobInstitutions(db, [id])).get(id),
  institutions: copyJobInstitutions,
};

const LOOKUPS: Record<Exclude<EntityKind, 'institution'>, Lookup> = {
  /** A live section (course); removed ones are unknown. */
  section: {
    valid: positiveInt,
    entity: 'Course',
    ...rowLookup(sections, sections.id, sections.institutionId, isNull(sections.deletedAt)),
  },
  /** An institution's role; the internal-user group is not one. */
  role: {
    valid: positiveInt,
    entity: 'Role',
    invalid: 'groupId: a role id is required.',
    institution: async (db, id) => {
      const g = first(
        await db
          .select()
          .from(groups)
          .where(eq(groups.id, Number(id))),
      );
      return g && !g.isInternal && g.contextId !== null ? g.contextId : undefined;
    },
  },
  /** A role or the internal-user group (which belongs to no institution). */
  group: {
    valid: positiveInt,
    entity: 'Role',
    invalid: 'groupId: a role id is required.',
    ...rowLookup(groups, groups.id, groups.contextId),
  },
  /** An opt-out file not deleted. */
  file: {
    valid: positiveInt,
    entity: 'Opt-out file',
    ...rowLookup(optOutFiles, optOutFiles.id, optOutFiles.institutionId, isNull(optOutFiles.deletedAt)),
  },
  /** A product offer to an institution. */
  offer: {
    valid: positiveInt,
    entity: 'Offer',
    ...rowLookup(offers, offers.id, offers.institutionId),
  },
  /** An LTI 1.3 registration (lms_integrations row): the institution whose console owns it. */
  ltiRegistration: {
    valid: positiveInt,
    entity: 'LTI registration',
    ...rowLookup(lmsIntegrations, lmsIntegrations.id, lmsIntegrations.institutionId),
  },
  /** An LMS course pairing (Products). */
  pairing: {
    valid: positiveInt,
    entity: 'Pairing',
    ...rowLookup(lmsCoursePairings, lmsCoursePairings.id, lmsCoursePairings.institutionId),
  },
  /** A course of a copy request (copy job). */
  copy: { ...copyLookup, entity: 'Copy' },
  /** A copy-status alert: its id is the copy job's. */
  copyAlert: { ...copyLookup, entity: 'Alert' },
  /** A section alert (low enrollment, ready for enrollment). */
  sectionAlert: {
    valid: positiveInt,
    entity: 'Alert',
    ...rowLookup(sectionAlerts, sectionAlerts.id, sectionAlerts.institutionId),
  },
  /** A user: of the institution when staff there (a non-student membership or a role), or the caller. */
  user: {
    valid: positiveInt,
    entity: 'User',
    belongsTo: async (db, id, institutionId, callerId) =>
      Number(id) === callerId || isInstitutionMember(db, institutionId, Number(id)),
  },
  /** A bulk account import (uuid). */
  import: {
    valid: (raw) => /^[0-9a-f-]{36}$/i.test(String(raw ?? '')),
    entity: 'Import',
    institution: async (db, id) =>
      first(
        await db.select({ org: bulkImports.institutionId }).from(bulkImports).where(eq(bulkImports.id, id)),
      )?.org,
  },
};

const fieldsOf = (request: FastifyRequest, from: IdSource) =>
  (from === 'query' ? request.query : from === 'params' ? request.params : request.body) as
    | Record<string, unknown>
    | undefined;

/** The values a list path (`ids[]` or `items[].id`) names in the request's part; absent → []. */
function valuesAt(fields: Record<string, unknown> | undefined, path: string): unknown[] {
  const match = /^(\w+)\[\](?:\.(\w+))?$/.exec(path);
  if (!match) throw new Error(`entityOrg list path "${path}": write ids[] or items[].id`);
  const [, list, key] = match;
  const items = fields?.[list];
  if (!Array.isArray(items)) return [];
  return key ? items.map((item) => (item as Record<string, unknown> | null)?.[key]) : items;
}

/** The institution a request names: its `organizationId` (or the field named) in the query, params or body (else 422). */
export function namedOrg(request: FastifyRequest, where: InstitutionField): number {
  const [from, field = 'organizationId'] = where.split('.') as [IdSource, string?];
  const value = Number(fieldsOf(request, from)?.[field]);
  if (!Number.isInteger(value) || value <= 0) {
    throw new AppError(
      'error.institutionRequired',
      `${field}: an institution id is required.`,
      { [field]: 'An institution id is required.' },
      undefined,
      { field },
    );
  }
  return value;
}

/** A malformed id: 422 where the kind says so, else 404 like an unknown one. */
function malformed(lookup: Lookup) {
  return lookup.invalid ? new AppError('error.validation', lookup.invalid) : notFound(lookup.entity);
}

/**
 * The list form of `entityOrg`: ids in an array of the request, each of which must be of the
 * institution the request names (`within`): `entityOrgList('section', 'body', 'sectionIds[]',
 * { within: 'body' })`. A caller without the rule there gets 403 whatever the ids; then a malformed,
 * unknown or other institution's id answers 404 (422 for a malformed id where the kind says so).
 */
export function entityOrgList(
  kind: Exclude<EntityKind, 'institution'>,
  from: IdSource,
  path: string,
  { within }: EntityListOptions,
): OrgResolver {
  const lookup = LOOKUPS[kind];
  const resolve: OrgResolver = (request) => namedOrg(request, within);
  resolve.confirm = async (request, db) => {
    const institutionId = namedOrg(request, within);
    const ids = [...new Set(valuesAt(fieldsOf(request, from), path))];
    for (const raw of ids) if (!lookup.valid(raw)) throw malformed(lookup);
    if (lookup.institutions) {
      const found = await lookup.institutions(db, ids.map(String));
      if (ids.some((raw) => found.get(String(raw)) !== institutionId)) throw notFound(lookup.entity);
      return;
    }
    for (const raw of ids) {
      const belongs = lookup.belongsTo
        ? await lookup.belongsTo(db, String(raw), institutionId, request.actor?.userId)
        : (await lookup.institution?.(db, String(raw))) === institutionId;
      if (!belongs) throw notFound(lookup.entity);
    }
  };
  resolve.lists = [path];
  return resolve;
}

/**
 * Several ids of one request, each declared `within` the one institution the request names:
 * `entityOrgs(entityOrg('user', 'body', 'userId', { within: 'query' }), entityOrg('role', 'body',
 * 'groupId', { within: 'query' }))`. Each is confirmed in turn (the first refusal answers).
 */
export function entityOrgs(first: OrgResolver, ...more: OrgResolver[]): OrgResolver {
  const all = [first, ...more];
  if (all.some((r) => !r.confirm)) throw new Error('entityOrgs: declare every id with { within }');
  const resolve: OrgResolver = (request, db) => first(request, db);
  resolve.confirm = async (request, db) => {
    for (const r of all) await r.confirm?.(request, db);
  };
  resolve.lists = all.flatMap((r) => r.lists ?? []);
  return resolve;
}

/**
 * The one way a route finds the institution an id in its request belongs to, for `config.access.org`:
 * `entityOrg('section', 'query', 'sectionId')`. An unknown id answers 404 before any capability check
 * (so it reads the same for every caller); the access hook then refuses another institution's entity
 * with 403. `optional` lets an absent field mean "no institution".
 *
 * With `within`, the institution is the one the request names and the entity must be of it:
 * `entityOrg('user', 'params', 'id', { within: 'query' })` answers 403 without the rule there, then
 * 404 for a user who is not of that institution (nor the caller) or does not exist. A user belongs
 * to several institutions, so `user` is always declared with `within`.
 */
export function entityOrg(
  kind: 'user',
  from: IdSource,
  field: string,
  opts: EntityOrgOptions & { within: InstitutionField },
): OrgResolver;
export function entityOrg(
  kind: Exclude<EntityKind, 'user'>,
  from: IdSource,
  field: string,
  opts?: EntityOrgOptions,
): OrgResolver;
export function entityOrg(
  kind: EntityKind,
  from: IdSource,
  field: string,
  opts: EntityOrgOptions = {},
): OrgResolver {
  const idOf = (request: FastifyRequest) => fieldsOf(request, from)?.[field];
  const { within } = opts;
  if (within && kind !== 'institution') {
    const lookup = LOOKUPS[kind];
    const resolve: OrgResolver = (request) => namedOrg(request, within);
    resolve.confirm = async (request, db) => {
      const raw = idOf(request);
      if (raw === undefined && opts.optional) return;
      if (!lookup.valid(raw)) throw malformed(lookup);
      const institutionId = namedOrg(request, within);
      const belongs = lookup.belongsTo
        ? await lookup.belongsTo(db, String(raw), institutionId, request.actor?.userId)
        : (await lookup.institution?.(db, String(raw))) === institutionId;
      if (!belongs) throw notFound(lookup.entity);
    };
    return resolve;
  }
  return async (request, db) => {
    const raw = idOf(request);
    if (raw === undefined && opts.optional) return undefined;
    if (kind === 'institution') return Number(raw);
    const lookup = LOOKUPS[kind];
    if (!lookup.valid(raw)) throw malformed(lookup);
    const institutionId = await lookup.institution?.(db, String(raw));
    if (institutionId === undefined) throw notFound(lookup.entity);
    return institutionId ?? undefined;
  };
}
