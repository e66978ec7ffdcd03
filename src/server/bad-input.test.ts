import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS } from '../shared/permissions';
import { bearer, createInstitution, createRole, createUser, login } from './test/fixtures';
import { createTestApp, type TestApp } from './test/harness';

// For every operation of the OpenAPI document, bounded examples of wrong types, missing
// fields, NUL, lone-surrogate and huge strings, out-of-range numbers and malformed multipart
// bodies (no boundary, cut short, a NUL in the file name) never answer 5xx, signed in as a super
// admin or anonymous. Hand-rolled over the JSON schema: deterministic, at most PER_OPERATION
// requests per operation and identity, so the whole file runs in well under a minute.

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  minItems?: number;
  default?: unknown;
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: Schema }> };
}

const PER_OPERATION = 14;
const ANONYMOUS_PER_OPERATION = 2;
const NUL = 'a\u0000b';
const HUGE = 'x'.repeat(200_000);
/** Not well-formed Unicode: a lone high surrogate (JSON.stringify writes it as the escape \ud800). */
const LONE_SURROGATE = 'a\ud800b';
/** Values no field of the API accepts in some way: wrong types, NUL, lone surrogate, huge, out of range. */
const BAD_VALUES: unknown[] = [
  NUL,
  LONE_SURROGATE,
  2 ** 31,
  Number.MAX_SAFE_INTEGER,
  HUGE,
  -1,
  'abc',
  1.5,
  null,
  true,
  [],
  {},
  0,
];
/** The same for query strings and path segments (strings only). */
const BAD_PARAMS = [
  NUL,
  String(2 ** 31),
  String(Number.MAX_SAFE_INTEGER),
  'x'.repeat(5_000),
  '-1',
  'abc',
  '1.5',
  '',
  '%',
];

const BOUNDARY = 'bad-input-boundary';
/** A multipart/form-data body with one CSV file part named `file`. */
function multipartBody(fileName: string): Buffer {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      `Content-Type: text/csv\r\n\r\nemail\nnobody@example.edu\n\r\n--${BOUNDARY}--\r\n`,
  );
}
/** Malformed multipart bodies and hostile file names, for every write without a JSON body (uploads). */
const BAD_MULTIPART: { payload: Buffer; contentType: string }[] = [
  { payload: multipartBody('a.csv'), contentType: 'multipart/form-data' },
  {
    payload: multipartBody('a.csv').subarray(0, 120),
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  },
  {
    payload: multipartBody('a.csv').subarray(0, 40),
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  },
  {
    payload: multipartBody('a\u0000b\u0007\u009f.csv'),
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  },
];
/** Operations that were sent the multipart generators (checked to include the upload routes). */
const multipartSent = new Set<string>();

let t: TestApp;
let token: string;
let orgId: number;
let ops: { method: string; path: string; op: Operation }[] = [];

/** A plausible value of a schema: the first enum value, a real institution id for ids, and so on. */
function sample(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return 'a';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt) return sample(alt.find((s) => s.type !== 'null') ?? alt[0], depth + 1);
  if (schema.allOf) return sample(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(orgId, schema.minimum ?? 0);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items, depth + 1));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = sample(schema.properties?.[key], depth + 1);
      return out;
    }
    default:
      return 'a';
  }
}

