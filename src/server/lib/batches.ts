/** Reads a keyed table in batches: `fetch(after)` returns rows after a key, `key(row)` gives a row's key. */
export async function* batches<T, K>(
  fetch: (after: K | null) => Promise<T[]>,
  key: (row: T) => K,
): AsyncGenerator<T> {
  let after: K | null = null;
  for (;;) {
    const rows = await fetch(after);
    if (rows.length === 0) return;
    yield* rows;
    after = key(rows[rows.length - 1]);
  }
}
