import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Database } from '../src/server/db/client';
import { productsApi } from '../src/shared/contract/products';
import { pathOf } from '../src/shared/contract/route';
import { bearer, createUser, login } from '../src/server/test/fixtures';
import { onPglite, onScratchPostgres, timeList, withBenchApp } from './databases';
import { runAsServer } from './start-command';

const INSTITUTIONS = 10;
const PRODUCTS = 200;
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const CALLS = 200;
const WARM_UP = 20;

const VARIANTS: [string, string][] = [
  ['organization view, page 1', ''],
  ['organization view, page 20', '?page=20'],
  ['pairing view (25 pairings per product)', '?pairing=true'],
  ['institution view, page 50', '?view=institution&page=50'],
  ['offer status Active', '?offerStatus=active'],
  ['ISBN digits search', '?isbn=1337000'],
];

/** One organisation: 10 institutions, 200 products offered at each, one LMS integration each, and `pairings` pairings. */
export async function buildWorld(database: Database, pairings: number) {
  const run = (sql: string) => database.sql.executeSql(sql);
  const [org] = (await run(`insert into organizations (name) values ('Bench Products System') returning id`))
    .rows;
  await run(`insert into institutions (organization_id, display_name)
    select ${org.id}, 'Bench Products College ' || g from generate_series(1, ${INSTITUTIONS}) g`);
  await run(`insert into channel_partners (code, name) values ('BENCH', 'Bench Partner')`);
  await run(`insert into products (isbn, urn, product_name, channel_partner_id)
    select '9781337' || lpad(g::text, 6, '0'), 'urn:bench:product:' || g,
           (array['Chemistry','Biology','History','Economics','Algebra','Physics'])[1 + g % 6] || ' Bench ' || g,
           case when g % 3 = 0 then (select id from channel_partners where code = 'BENCH') end
      from generate_series(1, ${PRODUCTS}) g`);
  await run(`insert into offers (product_id, institution_id, isbn, offer_type, title, offer_status, starts_on, ends_on)
    select p.id, i.id, p.isbn, 'INCLUSIVE_ACCESS', p.product_name,
           (array['APPROVED','NEW','PENDING','REJECTED','EXPIRED'])[1 + (p.id + i.id) % 5],
           current_date - 30, current_date + 300
      from products p cross join institutions i
     where p.urn like 'urn:bench:product:%' and i.organization_id = ${org.id}`);
  await run(`insert into lms_integrations (institution_id, lms_kind, name, issuer, client_id, deployment_id)
    select id, 'canvas', 'Canvas', 'https://canvas.instructure.com', 'c' || id, 'd' || id
      from institutions where organization_id = ${org.id}`);
  // pairings spread over the (institution, product) pairs, in chunks so PGlite's memory stays bounded
  const chunk = 100_000;
  for (let from = 1; from <= pairings; from += chunk) {
    const to = Math.min(pairings, from + chunk - 1);
    await run(`insert into lms_course_pairings (institution_id, product_id, integration_id, lms_course_id,
        lms_course_name, census_duration, free_access_duration, course_start_date, course_end_date)
      select i.id, p.id, li.id, 'LMS-' || g, 'Bench course ' || g, 14 + g % 30, g % 14,
             current_date - (g % 200), current_date + 100 - (g % 200)
        from generate_series(${from}, ${to}) g
        join institutions i on i.organization_id = ${org.id}
         and i.display_name = 'Bench Products College ' || (1 + g % ${INSTITUTIONS})
        join products p on p.urn = 'urn:bench:product:' || (1 + (g / ${INSTITUTIONS}) % ${PRODUCTS})
        join lms_integrations li on li.institution_id = i.id`);
  }
  await run('analyze');
  await createUser(database.db, 'bench-products-super', { superAdmin: true });
  return { organizationId: org.id as number };
}

type ListFigures = { name: string; p50: number; p95: number; max: number; rows: number }[];

async function measureList(database: Database): Promise<ListFigures> {
  const world = await buildWorld(database, PRODUCTS * INSTITUTIONS * 5);
  return withBenchApp(database, async (app) => {
    const headers = bearer(await login(app, 'bench-products-super'));
    const figures: ListFigures = [];
    const only = process.env.BENCH_PRODUCTS_VARIANT; // a part of a variant's name, e.g. "pairing"
    for (const [name, qs] of VARIANTS.filter(([n]) => !only || n.includes(only))) {
      const url = `${pathOf(productsApi.list, { id: world.organizationId })}${qs}`;
      figures.push({ name, ...(await timeList(app, url, headers, { warmUp: WARM_UP, calls: CALLS })) });
    }
    return figures;
  });
}

interface ExportFigures {
  rows: number;
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  rssGrowthMb: number;
  /** The process's RSS when the download starts and at its peak: the server's whole footprint. */
  rssBeforeMb: number;
  rssPeakMb: number;
  /** Growth of the JS heap (committed) at the RSS peak: what the server itself holds, as opposed to native buffers. */
  heapGrowthMb: number;
  /** Growth of memory outside the JS heap at the RSS peak: ArrayBuffers (sockets, PGlite's WASM heap) and other external memory. */
  arrayBuffersGrowthMb: number;
  externalGrowthMb: number;
}

/**
 * The export twice on one server: first from a just-collected heap (gc() before it), then again at
 * once. The first one's RSS growth includes V8 growing its young generation to the size any
 * sustained work gives it; the second shows what an export adds to a server already at work.
 */
