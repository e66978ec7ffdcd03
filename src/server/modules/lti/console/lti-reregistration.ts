/** The console's "what changed" of a registration's last re-registration, read from its audit row. */
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { LTI_REREGISTER_FIELDS, type LtiReregistration } from '../../../../shared/contract/lti';
import type { Db } from '../../../db/client';
import { auditLog } from '../../../db/schema';

type Values = Record<string, unknown> | null;
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

export async function lastReregistration(
  db: Db,
  registrationId: number,
): Promise<z.infer<typeof LtiReregistration> | null> {
  const [row] = await db
    .select({ at: auditLog.at, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'lti.registration.reregister'),
        eq(auditLog.entityType, 'lms_integration'),
        eq(auditLog.entityId, String(registrationId)),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(1);
  if (!row) return null;
  const before = (row.before ?? {}) as NonNullable<Values>;
  const after = (row.after ?? {}) as NonNullable<Values>;
  const changes = LTI_REREGISTER_FIELDS.filter((f) => f in after).map((field) => ({
    field,
    before: text(before[field]),
    after: text(after[field]),
  }));
  return { at: row.at.toISOString(), changes };
}
