import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness';

/** A JSON Schema node of the OpenAPI document, as far as this walk needs it. */
interface Node {
  $ref?: string;
  description?: string;
  properties?: Record<string, Node>;
  items?: Node | Node[];
  prefixItems?: Node[];
  additionalProperties?: Node | boolean;
  anyOf?: Node[];
  oneOf?: Node[];
  allOf?: Node[];
}
interface Parameter {
  name: string;
  in: string;
  description?: string;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Node }> };
  responses?: Record<string, { content?: Record<string, { schema?: Node }> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Node> };
}

/**
 * Every object property under `node` that has no description, as "<where>.<property path>".
 * A property's description may sit on the property itself or on every non-null branch of its anyOf.
 */
function undescribed(
  node: Node | undefined,
  where: string,
  doc: OpenApiDocument,
  seen = new Set<Node>(),
): string[] {
  if (!node || typeof node !== 'object' || seen.has(node)) return [];
  seen.add(node);
  if (node.$ref) {
    const name = node.$ref.replace('#/components/schemas/', '');
    return undescribed(doc.components?.schemas?.[name], where, doc, seen);
  }
  const out: string[] = [];
  for (const [key, prop] of Object.entries(node.properties ?? {})) {
    const branches = (prop.anyOf ?? []).filter((b) => (b as { type?: string }).type !== 'null');
    const described = !!prop.description || (branches.length > 0 && branches.every((b) => !!b.description));
    if (!described) out.push(`${where}.${key}`);
    out.push(...undescribed(prop, `${where}.${key}`, doc, seen));
  }
  const items = Array.isArray(node.items) ? node.items : node.items ? [node.items] : [];
  for (const sub of [...items, ...(node.prefixItems ?? [])])
    out.push(...undescribed(sub, `${where}[]`, doc, seen));
  if (node.additionalProperties && typeof node.additionalProperties === 'object')
    out.push(...undescribed(node.additionalProperties, `${where}{}`, doc, seen));
  for (const sub of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])])
    out.push(...undescribed(sub, where, doc, seen));
  return out;
}

/** Every parameter and body or response property of the document that has no description. */
function undescribedFields(doc: OpenApiDocument): string[] {
  const out: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const at = `${method.toUpperCase()} ${path}`;
      for (const p of op.parameters ?? []) if (!p.description) out.push(`${at} ${p.in} parameter ${p.name}`);
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {}))
        out.push(...undescribed(media.schema, `${at} body(${type})`, doc));
      for (const [status, res] of Object.entries(op.responses ?? {}))
        for (const media of Object.values(res.content ?? {}))
          out.push(...undescribed(media.schema, `${at} ${status}`, doc));
    }
  }
  return [...new Set(out)];
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('OpenAPI document', () => {
  it('describes every parameter and every request and response field', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as OpenApiDocument;
    expect(Object.keys(doc.paths).length).toBeGreaterThan(5);
    // Add `.describe('…')` to the contract field named in the failure (src/shared/contract).
    expect(undescribedFields(doc)).toEqual([]);
  });

  it('names no spec section in anything it shows (descriptions, summaries, examples)', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as unknown;
    const texts: string[] = [];
    const walk = (v: unknown) => {
      if (typeof v === 'string') texts.push(v);
      else if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') Object.values(v).forEach(walk);
    };
    walk(doc);
    expect(texts.filter((s) => /§|\bspec\b/i.test(s))).toEqual([]);
  });

  it('the check names a property or parameter without a description', () => {
    const doc: OpenApiDocument = {
      paths: {
        '/api/x': {
          get: {
            parameters: [{ name: 'q', in: 'query' }],
            responses: {
              200: {
                content: {
                  'application/json': {
                    schema: {
                      properties: {
                        ok: { description: 'Described.' },
                        list: { description: 'Rows.', items: { properties: { bare: {} } } },
                        maybe: { anyOf: [{ description: 'Described inside.' }, { type: 'null' } as Node] },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    };
    expect(undescribedFields(doc)).toEqual(['GET /api/x query parameter q', 'GET /api/x 200.list[].bare']);
  });
});
