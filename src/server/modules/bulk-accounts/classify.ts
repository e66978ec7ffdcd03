/**
 * Decides what each spreadsheet row would do, without writing anything: validation per column,
 * duplicates inside the file, and the match against existing accounts (new, existing with changes,
 * unchanged, or invalid). Used for the dry-run preview and again by the job right before writing.
 */
import type { BulkMatch } from '../../../shared/contract/bulk-accounts';
import { Email, PersonName, Username } from '../../../shared/contract/users';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { ungrantable } from '../roles';
import { accountsNotAdministered, SHARED_ACCOUNT_MESSAGE } from '../users';
import { accountsMatching, roleIdsIn } from './bulk-accounts.queries';
import type { RawRow } from './xlsx-read';

/** The normalised values of a row, as stored in bulk_import_rows.data. */
export interface RowData {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  role: string;
  /** The Username cell was empty: the e-mail is used, or the existing account's user name. */
  usernameDefaulted: boolean;
  groupId: number | null;
  /** What an existing account would get, in words. */
  note: string | null;
  /** An existing member's first or last name changes. */
  changeName: boolean;
}

export interface ClassifiedRow {
  rowNumber: number;
  data: RowData;
  match: BulkMatch;
  issues: { column: string; message: string }[];
  existingUserId: number | null;
}

export interface RoleInfo {
  id: number;
  name: string;
  permissions: string[];
}

/** State kept across the chunks of one file: the first row of each e-mail and user name. */
export interface FileState {
  emails: Map<string, number>;
  usernames: Map<string, number>;
}
export const newFileState = (): FileState => ({ emails: new Map(), usernames: new Map() });

