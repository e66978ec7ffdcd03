import {
  AUDIT_CSV_COLUMNS,
  AUDIT_CSV_FILE,
  type AuditFiltersT,
  type AuditPageQueryT,
  type AuditPageResponseT,
  type AuditRowT,
} from '../../../shared/contract/audit';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { batches } from '../../lib/batches';
import { requireInstitution } from '../institutions';
import { referencedIds } from '../../../shared/audit-change';
import { type AuditDbRow, type AuditKey, auditRows, namesOf } from './audit.queries';

const CSV_BATCH = 1000;

export function encodeCursor(k: AuditKey): string {
  return Buffer.from(`${k.at}|${k.id}`, 'utf8').toString('base64url');
}

/** The cursor of the previous page, or a 422 naming the field when it is not one. */
export function decodeCursor(cursor: string): AuditKey {
  const bad = () => new AppError('error.validation', 'Invalid cursor.', { cursor: 'Invalid cursor.' });
  const raw = Buffer.from(cursor, 'base64url').toString('utf8');
  const m = /^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d{1,6})?[+-]\d{2}(?::\d{2})?)\|(\d{1,18})$/.exec(raw);
  if (!m) throw bad();
  const id = Number(m[2]);
  const iso = m[1].replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
  if (!Number.isSafeInteger(id) || Number.isNaN(Date.parse(iso))) throw bad();
  return { at: m[1], id };
}

const outcomeOf = (o: string) => (o === 'ok' ? 'done' : 'refused') as AuditRowT['outcome'];

type Names = Awaited<ReturnType<typeof namesOf>>;

/** The names of the people and roles every row of a page refers to, in two queries. */
async function pageNames(db: Db, rows: AuditDbRow[]): Promise<Names> {
  const refs = rows.map((r) => referencedIds(r.before, r.after));
  return namesOf(db, [...new Set(refs.flatMap((x) => x.users))], [...new Set(refs.flatMap((x) => x.groups))]);
}

/** One row's own share of the page's names. */
function rowNames(r: AuditDbRow, names: Names): AuditRowT['names'] {
  const refs = referencedIds(r.before, r.after);
  const pick = (ids: number[], m: Map<number, string>) =>
    Object.fromEntries(ids.flatMap((id) => (m.has(id) ? [[String(id), m.get(id)!]] : [])));
  return { users: pick(refs.users, names.users), groups: pick(refs.groups, names.groups) };
}

function toRow(r: AuditDbRow, names: Names): AuditRowT {
  return {
    id: r.id,
    at: r.at.toISOString(),
    actorUserId: r.actorUserId,
    actorUsername: r.actorUsername ?? null,
    actorName: r.actorName ?? null,
    actingAsUserId: r.actingAsUserId,
    actingAsUsername: r.actingAsUsername ?? null,
    institutionId: r.institutionId,
    action: r.action,
    entityType: r.entityType,
    entityId: r.entityId,
    entityLabel: r.entityLabel ?? null,
    outcome: outcomeOf(r.outcome),
    before: r.before ?? null,
    after: r.after ?? null,
    requestId: r.requestId,
    names: rowNames(r, names),
  };
}

/** GET /api/audit: one page of the institution's audit rows, newest first, keyset-paged. */
export async function auditPage(db: Db, q: AuditPageQueryT): Promise<AuditPageResponseT> {
  const after = q.cursor ? decodeCursor(q.cursor) : null;
  const rows = await auditRows(db, q, after, q.limit + 1);
  if (rows.length === 0) await requireInstitution(db, q.organizationId);
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  const names = await pageNames(db, page);
  return {
    rows: page.map((r) => toRow(r, names)),
    nextCursor: rows.length > q.limit && last ? encodeCursor({ at: last.atKey, id: last.id }) : null,
  };
}

const NO_NAMES: Names = { users: new Map(), groups: new Map() };
const json = (v: unknown) => (v == null ? '' : JSON.stringify(v));

/** GET /api/audit/export: every row the filters select, read in keyset batches as the client takes them. */
export async function auditCsv(db: Db, f: AuditFiltersT) {
  await requireInstitution(db, f.organizationId);
  async function* rows() {
    const all = batches<AuditDbRow, AuditKey>(
      (after) => auditRows(db, f, after, CSV_BATCH),
      (r) => ({ at: r.atKey, id: r.id }),
    );
    for await (const raw of all) {
      const r = toRow(raw, NO_NAMES);
      yield [
        r.id,
        r.at,
        r.actorUserId,
        r.actorUsername,
        r.actingAsUserId,
        r.actingAsUsername,
        r.institutionId,
        r.action,
        r.entityType,
        r.entityId,
        r.outcome,
        json(r.before),
        json(r.after),
        r.requestId,
      ];
    }
  }
  return { fileName: AUDIT_CSV_FILE, columns: AUDIT_CSV_COLUMNS, rows: rows() };
}
