import type { SeedContext, SeededInstitution } from './context';
import { shiftTime } from './dates';
import { PERSONA_KEYS, PERSONA_PLACES, PERSONAS, type PersonaKey, personaEmail } from './personas';
import type { RoleGroups, StaffRole } from './roles';
import { type NewUser, UserBatch } from './user-batch';
import type { UsernameBook } from './usernames';

/** Staff per institution at every scale: a few dozen, so user search has several pages. */
const STAFF_PER_INSTITUTION: Record<StaffRole, number> = {
  admin: 4,
  registrar: 2,
  instructor: 22,
  ta: 6,
  readonly: 2,
};
const COURSE_ROLE: Record<StaffRole, string> = {
  admin: 'admin',
  registrar: 'admin',
  instructor: 'instructor',
  ta: 'ta',
  readonly: 'instructor',
};
/** Extra members of the internal group besides the `internal` persona (2 pages at 20 per page). */
const EXTRA_INTERNAL_USERS = 25;
export const INTERNAL_EMAIL_DOMAIN = 'courseware.example.com';

export interface StaffPools {
  /** Administrators and registrars. */
  admins: number[];
  instructors: number[];
  tas: number[];
}

export interface People {
  personas: Record<PersonaKey, number>;
  staff: Map<number, StaffPools>;
  userCount: number;
}

/** How many password hashes `seedPeople` needs: the personas and the first admin of each institution. */
export function passwordHashCount(institutionCount: number): number {
  return PERSONA_KEYS.length + institutionCount;
}

const noFlags = { superAdmin: false, associateSuperAdmin: false, nasupport: false };

/**
 * The six personas, a few dozen staff per institution with memberships and role groups, and
 * the internal users. `hashes` holds passwordHashCount() argon2id hashes of the demo password.
 */
export async function seedPeople(
  ctx: SeedContext,
  institutions: SeededInstitution[],
  roleGroups: RoleGroups,
  internalGroupId: number,
  hashes: string[],
  usernames: UsernameBook,
): Promise<People> {
  const batch = new UserBatch();
  const passwords = [...hashes];
  const personas = addPersonas(ctx, batch, institutions, roleGroups, internalGroupId, passwords, usernames);
  addProviderStaff(ctx, batch, usernames);
  const pools = addStaff(ctx, batch, institutions, roleGroups, passwords, usernames);
  addInternalUsers(ctx, batch, internalGroupId, usernames);

  const ids = await batch.insert(ctx.db);
  const toIds = (list: number[]) => list.map((k) => ids[k]);
  const staff = new Map<number, StaffPools>();
  for (const [instId, pool] of pools) {
    staff.set(instId, {
      admins: toIds(pool.admins),
      instructors: toIds(pool.instructors),
      tas: toIds(pool.tas),
    });
  }
  return {
    personas: Object.fromEntries(PERSONA_KEYS.map((key) => [key, ids[personas[key]]])) as Record<
      PersonaKey,
      number
    >,
    staff,
    userCount: batch.size,
  };
}

/** The personas of ARCHITECTURE §5, placed in their groups and institutions. */
function addPersonas(
  ctx: SeedContext,
  batch: UserBatch,
  institutions: SeededInstitution[],
  roleGroups: RoleGroups,
  internalGroupId: number,
  passwords: string[],
  usernames: UsernameBook,
): Record<PersonaKey, number> {
  const at = new Map(institutions.map((i) => [i.seed.key, i.id]));
  const groupsAt = (key: string) => roleGroups.get(at.get(key)!)!;
  const persona = {} as Record<PersonaKey, number>;
  for (const key of PERSONA_KEYS) {
    usernames.reserve(key);
    const { firstName, lastName, superAdmin, associateSuperAdmin, nasupport } = PERSONAS[key];
    persona[key] = batch.add({
      username: key,
      email: personaEmail(key),
      firstName,
      lastName,
      passwordHash: passwords.pop() ?? null,
      superAdmin,
      associateSuperAdmin,
      nasupport,
      status: 'active',
      locale: null,
      createdAt: shiftTime(ctx.now, -400),
    });
  }
  for (const key of ['super', 'associate', 'support'] as const) {
    for (const inst of PERSONA_PLACES.flagHolderInstitutions) batch.join(persona[key], groupsAt(inst).admin);
  }
  for (const inst of PERSONA_PLACES.registrarInstitutions) {
    batch.member(persona.registrar, at.get(inst)!, 'admin');
    batch.join(persona.registrar, groupsAt(inst).admin);
  }
  const home = PERSONA_PLACES.instructorInstitution;
  batch.member(persona.instructor, at.get(home)!, 'instructor');
  batch.join(persona.instructor, groupsAt(home).instructor);
  batch.join(persona.internal, internalGroupId);
  const { teaches, administers } = PERSONA_PLACES.adjunctInstitutions;
  batch.member(persona.adjunct, at.get(teaches)!, 'instructor');
  batch.join(persona.adjunct, groupsAt(teaches).instructor);
  batch.member(persona.adjunct, at.get(administers)!, 'admin');
  batch.join(persona.adjunct, groupsAt(administers).registrar);
  addFlaggedMember(ctx, batch, at.get(PERSONA_PLACES.flaggedMemberInstitution)!, groupsAt, usernames);
  return persona;
}

