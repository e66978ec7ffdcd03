import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { bulkImports, groups, lmsIntegrations, offers, optOutFiles, sections } from '../db/schema';
import { AppError, type NotFoundEntity, notFound } from '../lib/app-error';

/**
 * The kinds of ids a route can be scoped by. Each finds the institution its entity belongs to;
 * `institution` is an institution id under another field name than `organizationId`.
 */
export type EntityKind =
  | 'section'
  | 'role'
  | 'group'
  | 'file'
  | 'import'
  | 'offer'
  | 'ltiRegistration'
  | 'institution';

/** Where in the request the id is. */
export type IdSource = 'query' | 'params' | 'body';

interface Lookup {
  /** Whether the raw value is an id of this kind at all (else 404, or 422 where said). */
  valid(raw: unknown): boolean;
  /** The institution of the entity: a number, null for a provider-wide entity, undefined when unknown. */
  institution(db: Db, id: string): Promise<number | null | undefined>;
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

const LOOKUPS: Record<Exclude<EntityKind, 'institution'>, Lookup> = {
  /** A live section (course); removed ones are unknown. */
  section: {
    valid: positiveInt,
    entity: 'Course',
    institution: orgOfRow(sections, sections.id, sections.institutionId, isNull(sections.deletedAt)),
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
    institution: orgOfRow(groups, groups.id, groups.contextId),
  },
  /** An opt-out file not deleted. */
  file: {
    valid: positiveInt,
    entity: 'Opt-out file',
    institution: orgOfRow(
      optOutFiles,
      optOutFiles.id,
      optOutFiles.institutionId,
      isNull(optOutFiles.deletedAt),
    ),
  },
  /** A product offer to an institution. */
  offer: {
    valid: positiveInt,
    entity: 'Offer',
    institution: orgOfRow(offers, offers.id, offers.institutionId),
  },
  /** An LTI 1.3 registration (lms_integrations row): the institution whose console owns it. */
  ltiRegistration: {
    valid: positiveInt,
    entity: 'LTI registration',
    institution: orgOfRow(lmsIntegrations, lmsIntegrations.id, lmsIntegrations.institutionId),
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

/**
 * The one way a route finds the institution an id in its request belongs to, for `config.access.org`:
 * `entityOrg('section', 'query', 'sectionId')`. An unknown id answers 404 before any capability check
 * (so it reads the same for every caller); the access hook then refuses another institution's entity
 * with 403. `optional` lets an absent field mean "no institution".
 */
export function entityOrg(
  kind: EntityKind,
  from: IdSource,
  field: string,
  opts: { optional?: boolean } = {},
) {
  return async (request: FastifyRequest, db: Db): Promise<number | undefined> => {
    const container = (
      from === 'query' ? request.query : from === 'params' ? request.params : request.body
    ) as Record<string, unknown> | undefined;
    const raw = container?.[field];
    if (raw === undefined && opts.optional) return undefined;
    if (kind === 'institution') return Number(raw);
    const lookup = LOOKUPS[kind];
    if (!lookup.valid(raw)) {
      if (lookup.invalid) throw new AppError('error.validation', lookup.invalid);
      throw notFound(lookup.entity);
    }
    const institutionId = await lookup.institution(db, String(raw));
    if (institutionId === undefined) throw notFound(lookup.entity);
    return institutionId ?? undefined;
  };
}
