import type { z } from 'zod';
import type {
  AddUserBody,
  AddUsersBody,
  CreatePiUserBody,
  EditPiUserBody,
} from '../../../shared/contract/users';
import { USER_MESSAGES } from '../../../shared/contract/users';
import type { Db } from '../../db/client';
import type { Locale } from '../../../shared/constants';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { checkAssignableRole, setRole } from '../roles';
import { isUniqueViolation } from '../../db/errors';
import { refuse } from '../roles';
import { assertMayChangeSharedFields } from './shared-account';
import { sendAccountMail } from './users.mail';
import type { ServiceContext } from '../../jobs/define';
import * as q from './users.queries';
import { assertMayEdit, summarize, userOrNotFound } from './users.service';

const DUPLICATE_USERNAME = 'A user with this user name already exists.';
const DUPLICATE_EMAIL = 'A user with this e-mail address already exists.';

async function institutionNameOr404(db: Db, id: number) {
  const name = await q.institutionName(db, id);
  if (name === undefined) throw notFound('Institution');
  return name;
}

/**
 * POST registrarUser/piUser/:id : an account request. The account is created pending (no password),
 * joins the institution with the chosen role, and gets an e-mail with setup instructions.
 */
export async function createPiUser(
  { db, jobs, config }: Pick<ServiceContext, 'db' | 'jobs' | 'config'>,
  actor: Actor,
  institutionId: number,
  body: z.infer<typeof CreatePiUserBody>,
  /** The creating administrator's language: the new account's until they choose one (its e-mails follow it). */
  locale: Locale | null,
) {
  const institutionName = await institutionNameOr404(db, institutionId);
  const username = body.username ?? body.email;
  if (await q.findUserByUsername(db, username)) {
    throw new AppError('error.usernameTaken', DUPLICATE_USERNAME, { username: DUPLICATE_USERNAME });
  }
  if (await q.findUserByEmail(db, body.email)) {
    throw new AppError('error.emailTaken', DUPLICATE_EMAIL, { email: DUPLICATE_EMAIL });
  }
  const group = await checkAssignableRole(db, actor, institutionId, body.groupId, [], {
    allowNewMembers: true,
    action: 'user.create',
  });
  let user: q.UserRow;
  try {
    user = await db.transaction(async (tx) => {
      const row = await q.insertUser(tx, {
        username,
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        locale,
      });
      await q.addMembership(tx, row.id, institutionId);
      await setRole(tx, institutionId, group.id, [row.id]);
      await audit(tx, actor, {
        action: 'user.create',
        entityType: 'user',
        entityId: row.id,
        institutionId,
        after: {
          username,
          email: body.email,
          firstName: body.firstName,
          lastName: body.lastName,
          groupId: group.id,
        },
      });
      await sendAccountMail(tx, jobs, config, {
        userId: row.id,
        username: row.username,
        email: row.email,
        firstName: row.firstName,
        institutionId,
        institutionName,
        roleName: group.name,
        requestedBy: actor.userId,
        pending: true,
        locale: row.locale,
      });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('error.usernameTaken', DUPLICATE_USERNAME);
    throw err;
  }
  const [summary] = await summarize(db, institutionId, [user], new Set([user.id]));
  return { status: 'OK' as const, user: summary, description: USER_MESSAGES.accountRequested };
}

const FLAG_KEYS = ['superAdmin', 'associateSuperAdmin', 'nasupport'] as const;

/** PUT registrarUser/piUser : name, e-mail, role (and, for super admins, flags) of a user of the institution. */
export async function editPiUser(
  db: Db,
  actor: Actor,
  institutionId: number,
  body: z.infer<typeof EditPiUserBody>,
) {
  const user = await userOrNotFound(db, body.userId);
  const entry = { action: 'user.update', entityType: 'user', entityId: user.id, institutionId };
  await assertMayEdit(db, actor, user, entry);
  const flags: Partial<Record<(typeof FLAG_KEYS)[number], boolean>> = {};
  for (const k of FLAG_KEYS) if (body[k] !== undefined && body[k] !== user[k]) flags[k] = body[k];
  if (Object.keys(flags).length > 0 && !actor.superAdmin) {
    throw await refuse(
      db,
      actor,
      { ...entry, after: flags },
      'Only super admins can give the superAdmin, associateSuperAdmin or nasupport flags.',
      'error.flagsSuperAdminOnly',
    );
  }
  const shared = { email: body.email, firstName: body.firstName, lastName: body.lastName };
  await assertMayChangeSharedFields(db, actor, user, shared, entry);
  if (await q.findUserByEmail(db, body.email, user.id)) {
    throw new AppError('error.emailTaken', DUPLICATE_EMAIL, { email: DUPLICATE_EMAIL });
  }
  await checkAssignableRole(db, actor, institutionId, body.groupId, [user.id], {
    allowNewMembers: true,
    action: entry.action,
  });
  const before = {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    version: user.version,
  };
  let updated: q.UserRow;
  try {
    updated = await db.transaction(async (tx) => {
      const row = await q.updateUser(
        tx,
        user.id,
        { firstName: body.firstName, lastName: body.lastName, email: body.email, ...flags },
        body.version,
      );
      if (!row) {
        throw new AppError(
          'error.userVersionConflict',
          'This user was changed by someone else after you opened it. Reload and apply your change again.',
        );
      }
      await q.addMembership(tx, user.id, institutionId);
      await setRole(tx, institutionId, body.groupId, [user.id]);
      await audit(tx, actor, {
        ...entry,
        before,
        after: {
          firstName: row.firstName,
          lastName: row.lastName,
          email: row.email,
          groupId: body.groupId,
          ...flags,
        },
      });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError('error.emailTaken', DUPLICATE_EMAIL, { email: DUPLICATE_EMAIL });
    throw err;
  }
  const [summary] = await summarize(db, institutionId, [updated], new Set([updated.id]));
  return { status: 'OK' as const, user: summary, description: USER_MESSAGES.userEdited };
}

/**
 * POST registrarUser/addUser2Institution and addUsers2Institution: existing accounts join the
 * institution with a role (their role there is replaced). 409 when nothing would change.
 */
export async function addUsersToInstitution(
  db: Db,
  actor: Actor,
  body: Pick<z.infer<typeof AddUsersBody>, 'userIds' | 'organizationId' | 'groupId'>,
  single: boolean,
) {
  const { organizationId, groupId } = body;
  await institutionNameOr404(db, organizationId);
  const ids = [...new Set(body.userIds)];
  const found = await Promise.all(ids.map((id) => q.findUser(db, id)));
  if (found.some((u) => !u)) throw notFound('User');
  await checkAssignableRole(db, actor, organizationId, groupId, ids, {
    allowNewMembers: true,
    action: 'user.addToInstitution',
  });
  const changed = await db.transaction(async (tx) => {
    let joined = 0;
    for (const id of ids) if (await q.addMembership(tx, id, organizationId)) joined++;
    const roleChanges = await setRole(tx, organizationId, groupId, ids);
    if (joined === 0 && roleChanges === 0) {
      throw new AppError(
        'error.alreadyMember',
        'The user already belongs to this institution with this role.',
      );
    }
    await audit(tx, actor, {
      action: 'user.addToInstitution',
      entityType: 'institution',
      entityId: organizationId,
      institutionId: organizationId,
      after: { userIds: ids, groupId },
    });
    return Math.max(joined, roleChanges);
  });
  return {
    status: 'OK' as const,
    added: changed,
    description: single ? USER_MESSAGES.userAdded : USER_MESSAGES.rolesAdded,
  };
}

export const addUserToInstitution = (db: Db, actor: Actor, body: z.infer<typeof AddUserBody>) =>
  addUsersToInstitution(
    db,
    actor,
    { userIds: [body.userId], organizationId: body.organizationId, groupId: body.groupId },
    true,
  );

/** POST registrarUser/piUser/:id/notify : e-mails the user about their account (a new setup link if pending). */
export async function notifyUser(
  { db, jobs, config }: Pick<ServiceContext, 'db' | 'jobs' | 'config'>,
  actor: Actor,
  institutionId: number,
  userId: number,
) {
  const user = await userOrNotFound(db, userId);
  if (user.status === 'disabled') throw new AppError('error.accountDisabled', 'This account is disabled.');
  const institutionName = await institutionNameOr404(db, institutionId);
  const [summary] = await summarize(db, institutionId, [user], new Set([user.id]));
  await db.transaction(async (tx) => {
    await audit(tx, actor, { action: 'user.notify', entityType: 'user', entityId: user.id, institutionId });
    await sendAccountMail(tx, jobs, config, {
      userId: user.id,
      username: user.username,
      email: user.email,
      firstName: user.firstName,
      institutionId,
      institutionName,
      roleName: summary.roles[0]?.name ?? null,
      requestedBy: actor.userId,
      locale: user.locale,
      pending: user.status === 'pending',
    });
  });
  return { status: 'OK' as const, description: USER_MESSAGES.notified };
}