function validate<T>(
  schema: {
    safeParse(
      v: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
  },
  value: string,
) {
  const r = schema.safeParse(value);
  return r.success
    ? { value: r.data, error: undefined }
    : { value: undefined, error: r.error.issues[0]?.message ?? 'Invalid value.' };
}

type Account = Awaited<ReturnType<typeof accountsMatching>>[number];

/** A row validated on its own and against the rows before it in the file. */
interface PreparedRow {
  rowNumber: number;
  data: RowData;
  issues: { column: string; message: string }[];
  emailKey: string | undefined;
  userKey: string | undefined;
}

/** Validates each column of a row, resolves its role, and notes e-mails and user names seen before. */
function prepareRow(
  r: RawRow,
  actor: Actor,
  byRoleName: Map<string, RoleInfo>,
  state: FileState,
): PreparedRow {
  const v = r.values;
  const issues = [...r.issues];
  const need = (column: string, value: string, label: string) => {
    if (!value && !issues.some((i) => i.column === column))
      issues.push({ column, message: `${label} is required.` });
    return !!value;
  };
  const firstName = need('First Name', v['First Name'], 'First Name')
    ? validate(PersonName, v['First Name'])
    : undefined;
  const lastName = need('Last Name', v['Last Name'], 'Last Name')
    ? validate(PersonName, v['Last Name'])
    : undefined;
  const email = need('Email', v.Email, 'Email') ? validate(Email, v.Email) : undefined;
  if (firstName?.error) issues.push({ column: 'First Name', message: firstName.error });
  if (lastName?.error) issues.push({ column: 'Last Name', message: lastName.error });
  if (email?.error) issues.push({ column: 'Email', message: email.error });
  const usernameDefaulted = !v.Username;
  const username = usernameDefaulted ? email?.value : validate(Username, v.Username);
  const usernameValue = typeof username === 'string' ? username : username?.value;
  if (typeof username === 'object' && username?.error)
    issues.push({ column: 'Username', message: username.error });
  let role: RoleInfo | undefined;
  if (need('Role', v.Role, 'Role')) {
    role = byRoleName.get(v.Role.toLowerCase());
    if (!role) issues.push({ column: 'Role', message: `No role named "${v.Role}" in this institution.` });
    else if (ungrantable(actor, role.permissions).length > 0) {
      issues.push({
        column: 'Role',
        message: 'You cannot give this role: it holds permissions you do not have.',
      });
    }
  }
  const emailKey = email?.value?.toLowerCase();
  const userKey = usernameValue?.toLowerCase();
  noteDuplicates(r.rowNumber, emailKey, userKey, issues, state);
  const data: RowData = {
    firstName: firstName?.value ?? v['First Name'],
    lastName: lastName?.value ?? v['Last Name'],
    email: email?.value ?? v.Email,
    username: usernameValue ?? v.Username,
    role: role?.name ?? v.Role,
    usernameDefaulted,
    groupId: role?.id ?? null,
    note: null,
    changeName: false,
  };
  return { rowNumber: r.rowNumber, data, issues, emailKey, userKey };
}

/** A second row with an e-mail or user name seen before in the file is an issue (the e-mail first). */
function noteDuplicates(
  rowNumber: number,
  emailKey: string | undefined,
  userKey: string | undefined,
  issues: { column: string; message: string }[],
  state: FileState,
) {
  if (emailKey) {
    const first = state.emails.get(emailKey);
    if (first !== undefined) issues.push({ column: 'Email', message: `Same e-mail as row ${first}.` });
    else state.emails.set(emailKey, rowNumber);
  }
  if (userKey) {
    const first = state.usernames.get(userKey);
    if (first === undefined) state.usernames.set(userKey, rowNumber);
    else if (!issues.some((i) => i.column === 'Email' && i.message.startsWith('Same e-mail'))) {
      issues.push({ column: 'Username', message: `Same user name as row ${first}.` });
    }
  }
}

/** What the existing accounts of a chunk tell about its rows. */
interface MatchContext {
  actor: Actor;
  byEmail: Map<string, Account>;
  byUsername: Map<string, Account>;
  byRoleId: Map<number, RoleInfo>;
  roleIds: Map<number, number[]>;
  notOurs: Set<number>;
}

/** Issues of a row against the existing accounts: e-mail and user name of two accounts, or flagged. */
function accountIssues(p: PreparedRow, e: Account | undefined, u: Account | undefined) {
  const { data, issues } = p;
  if (e && u && e.id !== u.id) {
    issues.push({
      column: 'Email',
      message: 'The e-mail and the user name belong to two different accounts.',
    });
  } else if (u && !e) {
    issues.push({ column: 'Username', message: 'This user name is already taken by another account.' });
  } else if (e && !u && !data.usernameDefaulted) {
    issues.push({
      column: 'Username',
      message: 'This e-mail belongs to an account with another user name.',
    });
  }
  if ((e ?? u)?.flagged) {
    issues.push({ column: 'Email', message: 'This account cannot be changed from a spreadsheet.' });
  }
}

/** The match of a prepared row: invalid, new, unchanged, or existing with the changes in words. */
function matchRow(p: PreparedRow, ctx: MatchContext): ClassifiedRow {
  const { data, issues } = p;
  const e = p.emailKey ? ctx.byEmail.get(p.emailKey) : undefined;
  const u = p.userKey ? ctx.byUsername.get(p.userKey) : undefined;
  const existing = e ?? u;
  accountIssues(p, e, u);
  if (issues.length > 0) {
    return {
      rowNumber: p.rowNumber,
      data,
      match: 'invalid' as const,
      issues,
      existingUserId: existing?.id ?? null,
    };
  }
  if (!existing) return { rowNumber: p.rowNumber, data, match: 'new' as const, issues, existingUserId: null };
  data.username = existing.username;
  const held = ctx.roleIds.get(existing.id) ?? [];
  const sameRole = held.length === 1 && held[0] === data.groupId;
  const sameName = existing.firstName === data.firstName && existing.lastName === data.lastName;
  if (existing.member && sameRole && sameName) {
    return {
      rowNumber: p.rowNumber,
      data: { ...data, note: 'No changes.' },
      match: 'unchanged' as const,
      issues,
      existingUserId: existing.id,
    };
  }
  // nobody acts above their own rights (ARCHITECTURE §4): an account whose roles here hold a
  // permission the uploader lacks is not changed from the uploader's spreadsheet
  const above = ungrantable(
    ctx.actor,
    held.flatMap((id) => ctx.byRoleId.get(id)?.permissions ?? []),
  );
  if (above.length > 0) {
    return {
      rowNumber: p.rowNumber,
      data,
      match: 'invalid' as const,
      issues: [
        {
          column: 'Email',
          message: `This account holds permissions you do not have (${above.join(', ')}): it cannot be changed from your spreadsheet.`,
        },
      ],
      existingUserId: existing.id,
    };
  }
  if (existing.member && !sameName && ctx.notOurs.has(existing.id)) {
    return {
      rowNumber: p.rowNumber,
      data,
      match: 'invalid' as const,
      issues: [{ column: 'First Name', message: SHARED_ACCOUNT_MESSAGE }],
      existingUserId: existing.id,
    };
  }
  const changes: string[] = [];
  if (!existing.member) changes.push('joins this institution (the name is not changed)');
  else if (!sameName) changes.push(`name becomes ${data.firstName} ${data.lastName}`);
  if (!sameRole) changes.push(`role becomes ${data.role}`);
  return {
    rowNumber: p.rowNumber,
    data: {
      ...data,
      note: `Existing account: ${changes.join('; ')}.`,
      changeName: existing.member && !sameName,
    },
    match: 'existing' as const,
    issues,
    existingUserId: existing.id,
  };
}

/** Classifies one chunk of rows (in file order) for an institution and the acting user. */
export async function classifyRows(
  db: Db,
  actor: Actor,
  institutionId: number,
  roles: RoleInfo[],
  raw: RawRow[],
  state: FileState,
): Promise<ClassifiedRow[]> {
  const byRoleName = new Map(roles.map((r) => [r.name.toLowerCase(), r]));
  const byRoleId = new Map(roles.map((r) => [r.id, r]));
  const prepared = raw.map((r) => prepareRow(r, actor, byRoleName, state));

  const accounts = await accountsMatching(
    db,
    institutionId,
    prepared.flatMap((p) => (p.emailKey ? [p.emailKey] : [])),
    prepared.flatMap((p) => (p.userKey ? [p.userKey] : [])),
  );
  const byEmail = new Map(accounts.map((a) => [a.email.toLowerCase(), a]));
  const byUsername = new Map(accounts.map((a) => [a.username.toLowerCase(), a]));
  const roleIds = await roleIdsIn(
    db,
    institutionId,
    accounts.map((a) => a.id),
  );

  // accounts whose names the file would change, and that belong to institutions the uploader does
  // not administer: their names are not the uploader's to change (as in the edit form)
  const renamed = prepared.flatMap((p) => {
    const a =
      (p.emailKey ? byEmail.get(p.emailKey) : undefined) ??
      (p.userKey ? byUsername.get(p.userKey) : undefined);
    if (!a?.member) return [];
    return a.firstName !== p.data.firstName || a.lastName !== p.data.lastName ? [a.id] : [];
  });
  const notOurs = await accountsNotAdministered(db, actor, renamed);
  const ctx = { actor, byEmail, byUsername, byRoleId, roleIds, notOurs };
  return prepared.map((p) => matchRow(p, ctx));
}
