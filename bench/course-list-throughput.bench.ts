/**
 * Course-list throughput against a bare Fastify route running the same SQL: the
 * registrar on the demo world asks for the course list of its first institution (current period,
 * page 1) with BENCH_THROUGHPUT_CLIENTS (10) concurrent keep-alive HTTP clients for
 * BENCH_THROUGHPUT_SECONDS (20) per server. The SQL statements of one app call are recorded
 * (text and parameters, through the database client Drizzle uses); the bare route replays them in
 * the same order on the same database client and answers the last statement's rows as JSON: no
 * hooks, no validation, no serialisation schema. App and bare route alternate in two halves each,
 * so a change in the shared machine's load weighs on both alike. Prints the statements per call,
 * requests/s of both, their ratio (target ≥ 0.7) and the app's p50/p95/p99 (PGlite target: p99 ≤
 * 100 ms), with the machine's load average. A report, not a test.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import type { Database } from '../src/server/db/client';
import { seedDemo } from '../src/server/db/seed';
import { onPglite, onScratchPostgres } from './databases';

const SECONDS = Number(process.env.BENCH_THROUGHPUT_SECONDS ?? 20);
const CLIENTS = Number(process.env.BENCH_THROUGHPUT_CLIENTS ?? 10);
const PASSWORD = 'demo-pass-1';

interface Statement {
  text: string;
  params: unknown[];
  /** The name of a prepared statement (PostgreSQL parses it once per connection), replayed with it. */
  name?: string;
}

type QueryFn = (text: string, params: unknown[], name?: string) => Promise<{ rows: unknown[] }>;

/**
 * Wraps the `query` method of the client Drizzle holds (PGlite, or the pg pool) so that statements
 * can be recorded; returns the recorder and a plain query function on the same client.
 */
function recorder(database: Database) {
  // biome-ignore lint/suspicious/noExplicitAny: the driver's client behind Drizzle
  const client = (database.db as any).$client as { query: (...a: any[]) => Promise<any> };
  const original = client.query.bind(client);
  let recording: Statement[] | null = null;
  // biome-ignore lint/suspicious/noExplicitAny: pg and PGlite query overloads, passed through
  client.query = (...args: any[]) => {
    const [config, values] = args;
    const text = typeof config === 'string' ? config : config?.text;
    const params = (Array.isArray(values) ? values : config?.values) ?? [];
    const name = typeof config === 'object' && typeof config?.name === 'string' ? config.name : undefined;
    if (recording && typeof text === 'string' && !/pgboss/i.test(text))
      recording.push({ text, params, ...(name ? { name } : {}) });
    return original(...args);
  };
  const query: QueryFn = (text, params, name) =>
    name ? original({ name, text, values: params }) : original(text, params);
  return {
    query,
    async record(run: () => Promise<void>) {
      recording = [];
      try {
        await run();
        return recording;
      } finally {
        recording = null;
      }
    },
  };
}

