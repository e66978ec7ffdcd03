/**
 * The change an audit row records, as the short summary its sentence ends with
 * ("…: + Ana Ruiz (TA)", "…: status Active → Inactive"). Pure: the server names the people and roles
 * the row refers to (`AuditNames`), the web puts the parts into words in the app language.
 */

/** Names of the users and roles (groups) an audit row's before/after refer to, by id. */
export interface AuditNames {
  users: Record<string, string>;
  groups: Record<string, string>;
}

/** A person added to or removed from something; `role` a course role (instructor/ta) or a role's name. */
export interface ChangePerson {
  name: string;
  role?: string;
}

export type ChangePart =
  | { kind: 'added' | 'removed'; people: ChangePerson[]; more: number }
  | { kind: 'field'; field: string; before: unknown; after: unknown };

/** At most this many people named in one sentence; the rest are counted ("and 3 more"). */
export const PEOPLE_SHOWN = 5;

/** Fields a summary leaves out: counters, links between records, request details. */
const QUIET = new Set([
  'version',
  'sessionsEnded',
  'importId',
  'rowNumber',
  'reason',
  'days',
  'ip',
  'bySync',
  'pairingId',
  'userId',
  'kid',
  'deployments',
]);

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const asObj = (v: unknown): Obj => (isObj(v) ? v : {});
const ids = (v: unknown): number[] =>
  Array.isArray(v)
    ? v.filter((x): x is number => Number.isInteger(x))
    : Number.isInteger(v)
      ? [v as number]
      : [];

interface Member {
  userId: number;
  role?: string;
}
const members = (v: unknown): Member[] =>
  Array.isArray(v)
    ? v
        .filter(isObj)
        .flatMap((m) =>
          Number.isInteger(m.userId)
            ? [{ userId: m.userId as number, role: m.role as string | undefined }]
            : [],
        )
    : [];

/** The user and group ids a row's summary names (what the server looks up), the shown ones only. */
export function referencedIds(before: unknown, after: unknown) {
  const b = asObj(before);
  const a = asObj(after);
  const users = [
    ...ids(a.userIds).slice(0, PEOPLE_SHOWN),
    ...ids(b.userId),
    ...members(before).map((m) => m.userId),
    ...members(after).map((m) => m.userId),
  ];
  const groups = [...ids(a.groupId), ...ids(b.groupId)];
  return { users: [...new Set(users)], groups: [...new Set(groups)] };
}

function people(userIds: number[], names: AuditNames, role?: string) {
  const shown = userIds.slice(0, PEOPLE_SHOWN).map((id) => ({
    name: names.users[id] ?? `#${id}`,
    ...(role ? { role } : {}),
  }));
  return { people: shown, more: Math.max(0, userIds.length - PEOPLE_SHOWN) };
}

/** The instructors and TAs added and removed (a changed role is a removal and an addition). */
function instructorChange(before: unknown, after: unknown, names: AuditNames): ChangePart[] {
  const key = (m: Member) => `${m.userId}|${m.role ?? ''}`;
  const was = new Set(members(before).map(key));
  const now = new Set(members(after).map(key));
  const person = (m: Member): ChangePerson => ({
    name: names.users[m.userId] ?? `#${m.userId}`,
    ...(m.role ? { role: m.role } : {}),
  });
  const added = members(after).filter((m) => !was.has(key(m)));
  const removed = members(before).filter((m) => !now.has(key(m)));
  const parts: ChangePart[] = [];
  if (added.length) parts.push({ kind: 'added', people: added.map(person), more: 0 });
  if (removed.length) parts.push({ kind: 'removed', people: removed.map(person), more: 0 });
  return parts;
}

const scalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/** The scalar fields that differ between before and after (a role by its name). */
function fieldChange(before: unknown, after: unknown, names: AuditNames): ChangePart[] {
  if (!isObj(before) || !isObj(after)) return [];
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.flatMap((field): ChangePart[] => {
    if (QUIET.has(field) || !(field in before) || !(field in after)) return [];
    const [b, a] = [before[field], after[field]];
    if (!scalar(b) || !scalar(a) || b === a) return [];
    if (field === 'groupId') {
      const g = (v: unknown) => names.groups[String(v)] ?? (v == null ? null : `#${v}`);
      return [{ kind: 'field', field: 'role', before: g(b), after: g(a) }];
    }
    return [{ kind: 'field', field, before: b, after: a }];
  });
}

/** The summary of one audit row's change; empty when there is nothing short to say. */
export function auditChange(
  action: string,
  before: unknown,
  after: unknown,
  names: AuditNames,
): ChangePart[] {
  const b = asObj(before);
  const a = asObj(after);
  const group = (v: unknown) => (v == null ? undefined : names.groups[String(v)]);
  switch (action) {
    case 'course.instructors':
      return instructorChange(before, after, names);
    case 'role.members.add':
    case 'internalUser.add':
      return [{ kind: 'added', ...people(ids(a.userIds), names) }];
    case 'user.addToInstitution':
      return [{ kind: 'added', ...people(ids(a.userIds), names, group(a.groupId)) }];
    case 'role.members.remove':
    case 'internalUser.remove':
      return [{ kind: 'removed', ...people(ids(b.userId), names) }];
    case 'role.members.change':
      return [
        { kind: 'field', field: 'role', before: group(b.groupId) ?? null, after: group(a.groupId) ?? null },
        { kind: 'added', ...people(ids(a.userIds), names) },
      ];
    default:
      return fieldChange(before, after, names);
  }
}
