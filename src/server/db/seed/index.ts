import { type Algorithm, hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { analyzeTables, vacuumAnalyze } from '../analyze';
import { institutions } from '../schema';
import { seedSectionAlerts } from './alerts';
import { seedCatalog } from './catalog';
import type { SeedContext } from './context';
import { localToday } from './dates';
import { seedStudents } from './enrollments';
import { insertCopyHistory, planCopyHistory } from './history';
import { ensureInternalGroup } from '../internal-group';
import { seedLms } from './lms';
import { seedOrganizations } from './organizations';
import { passwordHashCount, seedPeople } from './people';
import { DEMO_SEED, Rng, seededFaker } from './random';
import { seedRoles } from './roles';
import { buildTerms } from './terms';
import { draftSections, insertSections } from './sections';
import { UsernameBook } from './usernames';
import { ORGANIZATIONS } from './world-data';

export { ensureInternalGroup } from '../internal-group';
export { isValidIsbn13 } from './isbn';
export { PERSONA_KEYS, PERSONAS, personaEmail, type PersonaKey } from './personas';

export interface SeedOptions {
  password: string;
  internalGroupId: string;
  /** Multiplies sections, enrollments and students (default 1). */
  scale?: number;
  /**
   * Keys of institutions (world-data.ts) that keep their scale-1 size at every scale, so a
   * benchmark can hold one institution fixed while the rest of the world grows.
   */
  steadyInstitutions?: string[];
  log?: (msg: string) => void;
}

export interface SeedReport {
  organizations: number;
  institutions: number;
  products: number;
  offers: number;
  sections: number;
  enrollments: number;
  users: number;
  ms: number;
}

/** Algorithm.Argon2id; the enum is an ambient const enum, which isolatedModules cannot read. */
const ARGON2ID = 2 as Algorithm;

/** Serialises concurrent seeders (several processes starting at once on one PostgreSQL). */
const SEED_LOCK_KEY = 20261122;

const hasData = async (q: Db) =>
  (await q.select({ id: institutions.id }).from(institutions).limit(1)).length > 0;

/**
 * Seeds the demo world when the database has no institutions yet; returns null when it already
 * had data. Everything happens in one transaction: a crash leaves nothing half-written.
 */
export async function seedDemo(db: Db, opts: SeedOptions): Promise<SeedReport | null> {
  const started = performance.now();
  const log = opts.log ?? (() => {});
  const scale = opts.scale ?? 1;
  if (!(scale > 0) || !Number.isFinite(scale))
    throw new Error(`seedDemo: scale must be a positive number, got ${scale}`);
  // Cheap check first, so a restart on a seeded database costs one query and no hashing.
  if (await hasData(db)) return null;
  const institutionCount = ORGANIZATIONS.reduce((n, o) => n + o.institutions.length, 0);
  // Hashing runs on libuv threads while the database works.
  const hashing = Promise.all(
    Array.from({ length: passwordHashCount(institutionCount) }, () =>
      hash(opts.password, { algorithm: ARGON2ID }),
    ),
  );
  hashing.catch(() => {});

  const report = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (await hasData(tx)) return null;
    const now = new Date();
    const today = localToday(now);
    const ctx: SeedContext = {
      db: tx,
      faker: seededFaker(DEMO_SEED),
      rng: new Rng(DEMO_SEED),
      today,
      now,
      terms: buildTerms(today),
      scale,
      steady: new Set(opts.steadyInstitutions ?? []),
      log,
    };
    const step = (label: string) => log(`${label} (${Math.round(performance.now() - started)} ms)`);
    return seedWorld(ctx, opts.internalGroupId, hashing, step);
  });
  if (report === null) return null;
  // Statistics for the planner now, not when autovacuum gets round to it: without them the first
  // requests after a seed plan for empty tables (a roster hashed every user). A larger (bench)
  // world is vacuumed too: the visibility map lets the index-only counts (enrollments, pairings
  // per course) skip the heap from the first request, whether autovacuum runs or not.
  if (scale > 1) await vacuumAnalyze(db);
  else await analyzeTables(db);
  log(`statistics gathered (${Math.round(performance.now() - started)} ms)`);
  report.ms = Math.round(performance.now() - started);
  log(`demo world ready in ${report.ms} ms`);
  return report;
}

/** Every seeding step in order, inside the seed's transaction (`ctx.db`). */
async function seedWorld(
  ctx: SeedContext,
  internalGroup: string,
  hashing: Promise<string[]>,
  step: (label: string) => void,
): Promise<SeedReport> {
  const internalGroupId = await ensureInternalGroup(ctx.db, internalGroup);
  const insts = await seedOrganizations(ctx);
  const catalog = await seedCatalog(ctx, insts);
  const roles = await seedRoles(ctx, insts);
  step(
    `${insts.length} institutions, ${catalog.products.length} products, ${catalog.offerCount} offers, ${roles.count} roles`,
  );

  const usernames = new UsernameBook();
  const people = await seedPeople(ctx, insts, roles.groups, internalGroupId, await hashing, usernames);
  step(`${people.userCount} staff, internal users and personas`);

  const drafts = draftSections(ctx, insts, catalog, people);
  const history = planCopyHistory(ctx, insts, drafts, people);
  const sectionIds = await insertSections(ctx, drafts);
  await insertCopyHistory(ctx, history, sectionIds);
  step(`${drafts.length} sections, ${history.jobs.length} copy jobs`);

  const students = await seedStudents(ctx, insts, drafts, sectionIds, usernames);
  step(`${students.students} students, ${students.enrollments} enrollments`);

  const alerts = await seedSectionAlerts(ctx, insts, drafts, sectionIds, students.perSection);
  const lms = await seedLms(ctx, insts, drafts, sectionIds);
  step(`${alerts} alerts, ${lms.integrations} LMS integrations, ${lms.pairings} course pairings`);

  return {
    organizations: ORGANIZATIONS.length,
    institutions: insts.length,
    products: catalog.products.length,
    offers: catalog.offerCount,
    sections: drafts.length,
    enrollments: students.enrollments,
    users: people.userCount + students.students,
    ms: 0,
  };
}