/** GETs `url` with `clients` keep-alive clients for `seconds`; every answer must be 200. */
async function drive(url: string, headers: Record<string, string>, seconds: number, clients: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const times: number[] = [];
  let failures = 0;
  const get = () =>
    new Promise<number>((resolve) => {
      const req = http.get(url, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', () => resolve(0));
    });
  const started = performance.now();
  const cpu = process.cpuUsage();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const s = performance.now();
        const status = await get();
        if (status === 200) times.push(performance.now() - s);
        else failures++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  agent.destroy();
  // this process's CPU (server, bench clients and, on PGlite, the database) in ms
  return { times, failures, elapsed, cpuMs: (used.user + used.system) / 1000 };
}

function quantiles(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => (s.length ? s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] : Number.NaN);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

async function measure(database: Database) {
  await seedDemo(database.db, { password: PASSWORD, internalGroupId: 'ead-internal-dev' });
  const rec = recorder(database);
  const config = loadConfig({ LOG_LEVEL: 'silent', ROLE: 'api', HOST: '127.0.0.1', PORT: '0' });
  const app = await buildApp(config, { database, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const bare = Fastify({ logger: false });
  let replay: Statement[] = [];
  bare.get('/bare', async () => {
    let rows: unknown[] = [];
    for (const s of replay) rows = (await rec.query(s.text, s.params, s.name)).rows;
    return rows;
  });
  await bare.listen({ host: '127.0.0.1', port: 0 });
  try {
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'registrar', password: PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`login: ${login.status}`);
    const headers = { authorization: `Bearer ${(await login.json()).token}` };
    const { rows: orgs } = await database.sql.executeSql(
      `select g.context_id as id from group_members gm join groups g on g.id = gm.group_id
         join users u on u.id = gm.user_id join institutions i on i.id = g.context_id
        where u.username = 'registrar' order by i.display_name limit 1`,
    );
    const appUrl = `${base}/api/institution/institutionData?organizationId=${Number(orgs[0].id)}`;
    let total = 0;
    replay = await rec.record(async () => {
      const res = await fetch(appUrl, { headers });
      if (res.status !== 200) throw new Error(`course list: ${res.status}`);
      total = (await res.json()).total;
    });
    const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/bare`;
    // warm both up, then alternate halves
    await drive(appUrl, headers, 2, CLIENTS);
    await drive(bareUrl, headers, 2, CLIENTS);
    const runs = {
      app: [] as Awaited<ReturnType<typeof drive>>[],
      bare: [] as Awaited<ReturnType<typeof drive>>[],
    };
    for (let half = 0; half < 2; half++) {
      runs.app.push(await drive(appUrl, headers, SECONDS / 2, CLIENTS));
      runs.bare.push(await drive(bareUrl, headers, SECONDS / 2, CLIENTS));
    }
    const sum = (r: Awaited<ReturnType<typeof drive>>[]) => ({
      times: r.flatMap((x) => x.times),
      failures: r.reduce((n, x) => n + x.failures, 0),
      elapsed: r.reduce((n, x) => n + x.elapsed, 0),
      cpuMs: r.reduce((n, x) => n + x.cpuMs, 0),
    });
    return { statements: replay, total, app: sum(runs.app), bare: sum(runs.bare) };
  } finally {
    await bare.close();
    await app.close();
  }
}

function show(name: string, r: Awaited<ReturnType<typeof measure>>) {
  const rps = (x: { times: number[]; elapsed: number }) => x.times.length / x.elapsed;
  const cpu = (x: { times: number[]; cpuMs: number }) => (x.cpuMs / Math.max(1, x.times.length)).toFixed(2);
  const q = quantiles(r.app.times);
  const b = quantiles(r.bare.times);
  console.log(
    `  ${name}: ${r.statements.length} SQL statements per course-list call (${r.total} courses match)`,
  );
  for (const s of r.statements)
    console.log(`    - ${s.name ? `(prepared ${s.name}) ` : ''}${s.text.replace(/\s+/g, ' ').slice(0, 110)}`);
  console.log(
    `    app   ${rps(r.app).toFixed(1).padStart(7)} requests/s  p50 ${q.p50.toFixed(1)} ms  p95 ${q.p95.toFixed(1)} ms  p99 ${q.p99.toFixed(1)} ms  Node CPU ${cpu(r.app)} ms/call  (non-200: ${r.app.failures})`,
  );
  console.log(
    `    bare  ${rps(r.bare).toFixed(1).padStart(7)} requests/s  p50 ${b.p50.toFixed(1)} ms  p95 ${b.p95.toFixed(1)} ms  p99 ${b.p99.toFixed(1)} ms  Node CPU ${cpu(r.bare)} ms/call  (non-200: ${r.bare.failures})`,
  );
  console.log(`    ratio app / bare: ${(rps(r.app) / rps(r.bare)).toFixed(2)} (target ≥ 0.7)`);
}

const loadNow = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

export async function benchCourseListThroughput() {
  console.log(
    `course list vs bare Fastify with the same SQL: ${CLIENTS} clients, ${SECONDS} s each (two alternating halves), ` +
      `registrar on the demo world, ${new Date().toISOString().slice(0, 10)}, machine load average before: ${loadNow()}`,
  );
  const only = process.env.BENCH_THROUGHPUT_DB;
  if (only !== 'postgres') show('PGlite', await onPglite(measure));
  if (only !== 'pglite') show('PostgreSQL', await onScratchPostgres('throughput', measure, 10));
  console.log(`  (machine load average after: ${loadNow()}; the machine is shared, figures vary with it)`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchCourseListThroughput().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
