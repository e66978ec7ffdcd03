import { z } from 'zod';
import { IdParam, text } from './common';
import { defineRoute } from './route';

/** The CSV file of the audit log export. */
export const AUDIT_CSV_FILE = 'audit-log.csv';
export const AUDIT_XLSX_FILE = 'audit-log.xlsx';
export const AUDIT_CSV_COLUMNS = [
  'Id',
  'Date',
  'Actor id',
  'Actor',
  'Acting as id',
  'Acting as',
  'Institution id',
  'Action',
  'Entity kind',
  'Entity id',
  'Outcome',
  'Before',
  'After',
  'Request id',
] as const;

/** done = the change was made (stored as ok); refused = the attempt was refused or failed. */
export const AuditOutcome = z.enum(['done', 'refused']);

/** Filters of the audit log page and of its CSV export. */
export const AuditFilters = z.object({
  organizationId: IdParam.describe('Institution whose audit rows are listed.'),
  actorUserId: IdParam.optional().describe('Only rows written by this user.'),
  entityType: text()
    .trim()
    .min(1)
    .max(64)
    .optional()
    .describe('Only rows about this kind of entity (e.g. section, role, user).'),
  entityId: text()
    .trim()
    .min(1)
    .max(64)
    .optional()
    .describe('Only rows about this entity id (with entityType).'),
  action: text()
    .trim()
    .min(1)
    .max(128)
    .optional()
    .describe('Only rows of this action (e.g. section.update).'),
  outcome: AuditOutcome.optional().describe('done: changes made; refused: attempts refused or failed.'),
  from: z.iso
    .datetime({ offset: true })
    .optional()
    .describe('Only rows at or after this instant (ISO 8601).'),
  to: z.iso.datetime({ offset: true }).optional().describe('Only rows before this instant (ISO 8601).'),
});
export type AuditFiltersT = z.infer<typeof AuditFilters>;

/** The export: the filters and the file type (CSV unless asked for .xlsx). */
export const AuditExportQuery = AuditFilters.extend({
  format: z.enum(['csv', 'xlsx']).default('csv').describe('csv (default) or xlsx.'),
});

export const AuditPageQuery = AuditFilters.extend({
  cursor: text()
    .max(200)
    .optional()
    .describe('The nextCursor of the previous page; absent for the newest rows.'),
  limit: z.coerce.number().int().min(1).max(200).default(50).describe('Rows per page (1-200, default 50).'),
});
export type AuditPageQueryT = z.infer<typeof AuditPageQuery>;

export const AuditRow = z.object({
  id: z.number().int().describe('Audit row id.'),
  at: z.string().describe('When it happened (ISO 8601).'),
  actorUserId: z.number().int().nullable().describe('Who acted; null for the system or an anonymous caller.'),
  actorUsername: z.string().nullable().describe("The actor's username, when the user still exists."),
  actorName: z
    .string()
    .nullable()
    .describe("The actor's display name (first and last), when the user still exists."),
  actingAsUserId: z
    .number()
    .int()
    .nullable()
    .describe('The user the actor was acting as (support act-as), or null.'),
  actingAsUsername: z.string().nullable().describe("That user's username, when the user still exists."),
  institutionId: z.number().int().nullable().describe('Institution the row belongs to.'),
  action: z.string().describe('What was done or attempted.'),
  entityType: z.string().describe('Kind of entity touched.'),
  entityId: z.string().nullable().describe('Id of the entity touched.'),
  entityLabel: z
    .string()
    .nullable()
    .describe(
      "The entity's name (course title and section, user name, role name), when known and still there.",
    ),
  outcome: AuditOutcome.describe('done or refused.'),
  before: z.unknown().describe('The entity before the change (JSON), or null.'),
  after: z.unknown().describe('The entity after the change (JSON), or null.'),
  requestId: z.string().nullable().describe('Request id, to match server logs.'),
  names: z
    .object({
      users: z.record(z.string(), z.string()).describe('Name of each user id before/after refers to.'),
      groups: z
        .record(z.string(), z.string())
        .describe('Name of each role (group) id before/after refers to.'),
    })
    .describe('The people and roles the change names, by id (for the summary in the sentence).'),
});
export type AuditRowT = z.infer<typeof AuditRow>;

export const AuditPageResponse = z.object({
  rows: z.array(AuditRow).describe('Rows, newest first.'),
  nextCursor: z.string().nullable().describe('Cursor of the next (older) page; null on the last page.'),
});
export type AuditPageResponseT = z.infer<typeof AuditPageResponse>;

/** GET /api/audit/actors: the people who wrote audit rows of the institution, found by name (the actor picker). */
export const AuditActorsQuery = z.object({
  organizationId: IdParam.describe('Institution whose audit rows are searched.'),
  q: text()
    .trim()
    .max(100)
    .optional()
    .describe('Part of the name, username or e-mail; absent: the first ones.'),
});
export type AuditActorsQueryT = z.infer<typeof AuditActorsQuery>;

export const AuditActorsResponse = z.object({
  actors: z
    .array(
      z.object({
        userId: z.number().int().describe('The user id (the actorUserId filter).'),
        name: z.string().describe('First and last name.'),
        username: z.string().describe('Username.'),
      }),
    )
    .describe('At most 20 actors, by name.'),
});
export type AuditActorsResponseT = z.infer<typeof AuditActorsResponse>;

/** The audit log operations: one page of rows, the actor picker, and the CSV/.xlsx export. */
export const auditApi = {
  page: defineRoute({
    method: 'GET',
    path: '/api/audit',
    query: AuditPageQuery,
    response: AuditPageResponse,
  }),
  actors: defineRoute({
    method: 'GET',
    path: '/api/audit/actors',
    query: AuditActorsQuery,
    response: AuditActorsResponse,
  }),
  export: defineRoute({ method: 'GET', path: '/api/audit/export', query: AuditExportQuery }),
};
