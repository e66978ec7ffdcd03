import { type PGlite, parse, protocol } from '@electric-sql/pglite';

type QueryConfig = Parameters<PGlite['query']>[2];
interface PreparedQuery {
  client: { query(text: string, params: unknown[], config?: QueryConfig): Promise<unknown> };
}
interface Session {
  prepareQuery(query: unknown, fields: unknown, name: string | undefined, ...rest: unknown[]): PreparedQuery;
}

/** PGlite's query options, and the name of a statement to run as a named statement. */
export type NamedQueryOptions = NonNullable<Parameters<PGlite['query']>[2]> & { name?: string };

/**
 * Runs Drizzle's named statements (`.prepare(name)`: the session lookup, the course page) as
 * PostgreSQL named statements on PGlite, parsed and planned once. PGlite's `query()` sends each call
 * as an unnamed statement, parsed and planned again, in six round trips into the database; here a call
 * is one. The client's `query(text, params, { name })` runs a named statement; statements of a
 * transaction keep PGlite's own path (Drizzle gives a transaction a session of its own).
 */
export function nameStatements(db: object, client: PGlite) {
  const session = (db as { session: Session }).session;
  const prepareQuery = session.prepareQuery.bind(session);
  const query = client.query.bind(client);
  const described = new Map<string, number[]>();
  client.query = ((text: string, params?: unknown[], options?: NamedQueryOptions) =>
    options?.name
      ? runNamed(options.name, text, params ?? [], options)
      : query(text, params, options)) as PGlite['query'];
  session.prepareQuery = (statement, fields, name, ...rest) => {
    const prepared = prepareQuery(statement, fields, name, ...rest);
    if (name)
      prepared.client = {
        query: (text, params, options) =>
          client.query(text, params, { ...options, name } as NamedQueryOptions),
      };
    return prepared;
  };

  async function runNamed(name: string, text: string, params: unknown[], config: QueryConfig) {
    await client._checkReady();
    // As PGlite's query(): never between the statements of a transaction, one statement at a time.
    return client._runExclusiveTransaction(() =>
      client.runExclusive(async () => {
        let types = described.get(name);
        if (!types) {
          const { serialize } = protocol;
          const reply = await exec(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }));
          types = parse.parseDescribeStatementResults(reply);
          described.set(name, types);
        }
        const values = params.map((value, i) => serialized(value, types[i]));
        const { serialize } = protocol;
        const reply = await exec(
          serialize.bind({ statement: name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
        );
        await client.syncToFs();
        return parse.parseResults(reply, client.parsers, config)[0];
      }),
    );
  }

  function serialized(value: unknown, type: number | undefined) {
    if (value === null || value === undefined) return null;
    const serializer = type === undefined ? undefined : client.serializers[type];
    return serializer ? serializer(value) : String(value);
  }

  /** The messages and a Sync in one round trip (an error skips the rest up to the Sync, and throws). */
  function exec(...messages: Uint8Array[]) {
    const all = [...messages, protocol.serialize.sync()];
    const buffer = new Uint8Array(all.reduce((n, m) => n + m.length, 0));
    let at = 0;
    for (const m of all) {
      buffer.set(m, at);
      at += m.length;
    }
    return client.execProtocolStream(buffer, { syncToFs: false });
  }
}