/** The bounded list of bad requests of one operation (a valid-looking base with one thing wrong each). */
function badRequests(method: string, path: string, op: Operation): InjectOptions[] {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const jsonBody = op.requestBody?.content?.['application/json']?.schema;

  const baseQuery: Record<string, string> = {};
  for (const p of queryParams) if (p.required) baseQuery[p.name] = String(sample(p.schema));
  const basePath: Record<string, string> = {};
  for (const p of pathParams) basePath[p.name] = String(sample(p.schema));
  const baseBody = jsonBody ? sample(jsonBody) : undefined;

  const build = (
    pathValues: Record<string, string>,
    query: Record<string, string>,
    body?: unknown,
    raw?: string | { payload: Buffer; contentType: string },
  ) => {
    const url = path.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(pathValues[name] ?? 'a'));
    const qs = new URLSearchParams(query).toString();
    const req: InjectOptions = {
      method: method.toUpperCase() as InjectOptions['method'],
      url: qs ? `${url}?${qs}` : url,
    };
    if (typeof raw === 'object') {
      req.payload = raw.payload;
      req.headers = { 'content-type': raw.contentType };
    } else if (raw !== undefined) {
      req.payload = raw;
      req.headers = { 'content-type': 'application/json' };
    } else if (body !== undefined) req.payload = body as InjectOptions['payload'];
    return req;
  };

  // Candidates, one thing wrong each; taken round-robin across kinds so every kind is tried.
  const kinds: InjectOptions[][] = [];
  kinds.push(
    pathParams.flatMap((p) =>
      BAD_PARAMS.map((v) => build({ ...basePath, [p.name]: v }, baseQuery, baseBody)),
    ),
  );
  kinds.push(
    queryParams.flatMap((p) =>
      BAD_PARAMS.map((v) => build(basePath, { ...baseQuery, [p.name]: v }, baseBody)),
    ),
  );
  // Missing required query parameters, all at once.
  if (queryParams.some((p) => p.required)) kinds.push([build(basePath, {}, baseBody)]);
  if (jsonBody) {
    const props = Object.keys(jsonBody.properties ?? {});
    kinds.push(
      props.flatMap((key) =>
        BAD_VALUES.map((v) => build(basePath, baseQuery, { ...(baseBody as object), [key]: v })),
      ),
    );
    kinds.push([
      build(basePath, baseQuery, {}),
      build(basePath, baseQuery, undefined, '"just a string"'),
      build(basePath, baseQuery, undefined, '[1,2'),
      build(basePath, baseQuery, undefined, JSON.stringify({ ...(baseBody as object), [NUL]: NUL })),
      // well-formed JSON.stringify writes the lone surrogate key as the escape "\udc00"
      build(basePath, baseQuery, undefined, JSON.stringify({ ...(baseBody as object), '\udc00': 1 })),
      build(basePath, baseQuery, { ...(baseBody as object), extra: HUGE }),
    ]);
  } else if (method !== 'get' && method !== 'delete') {
    kinds.push([build(basePath, baseQuery, undefined, '{"a":"a\\u0000b"}')]);
    kinds.push(BAD_MULTIPART.map((m) => build(basePath, baseQuery, undefined, m)));
    multipartSent.add(`${method} ${path}`);
  }
  const out: InjectOptions[] = [];
  for (let i = 0; out.length < PER_OPERATION && kinds.some((k) => i < k.length); i++) {
    for (const k of kinds) if (i < k.length && out.length < PER_OPERATION) out.push(k[i]);
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createInstitution(t.db, 'Bad Input College')).id;
  const boss = await createUser(t.db, 'bad-input-boss', { superAdmin: true });
  await createRole(t.db, orgId, 'Administrator', ADMIN_PERMISSIONS, [boss.id]);
  token = await login(t.app, boss.username);
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  ops = Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({ method, path, op })),
  );
});
afterAll(() => t?.close());

describe('generated bad input from the OpenAPI document never answers 5xx', () => {
  it('covers every operation of the document', () => {
    expect(ops.length).toBeGreaterThan(50);
    expect(ops.every((o) => o.path.startsWith('/api/') || o.path.startsWith('/lti'))).toBe(true);
  });

  it('as a super admin and anonymous', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const { method, path, op } of ops) {
      const requests = badRequests(method, path, op);
      const anonymous = requests.slice(0, ANONYMOUS_PER_OPERATION);
      for (const [req, who] of [
        ...requests.map((r) => [r, 'super'] as const),
        ...anonymous.map((r) => [r, 'anonymous'] as const),
      ]) {
        const send = () =>
          t.app.inject({
            ...req,
            headers: { ...(req.headers as object), ...(who === 'super' ? bearer(token) : {}) },
          });
        let res = await send();
        if (who === 'super' && res.statusCode === 401) {
          // A bad request to sign-out (or the like) ended the session: sign in again, so the
          // operations after it are still tried signed in rather than refused with 401.
          token = await login(t.app, 'bad-input-boss');
          res = await send();
        }
        sent++;
        if (res.statusCode >= 500) {
          const payload = Buffer.isBuffer(req.payload) ? req.payload.toString('latin1') : req.payload;
          const shown = JSON.stringify(payload ?? '').slice(0, 120);
          failures.push(
            `${who} ${req.method} ${String(req.url).slice(0, 120)} ${shown} → ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(ops.length * 3);
    // both upload routes were sent the malformed multipart bodies
    expect([...multipartSent]).toEqual(
      expect.arrayContaining([
        'post /api/upload/optoutfile',
        'post /api/registrarUser/instructor/bulkAccountCreation',
      ]),
    );
  });
});