/** A few dozen staff per institution; the first administrator of each gets the demo password. */
function addStaff(
  ctx: SeedContext,
  batch: UserBatch,
  institutions: SeededInstitution[],
  roleGroups: RoleGroups,
  passwords: string[],
  usernames: UsernameBook,
): Map<number, StaffPools> {
  const { faker, rng, now } = ctx;
  const pools = new Map<number, StaffPools>();
  for (const inst of institutions) {
    const pool: StaffPools = { admins: [], instructors: [], tas: [] };
    for (const role of Object.keys(STAFF_PER_INSTITUTION) as StaffRole[]) {
      for (let k = 0; k < STAFF_PER_INSTITUTION[role]; k++) {
        const firstName = faker.person.firstName();
        const lastName = faker.person.lastName();
        const username = usernames.make(firstName, lastName);
        const withPassword = role === 'admin' && k === 0;
        const user: NewUser = {
          username,
          email: `${username}@${inst.seed.domain}`,
          firstName,
          lastName,
          passwordHash: withPassword ? (passwords.pop() ?? null) : null,
          ...noFlags,
          status: withPassword
            ? 'active'
            : rng.weighted([
                ['active', 90],
                ['pending', 8],
                ['disabled', 2],
              ] as const),
          locale: rng.chance(0.1) ? rng.pick(['fr', 'zh']) : null,
          createdAt: shiftTime(now, -rng.int(30, 1500)),
        };
        const index = batch.add(user);
        batch.member(index, inst.id, COURSE_ROLE[role]);
        batch.join(index, roleGroups.get(inst.id)![role]);
        if (role === 'admin' || role === 'registrar') pool.admins.push(index);
        if (role === 'instructor') pool.instructors.push(index);
        if (role === 'ta') pool.tas.push(index);
      }
    }
    pools.set(inst.id, pool);
  }
  return pools;
}

/**
 * Provider employees not (yet) in the internal group: accounts of the provider's domain that a super
 * admin may make internal users (only provider accounts may hold that role). No random draws.
 */
export const PROVIDER_STAFF = [
  { firstName: 'Noor', lastName: 'Haddad', username: 'noor.haddad' },
  { firstName: 'Tomasz', lastName: 'Kowalczyk', username: 'tomasz.kowalczyk' },
] as const;

/** The provider support account with a membership in an institution (see PERSONA_PLACES). */
export const FLAGGED_MEMBER = { firstName: 'Jordan', lastName: 'Pike', username: 'jordan.pike' } as const;

function addFlaggedMember(
  ctx: SeedContext,
  batch: UserBatch,
  institutionId: number,
  groupsAt: (key: string) => Record<StaffRole, number>,
  usernames: UsernameBook,
): void {
  const username = usernames.make(FLAGGED_MEMBER.firstName, FLAGGED_MEMBER.lastName);
  if (username !== FLAGGED_MEMBER.username) throw new Error(`seed: user name ${username} taken`);
  const index = batch.add({
    username,
    email: `${username}@${INTERNAL_EMAIL_DOMAIN}`,
    firstName: FLAGGED_MEMBER.firstName,
    lastName: FLAGGED_MEMBER.lastName,
    passwordHash: null,
    ...noFlags,
    nasupport: true,
    status: 'active',
    locale: null,
    createdAt: shiftTime(ctx.now, -200),
  });
  batch.member(index, institutionId, COURSE_ROLE.readonly);
  batch.join(index, groupsAt(PERSONA_PLACES.flaggedMemberInstitution).readonly);
}

function addProviderStaff(ctx: SeedContext, batch: UserBatch, usernames: UsernameBook): void {
  for (const p of PROVIDER_STAFF) {
    const username = usernames.make(p.firstName, p.lastName);
    if (username !== p.username) throw new Error(`seed: provider staff user name ${username} taken`);
    batch.add({
      username,
      email: `${username}@${INTERNAL_EMAIL_DOMAIN}`,
      firstName: p.firstName,
      lastName: p.lastName,
      passwordHash: null,
      ...noFlags,
      status: 'active',
      locale: null,
      createdAt: shiftTime(ctx.now, -90),
    });
  }
}

/** Provider employees in the internal group (with the `internal` persona: two pages of 20). */
function addInternalUsers(
  ctx: SeedContext,
  batch: UserBatch,
  internalGroupId: number,
  usernames: UsernameBook,
): void {
  const { faker, rng, now } = ctx;
  for (let k = 0; k < EXTRA_INTERNAL_USERS; k++) {
    const firstName = faker.person.firstName();
    const lastName = faker.person.lastName();
    const username = usernames.make(firstName, lastName);
    const index = batch.add({
      username,
      email: `${username}@${INTERNAL_EMAIL_DOMAIN}`,
      firstName,
      lastName,
      passwordHash: null,
      ...noFlags,
      status: 'active',
      locale: null,
      createdAt: shiftTime(now, -rng.int(30, 1500)),
    });
    batch.join(index, internalGroupId);
  }
}
