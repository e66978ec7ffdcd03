import { z } from 'zod';
import { FLAGS, PERMISSIONS } from '../permissions';

/** The body of every error answer (ARCHITECTURE §4). */
export const ErrorResponse = z.object({
  /** HTTP status repeated in the body. */
  status: z.number().int(),
  /** Error code, also an i18n key, e.g. "error.accessDenied". */
  message: z.string(),
  /** Human-readable text the UI shows, when the server has one. */
  description: z.string().optional(),
  /** Per-field messages of a 422 answer: field path → message. */
  fields: z.record(z.string(), z.string()).optional(),
});

export const PermissionName = z.enum(PERMISSIONS);
export const FlagName = z.enum(FLAGS);

/** An id taken from a path or query string. */
export const IdParam = z.coerce.number().int().positive().max(2_147_483_647);

/** `organizationId` query parameter naming the institution a call touches. */
export const OrganizationQuery = z.object({
  /** Institution id (the spec's orgId / organizationId). */
  organizationId: IdParam,
});

export const OkResponse = z.object({
  /** Always "OK". */
  status: z.literal('OK'),
});
