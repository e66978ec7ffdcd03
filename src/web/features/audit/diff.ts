/** One field of an audit row's before/after: its dotted path and both values (undefined = absent). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Leaves of a JSON value by dotted path; arrays are one value (shown whole). */
function flatten(v: unknown, prefix: string, out: Map<string, unknown>) {
  if (isPlainObject(v)) {
    const keys = Object.keys(v);
    if (keys.length === 0 && prefix) out.set(prefix, v);
    for (const k of keys) flatten(v[k], prefix ? `${prefix}.${k}` : k, out);
  } else if (v !== null && v !== undefined) {
    out.set(prefix || '(value)', v);
  } else if (prefix) {
    out.set(prefix, null);
  }
}

/**
 * The field-by-field difference of two audit snapshots: each field present in either whose value
 * differs (compared as JSON), in the order the fields first appear. Unchanged fields are left out.
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const a = new Map<string, unknown>();
  const b = new Map<string, unknown>();
  flatten(before, '', a);
  flatten(after, '', b);
  const fields = [...new Set([...a.keys(), ...b.keys()])];
  return fields
    .filter((f) => JSON.stringify(a.get(f)) !== JSON.stringify(b.get(f)))
    .map((field) => ({ field, before: a.get(field), after: b.get(field) }));
}

/** A value as the diff table shows it: text as is, absent as an empty string, anything else as JSON. */
export function showValue(v: unknown): string {
  if (v === undefined) return '';
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}
