import { CUSTOM_COURSE_LMS_KINDS } from '../../../shared/constants';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { defaultTimeZone } from '../../lib/institution-today';
import { offeredProducts } from '../offers';
import {
  departmentsOf,
  institutionRow,
  integrationsOf,
  pairingsOf,
  peopleOf,
} from './institution-details.queries';

type InstitutionRow = NonNullable<Awaited<ReturnType<typeof institutionRow>>>;

export function toInstitutionDetails(row: InstitutionRow) {
  return { ...row, timeZone: row.timeZone || defaultTimeZone(), updatedAt: row.updatedAt.toISOString() };
}

export async function institutionDetails(db: Db, institutionId: number) {
  const row = await institutionRow(db, institutionId);
  if (!row) throw notFound('Institution');
  return toInstitutionDetails(row);
}

/** 404 for an unknown institution (routes that do not read the institution itself call this first). */
export async function requireInstitution(db: Db, institutionId: number) {
  if (!(await institutionRow(db, institutionId))) throw notFound('Institution');
}

export async function institutionDepartments(db: Db, institutionId: number) {
  await requireInstitution(db, institutionId);
  return { departments: await departmentsOf(db, institutionId) };
}

const person = (p: Awaited<ReturnType<typeof peopleOf>>[number]) => ({
  ...p,
  displayName: `${p.firstName} ${p.lastName}`.trim(),
});

export async function institutionInstructors(db: Db, institutionId: number, q: string, limit: number) {
  await requireInstitution(db, institutionId);
  return { instructors: (await peopleOf(db, institutionId, ['instructor', 'ta'], q, limit)).map(person) };
}

export async function institutionUsers(db: Db, institutionId: number, q: string, limit: number) {
  await requireInstitution(db, institutionId);
  return { users: (await peopleOf(db, institutionId, ['instructor', 'ta', 'admin'], q, limit)).map(person) };
}

export async function lmsMappings(db: Db, institutionId: number) {
  await requireInstitution(db, institutionId);
  const [integrations, mappings] = await Promise.all([
    integrationsOf(db, institutionId),
    pairingsOf(db, institutionId),
  ]);
  return { integrations: integrations.map((i) => ({ ...i, pairings: Number(i.pairings) })), mappings };
}

/** What the create-course form needs: offered products, LMS kinds for custom ids, departments. */
export async function courseCreationInfo(db: Db, institutionId: number) {
  const inst = await institutionRow(db, institutionId);
  if (!inst) throw notFound('Institution');
  const [products, integrations, departments] = await Promise.all([
    offeredProducts(db, institutionId),
    integrationsOf(db, institutionId),
    departmentsOf(db, institutionId),
  ]);
  const kinds = new Set(integrations.map((i) => i.lmsKind));
  return {
    orgId: inst.orgId,
    displayName: inst.displayName,
    censusDuration: inst.censusDuration,
    products: products.sort((a, b) => a.productName.localeCompare(b.productName)),
    lmsKinds: CUSTOM_COURSE_LMS_KINDS.filter((k) => kinds.has(k)),
    departments,
  };
}
