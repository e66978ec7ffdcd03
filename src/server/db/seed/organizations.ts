import { departments, institutions, organizations } from '../schema';
import type { SeedContext, SeededInstitution } from './context';
import { addDays, isoDate } from './dates';
import { SUBJECTS } from './subjects';
import { ORGANIZATIONS } from './world-data';

/** Organisations, their institutions, and 6–10 departments per institution. */
export async function seedOrganizations(ctx: SeedContext): Promise<SeededInstitution[]> {
  const { db, rng, today } = ctx;
  const orgRows = await db
    .insert(organizations)
    .values(ORGANIZATIONS.map((o) => ({ name: o.name })))
    .returning({ id: organizations.id, name: organizations.name });
  const orgId = new Map(orgRows.map((o) => [o.name, o.id]));

  const seeds = ORGANIZATIONS.flatMap((o) => o.institutions.map((seed) => ({ org: o, seed })));
  const instRows = await db
    .insert(institutions)
    .values(
      seeds.map(({ org, seed }) => ({
        organizationId: orgId.get(org.name)!,
        displayName: seed.name,
        aggregateName: org.name,
        censusDuration: seed.censusDuration,
        offerType: seed.offerType,
        orgInclusiveId: seed.orgInclusiveId,
        inclusiveAccess: seed.inclusiveAccess,
        inclusiveOfferEndsOn:
          seed.inclusiveEndsInDays === null ? null : isoDate(addDays(today, seed.inclusiveEndsInDays)),
      })),
    )
    .returning({ id: institutions.id, displayName: institutions.displayName });
  const instId = new Map(instRows.map((i) => [i.displayName, i.id]));

  const seeded: SeededInstitution[] = seeds.map(({ org, seed }) => ({
    id: instId.get(seed.name)!,
    organizationId: orgId.get(org.name)!,
    seed,
    subjects: rng.shuffle(SUBJECTS).slice(0, rng.int(6, 10)),
  }));

  await db
    .insert(departments)
    .values(
      seeded.flatMap((inst) => inst.subjects.map((s) => ({ institutionId: inst.id, name: s.department }))),
    );
  return seeded;
}