async function measureExport(database: Database): Promise<[ExportFigures, ExportFigures]> {
  const world = await buildWorld(database, EXPORT_ROWS);
  return withBenchApp(database, async (app) => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const token = await login(app, 'bench-products-super');
    const url = `${address}${pathOf(productsApi.export, { id: world.organizationId })}`;
    global.gc?.();
    const first = await measuredDownload(url, token);
    return [first, await measuredDownload(url, token)];
  });
}

/** One export download, with the growth of this process's memory at its RSS peak. */
async function measuredDownload(url: string, token: string): Promise<ExportFigures> {
  const before = process.memoryUsage();
  let peak = before;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    if (now.rss > peak.rss) peak = now;
  }, 50);
  const { firstByteMs, totalMs, bytes, lines } = await downloadElsewhere(url, token);
  clearInterval(sampler);
  return {
    rows: lines - 1,
    firstByteMs,
    totalMs,
    bytes,
    rssGrowthMb: (peak.rss - before.rss) / 1024 / 1024,
    rssBeforeMb: before.rss / 1024 / 1024,
    rssPeakMb: peak.rss / 1024 / 1024,
    heapGrowthMb: (peak.heapTotal - before.heapTotal) / 1024 / 1024,
    arrayBuffersGrowthMb: (peak.arrayBuffers - before.arrayBuffers) / 1024 / 1024,
    externalGrowthMb: (peak.external - before.external) / 1024 / 1024,
  };
}

/**
 * Downloads the export in a child process, so the RSS sampled here is the server's (and, on PGlite,
 * its database's) alone, not the client's buffers too.
 */
function downloadElsewhere(url: string, token: string) {
  const client = `
    const started = performance.now();
    const res = await fetch(process.env.URL, { headers: { authorization: 'Bearer ' + process.env.TOKEN } });
    if (!res.ok || !res.body) throw new Error('export: ' + res.status + ' ' + (await res.text()));
    let firstByteMs = 0, bytes = 0, lines = 0;
    for await (const chunk of res.body) {
      if (!firstByteMs) firstByteMs = performance.now() - started;
      bytes += chunk.byteLength;
      for (const b of chunk) if (b === 10) lines++;
    }
    console.log(JSON.stringify({ firstByteMs, totalMs: performance.now() - started, bytes, lines }));`;
  return new Promise<{ firstByteMs: number; totalMs: number; bytes: number; lines: number }>((ok, fail) => {
    execFile(
      process.execPath,
      ['--input-type=module', '-e', client],
      { env: { ...process.env, URL: url, TOKEN: token }, maxBuffer: 1024 * 1024 },
      (err, stdout) => (err ? fail(err) : ok(JSON.parse(stdout))),
    );
  });
}

/** The machine's load average (1, 5, 15 min) when a figure is printed: the machine is shared. */
function load() {
  return `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')}`;
}

function showList(db: string, figures: ListFigures) {
  console.log(
    `  ${db}: product list, ${PRODUCTS} products × ${INSTITUTIONS} institutions (${CALLS} calls each); ${load()}`,
  );
  for (const f of figures)
    console.log(
      `    ${f.name.padEnd(42)} p50 ${f.p50.toFixed(1).padStart(6)} ms  p95 ${f.p95.toFixed(1).padStart(6)} ms  max ${f.max.toFixed(1).padStart(6)} ms  (${f.rows} rows)`,
    );
}

function showExport(db: string, [first, again]: [ExportFigures, ExportFigures]) {
  const line = (label: string, f: ExportFigures) =>
    console.log(
      `  ${db}: ${label} of ${f.rows.toLocaleString('en')} rows: first byte ${f.firstByteMs.toFixed(0)} ms, all ${(f.totalMs / 1000).toFixed(1)} s, ${(f.bytes / 1024 / 1024).toFixed(0)} MB, RSS growth ${f.rssGrowthMb.toFixed(1)} MB (${f.rssBeforeMb.toFixed(0)} → ${f.rssPeakMb.toFixed(0)} MB; JS heap ${f.heapGrowthMb.toFixed(1)} MB, ArrayBuffers ${f.arrayBuffersGrowthMb.toFixed(1)} MB, external ${f.externalGrowthMb.toFixed(1)} MB); ${load()}`,
    );
  line('export (from a just-collected heap)', first);
  line('the same export again', again);
}

export async function benchProducts() {
  const only = process.env.BENCH_PRODUCTS_ONLY; // 'list' | 'export'
  if (only !== 'export') {
    if (process.env.BENCH_DB !== 'postgres') showList('PGlite', await onPglite(measureList));
    if (process.env.BENCH_DB !== 'pglite')
      showList('PostgreSQL', await onScratchPostgres('products_list', measureList));
  }
  if (only === 'list') return;
  const db = process.env.BENCH_DB;
  if (db === 'pglite') showExport('PGlite', await onPglite(measureExport));
  else if (db === 'postgres')
    showExport('PostgreSQL', await onScratchPostgres('products_export', measureExport));
  else for (const each of ['pglite', 'postgres']) exportInOwnProcess(each);
}

/**
 * The export of one database in a process of its own: the RSS growth is then that database's, not
 * raised by what the other one's million pairings left in this process's heap.
 */
function exportInOwnProcess(db: string) {
  const r = runAsServer(fileURLToPath(import.meta.url), {
    nodeArgs: ['--expose-gc'],
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { BENCH_DB: db, BENCH_PRODUCTS_ONLY: 'export' },
  });
  if (r.status !== 0) throw new Error(`the ${db} export bench exited with ${r.status}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchProducts().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
