import { z } from 'zod';
import { IdParam, RowId, text } from './common';
import { defineRoute } from './route';

/**
 * What the recycle bin holds: removed courses (sections), removed roles, and users removed
 * from a role or from the internal-user group (membership).
 */
export const RecycleKind = z.enum(['section', 'role', 'membership']);
export type RecycleKindT = z.infer<typeof RecycleKind>;

export const RecycleBinQuery = z.object({
  organizationId: IdParam.describe('Institution whose recently removed things are listed.'),
  kind: RecycleKind.optional().describe('Only entries of this kind (section, role or membership).'),
  cursor: text()
    .max(200)
    .optional()
    .describe('The nextCursor of the previous page; absent for the most recent removals.'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(25)
    .describe('Entries per page (1-100, default 25).'),
});
export type RecycleBinQueryT = z.infer<typeof RecycleBinQuery>;

export const RecycleEntry = z.object({
  id: z.number().int().describe('Recycle-bin entry id (what restore takes).'),
  kind: RecycleKind.describe(
    'What was removed: section (a course), role, or membership (a user removed from a role).',
  ),
  entityId: z
    .number()
    .int()
    .describe('Id of the removed course or role (kept by a restore); for a membership, the user.'),
  name: z.string().describe('Course or role name at removal; for a membership, "<user name> — <role name>".'),
  removedBy: z.number().int().nullable().describe('Who removed it; null when unknown.'),
  removedByName: z.string().nullable().describe("The remover's name, when the account still exists."),
  removedAt: z.string().describe('When it was removed (ISO 8601).'),
  purgeAt: z.string().describe('When it leaves the recycle bin for good (ISO 8601).'),
});

export const RecycleBinResponse = z.object({
  entries: z.array(RecycleEntry).describe('Entries the caller may restore, most recent removal first.'),
  nextCursor: z.string().nullable().describe('Cursor of the next page; null on the last page.'),
});
export type RecycleBinResponseT = z.infer<typeof RecycleBinResponse>;

export const RestoreBody = z.object({
  organizationId: RowId.describe('Institution the entry belongs to.'),
  id: RowId.describe('Recycle-bin entry to restore.'),
});
export type RestoreBodyT = z.infer<typeof RestoreBody>;

export const RestoreResponse = z.object({
  kind: RecycleKind.describe('What was restored.'),
  entityId: z.number().int().describe('Id of the restored course or role (the same as before removal).'),
  name: z.string().describe('Its name.'),
  membersBack: z
    .number()
    .int()
    .describe(
      'Role: members given the role back. Membership: 1, or 0 when the user holds the role again already. Section: 0 (its people never left).',
    ),
  membersNotBack: z
    .number()
    .int()
    .describe(
      'Role: former members left as they are (account gone, no longer in the institution, or role changed since).',
    ),
});
export type RestoreResponseT = z.infer<typeof RestoreResponse>;

/** The recycle bin: recently removed entries of one institution, and their restore. */
export const recycleBinApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/recycle-bin',
    query: RecycleBinQuery,
    response: RecycleBinResponse,
  }),
  restore: defineRoute({
    method: 'POST',
    path: '/api/recycle-bin/restore',
    body: RestoreBody,
    response: RestoreResponse,
  }),
};
