import { z } from 'zod';
import { FLAGS, PERMISSIONS } from '../permissions';

/** One section a course copy was refused for (spec §5, §8). */
export const CopyRefusal = z.object({
  sectionId: z.number().int().describe('The refused section.'),
  code: z
    .number()
    .int()
    .describe(
      'Copy validation code: 101-107, or 160 and above for "Application Error"; i18n key courseCopy.validation.<code>.',
    ),
});

/** The body of every error answer (ARCHITECTURE §4). */
export const ErrorResponse = z.object({
  status: z.number().int().describe('HTTP status repeated in the body.'),
  message: z.string().describe('Error code, also an i18n key, e.g. "error.accessDenied".'),
  description: z.string().optional().describe('Human-readable text the UI shows, when the server has one.'),
  fields: z
    .record(z.string(), z.string())
    .optional()
    .describe('Per-field messages of a 422 answer: field path → message.'),
  refused: z
    .array(CopyRefusal)
    .optional()
    .describe(
      'A refused course copy (422): each refused section with its copy validation code, which the UI translates.',
    ),
  params: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .optional()
    .describe(
      'Values the catalog text of the code interpolates (e.g. {{name}}), also found in the description.',
    ),
});

export const PermissionName = z.enum(PERMISSIONS);
export const FlagName = z.enum(FLAGS);

/** Largest value of the 32-bit integer columns that hold ids and versions. */
export const INT_MAX = 2_147_483_647;

/** Answer to a string holding U+0000, which PostgreSQL cannot store. */
export const NUL_MESSAGE = 'The text may not contain a NUL character (U+0000).';

/** Answer to a string that is not well-formed Unicode (a lone UTF-16 surrogate, which no database stores). */
export const MALFORMED_TEXT_MESSAGE = 'The text is not well-formed Unicode (it holds a lone surrogate).';

/** In `u` mode a surrogate pair is one code point, so this matches only lone surrogates. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * THE text rule, for every string of a request (contract fields, and every other string, key and
 * parameter through the guard of src/server/plugins/nul-guard.ts): why a string is refused, or null.
 */
export function textFault(s: string): 'nul' | 'malformed' | null {
  if (s.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(s)) return 'malformed';
  return null;
}

/** The string type of every accepted field: any text except U+0000 and lone surrogates (chain trim, min, max, regex on it). */
export const text = () =>
  z
    .string()
    .refine((s) => !s.includes('\u0000'), NUL_MESSAGE)
    .refine((s) => !LONE_SURROGATE.test(s), MALFORMED_TEXT_MESSAGE);

/** A row id in a JSON body: 1 to 2,147,483,647, the range of the id columns. */
export const RowId = z.number().int().min(1).max(INT_MAX);

/** An id taken from a path or query string: the same range as `RowId`. */
export const IdParam = z.coerce.number().int().min(1).max(INT_MAX);

/** The version a form was loaded with (optimistic locking): the same range as ids. */
export const Version = RowId;

/** `organizationId` query parameter naming the institution a call touches. */
export const OrganizationQuery = z.object({
  organizationId: IdParam.describe('Institution id (orgId / organizationId).'),
});

export const OkResponse = z.object({
  status: z.literal('OK').describe('Always "OK".'),
});
