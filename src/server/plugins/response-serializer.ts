import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType, safeParse } from 'zod/v4/core';

/** Schema kinds whose result differs between decoding (parse) and encoding (codecs, defaults, transforms). */
const DIRECTIONAL = new Set([
  'default',
  'prefault',
  'catch',
  'pipe',
  'transform',
  'success',
  'lazy',
  'promise',
]);

interface Def {
  type: string;
  coerce?: boolean;
  checks?: { _zod: { def: { check: string } } }[];
  [key: string]: unknown;
}

/** Whether `schema`, or a schema inside it, answers differently when encoding than when parsing. */
export function isDirectional(schema: $ZodType, seen = new Set<$ZodType>()): boolean {
  if (seen.has(schema)) return false;
  seen.add(schema);
  const def = schema._zod.def as unknown as Def;
  if (DIRECTIONAL.has(def.type) || def.coerce) return true;
  // trim(), toLowerCase() and the like rewrite the value
  if (def.checks?.some((c) => c._zod.def.check === 'overwrite')) return true;
  const inner: unknown[] = [
    ...Object.values((def.shape as Record<string, unknown> | undefined) ?? {}),
    ...((def.options as unknown[] | undefined) ?? []),
    ...((def.items as unknown[] | undefined) ?? []),
    def.catchall,
    def.element,
    def.innerType,
    def.left,
    def.right,
    def.rest,
    def.keyType,
    def.valueType,
    def.in,
    def.out,
  ];
  return inner.some((s) => s instanceof $ZodType && isDirectional(s, seen));
}

/**
 * fastify-type-provider-zod's response serializer (checks the answer against its contract schema, leaves
 * out the fields the schema does not name, then JSON), checking by parsing instead of encoding when
 * the schema has no part that tells the two apart: zod's encoding runs each checked field twice and
 * took 36 µs for a course-list page where parsing takes 8 µs.
 */
export const responseSerializer: FastifySerializerCompiler<unknown> = (route) => {
  const { schema, method, url } = route;
  if (!(schema instanceof $ZodType) || isDirectional(schema)) return serializerCompiler(route as never);
  return (data) => {
    const result = safeParse(schema, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
