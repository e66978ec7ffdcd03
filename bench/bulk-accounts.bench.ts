/**
 * Bulk account creation from a 10,000-row .xlsx, the way a registrar does it: the file is written
 * with exceljs, uploaded through POST .../bulkAccountCreation (multipart, the registrar's session),
 * previewed by the parse job, committed, and applied by the pg-boss job until that job is completed.
 * Prints wall time per phase, the rows created (counted in the database) and peak memory.
 *
 * Runs on PGlite on disk (a temporary DATA_DIR, removed afterwards) and on PostgreSQL (the server
 * bench/databases.ts names) in a scratch database created and dropped here (the database of
 * the URL itself is never written). Each database runs in its own child process so that the memory
 * figures — maxRSS above all, a lifetime high-water mark — belong to that run alone.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type BulkImport, bulkAccountsApi } from '../src/shared/contract/bulk-accounts';
import { pathOf } from '../src/shared/contract/route';
import { ADMIN_PERMISSIONS } from '../src/shared/permissions';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { type Database, openDatabase } from '../src/server/db/client';
import { multipart, XLSX_TYPE } from '../src/server/test/xlsx-files';
import { bearer, createInstitution, createRole, createUser, login } from '../src/server/test/fixtures';
import { withDatabase } from '../src/server/test/global-setup';
import { BULK_EMAIL_DOMAIN, writeBulkSpreadsheet } from './bulk-spreadsheet';
import { PG_URL } from './databases';

const ROWS = Number(process.env.BENCH_BULK_ROWS ?? 10_000);
const TIMEOUT_MS = 30 * 60_000;
const POLL_MS = 250;

type Target = { kind: 'pglite' } | { kind: 'postgres'; url: string };

interface Memory {
  rssMb: number;
  heapMb: number;
  /** Longest time between two samples: how long the event loop was busy at a stretch. */
  gapMs: number;
}

interface Run {
  database: string;
  totalMs: number;
  /** POST of the file until its 202 answer. */
  uploadMs: number;
  /** POST of the file until the import is previewed (parse job done). */
  previewMs: number;
  /** POST of the commit until the pg-boss apply job is completed. */
  applyMs: number;
  /** POST of the commit until the import reads "done". */
  applyDoneMs: number;
  results: BulkImport['results'];
  users: number;
  memberships: number;
  roleHolders: number;
  mails: number;
  /** App start on a fresh database: migrations, pg-boss, fixtures. */
  peakStartup: Memory;
  /** Just before the upload (after a GC). */
  baseline: Memory;
  peakPreview: Memory;
  peakApply: Memory;
  maxRssMb: number;
  samples: number;
}

const mb = (bytes: number) => bytes / (1024 * 1024);

/** Samples RSS and heapUsed every ~50 ms; `phase()` ends the current phase and returns its peaks. */
function memorySampler() {
  let current: Memory = { rssMb: 0, heapMb: 0, gapMs: 0 };
  let samples = 0;
  let last = performance.now();
  const sample = () => {
    const now = performance.now();
    current.gapMs = Math.max(current.gapMs, now - last);
    last = now;
    samples++;
    const m = process.memoryUsage();
    current.rssMb = Math.max(current.rssMb, mb(m.rss));
    current.heapMb = Math.max(current.heapMb, mb(m.heapUsed));
  };
  const timer = setInterval(sample, 50);
  sample();
  return {
    phase() {
      sample();
      const ended = current;
      current = { rssMb: 0, heapMb: 0, gapMs: 0 };
      sample();
      return ended;
    },
    stop() {
      clearInterval(timer);
      return samples;
    },
  };
}

async function poll<T>(what: string, since: number, fn: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (performance.now() - since > TIMEOUT_MS) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** The app with its workers on `database`, and an institution with its registrar and three roles. */
async function startApp(config: ReturnType<typeof loadConfig>, database: Database) {
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  const db = database.db;
  const institution = await createInstitution(db, 'Bulk Bench College');
  const registrar = await createUser(db, 'bulk-bench-registrar');
  await createRole(db, institution.id, 'Administrator', ADMIN_PERMISSIONS, [registrar.id]);
  await createRole(db, institution.id, 'Instructor', ['CAN_COPY_EDIT_COURSES', 'CAN_ENROLL_STUDENTS'], []);
  await createRole(db, institution.id, 'Teaching Assistant', ['CAN_ENROLL_STUDENTS'], []);
  const auth = bearer(await login(app, 'bulk-bench-registrar'));
  return { app, institution, auth };
}

type Started = Awaited<ReturnType<typeof startApp>>;

async function getImport({ app, auth }: Started, importId: string) {
  const res = await app.inject({ url: pathOf(bulkAccountsApi.get, { importId }), headers: auth });
  if (res.statusCode !== 200) throw new Error(`GET import: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res.json() as BulkImport;
}

/** Phase 1: upload (multipart, as the browser sends it) until the dry-run preview is ready. */
async function uploadAndPreview(s: Started, content: Buffer) {
  const { app, auth, institution } = s;
  const started = performance.now();
  const body = multipart('bench-accounts.xlsx', content, XLSX_TYPE);
  const up = await app.inject({
    method: bulkAccountsApi.upload.method,
    url: bulkAccountsApi.upload.path,
    query: { organizationId: String(institution.id) },
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
  const uploadMs = performance.now() - started;
  if (up.statusCode !== 202) throw new Error(`upload: ${up.statusCode} ${up.body.slice(0, 300)}`);
  const importId: string = up.json().importId;
  const previewed = await poll('the preview', started, async () => {
    const imp = await getImport(s, importId);
    if (imp.status === 'failed') throw new Error(`parse failed: ${imp.error}`);
    return imp.status === 'previewed' ? imp : undefined;
  });
  // The preview screen's first page of rows.
  const page = await app.inject({
    url: pathOf(bulkAccountsApi.rows, { importId }),
    query: { mode: 'createAndUpdate' },
    headers: auth,
  });
  if (page.statusCode !== 200) throw new Error(`rows: ${page.statusCode} ${page.body.slice(0, 300)}`);
  const previewMs = performance.now() - started;
  if (previewed.totalRows !== ROWS || previewed.matches.new !== ROWS) {
    throw new Error(`preview: ${previewed.totalRows} rows, ${JSON.stringify(previewed.matches)}`);
  }
  return { started, importId, uploadMs, previewMs };
}

/** Phase 2: commit until the pg-boss apply job is completed. */
async function commitAndApply(s: Started, database: Database, importId: string) {
  const jobState = async (name: string, key: string) => {
    const { rows } = await database.sql.executeSql(
      'select state from pgboss.job where name = $1 and singleton_key = $2 order by created_on desc limit 1',
      [name, key],
    );
    return rows[0]?.state as string | undefined;
  };
  const committed = performance.now();
  const commit = await s.app.inject({
    method: bulkAccountsApi.commit.method,
    url: pathOf(bulkAccountsApi.commit, { importId }),
    headers: s.auth,
    payload: { mode: 'createAndUpdate' },
  });
  if (commit.statusCode !== 202) throw new Error(`commit: ${commit.statusCode} ${commit.body.slice(0, 300)}`);
  let applyDoneMs = 0;
  const done = await poll('the apply job', committed, async () => {
    const imp = await getImport(s, importId);
    if (imp.status === 'failed') throw new Error(`apply failed: ${imp.error}`);
    if (imp.status !== 'done') return undefined;
    applyDoneMs ||= performance.now() - committed;
    const state = await jobState('bulkAccounts.apply', `bulk-apply-${importId}`);
    if (state === 'failed' || state === 'cancelled') throw new Error(`apply job ${state}`);
    return state === 'completed' ? imp : undefined;
  });
  return { done, applyDoneMs, applyMs: performance.now() - committed };
}

/** The bench's accounts as the database holds them: users, memberships, role holders, setup e-mails. */
async function countRows(database: Database, institutionId: number) {
  const like = `%@${BULK_EMAIL_DOMAIN}`;
  const count = async (text: string, values: unknown[]) =>
    Number((await database.sql.executeSql(text, values)).rows[0].n);
  const users = await count('select count(*)::int as n from users where email like $1', [like]);
  const memberships = await count(
    `select count(*)::int as n from memberships m join users u on u.id = m.user_id
      where u.email like $1 and m.institution_id = $2`,
    [like, institutionId],
  );
  const roleHolders = await count(
    `select count(*)::int as n from group_members gm join groups g on g.id = gm.group_id
      join users u on u.id = gm.user_id where u.email like $1 and g.context_id = $2`,
    [like, institutionId],
  );
  const mails = await count('select count(*)::int as n from mail_outbox where "to" like $1', [like]);
  return { users, memberships, roleHolders, mails };
}

/** One run in this process: app with its workers, a registrar, upload → preview → commit → job completed. */
async function runOnce(target: Target, file: string): Promise<Run> {
  const memory = memorySampler();
  const dataDir = mkdtempSync(join(tmpdir(), 'cwa-bench-bulk-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ROLE: 'all',
    SHUTDOWN_TIMEOUT_MS: '10000',
  });
  const database =
    target.kind === 'pglite'
      ? openDatabase({ pgliteDir: config.pgliteDir })
      : openDatabase({ databaseUrl: target.url, poolMax: 10 });
  try {
    const s = await startApp(config, database);
    try {
      const content = readFileSync(file);
      globalThis.gc?.();
      const peakStartup = memory.phase();
      const now = process.memoryUsage();
      const baseline = { rssMb: mb(now.rss), heapMb: mb(now.heapUsed), gapMs: 0 };
      const { started, importId, uploadMs, previewMs } = await uploadAndPreview(s, content);
      const peakPreview = memory.phase();
      const { done, applyDoneMs, applyMs } = await commitAndApply(s, database, importId);
      const totalMs = performance.now() - started;
      const peakApply = memory.phase();
      const samples = memory.stop();
      return {
        database: target.kind === 'pglite' ? 'PGlite' : 'PostgreSQL',
        totalMs,
        uploadMs,
        previewMs,
        applyMs,
        applyDoneMs,
        results: done.results,
        ...(await countRows(database, s.institution.id)),
        peakStartup,
        baseline,
        peakPreview,
        peakApply,
        maxRssMb: process.resourceUsage().maxRSS / 1024,
        samples,
      };
    } finally {
      await s.app.close();
    }
  } finally {
    memory.stop();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Like the test harness: a scratch database on the server of `url`, dropped afterwards. */
async function onPostgres(url: string, file: string): Promise<Run> {
  const scratch = `cwa_bench_bulk_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${scratch}`);
    return await runOnce({ kind: 'postgres', url: withDatabase(url, scratch) }, file);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
}

type ChildMessage = { ok: true; run: Run } | { ok: false; error: string };

/** Runs one database in a child process (its own memory figures) and returns its figures. */
function inChild(target: Target['kind'], file: string, url?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      execArgv: ['--import', 'tsx', '--expose-gc'],
      env: { ...process.env, BULK_BENCH_CHILD: target, BULK_BENCH_FILE: file, BULK_BENCH_URL: url ?? '' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let message: ChildMessage | undefined;
    child.on('message', (m: ChildMessage) => {
      message = m;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (message?.ok) resolve(message.run);
      else reject(new Error(message?.error ?? `the ${target} bench process exited with ${code}`));
    });
  });
}

const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mem = (x: number) => `${x.toFixed(0)} MB`;
const perSecond = (ms: number) => Math.round(ROWS / (ms / 1000)).toLocaleString('en-US');

function show(r: Run) {
  const complete = r.users === ROWS && r.memberships === ROWS && r.roleHolders === ROWS;
  console.log(
    [
      `  ${r.database}: ${sec(r.totalMs)} from upload to the completed job (${perSecond(r.totalMs)} rows/s)`,
      `    upload + parse/preview ${sec(r.previewMs)}  (the POST answered 202 in ${Math.round(r.uploadMs)} ms)`,
      `    commit + apply         ${sec(r.applyMs)}  (import "done" after ${sec(r.applyDoneMs)}; ${perSecond(r.applyMs)} rows/s)`,
      `    rows: ${r.results.created} created, ${r.results.failed} failed; counted: ${r.users} users, ` +
        `${r.memberships} memberships, ${r.roleHolders} role holders, ${r.mails} setup e-mails ` +
        (complete ? '(all there)' : '(MISSING ROWS)'),
      `    memory: peak RSS ${mem(Math.max(r.peakPreview.rssMb, r.peakApply.rssMb))}, ` +
        `heapUsed ${mem(Math.max(r.peakPreview.heapMb, r.peakApply.heapMb))} ` +
        `(preview ${mem(r.peakPreview.rssMb)} / ${mem(r.peakPreview.heapMb)}, apply ${mem(r.peakApply.rssMb)} / ${mem(r.peakApply.heapMb)}; ` +
        `before the upload ${mem(r.baseline.rssMb)} / ${mem(r.baseline.heapMb)}; app start ${mem(r.peakStartup.rssMb)} RSS)`,
      `            maxRSS ${mem(r.maxRssMb)} (process lifetime, app start included); ${r.samples} samples at 50 ms, ` +
        `longest gap ${Math.round(r.peakPreview.gapMs)} ms in preview, ${Math.round(r.peakApply.gapMs)} ms in apply`,
    ].join('\n'),
  );
}

/**
 * A 10,000-row bulk account import through the HTTP API and the jobs, on PGlite and on PostgreSQL
 * (bench/databases.ts names the server): time per phase, rows, peak memory.
 */
export async function benchBulkAccounts(): Promise<Run[]> {
  const dir = mkdtempSync(join(tmpdir(), 'cwa-bench-bulk-file-'));
  try {
    const file = join(dir, 'bench-accounts.xlsx');
    const t = performance.now();
    await writeBulkSpreadsheet(file, ROWS);
    console.log(
      `bulk accounts: a ${ROWS.toLocaleString('en-US')}-row .xlsx (${(statSync(file).size / 1024).toFixed(0)} KiB, ` +
        `written by exceljs in ${Math.round(performance.now() - t)} ms); upload → preview → commit → apply job completed`,
    );
    const runs = [await inChild('pglite', file)];
    show(runs[0]);
    runs.push(await inChild('postgres', file, PG_URL));
    show(runs[1]);
    return runs;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const childTarget = process.env.BULK_BENCH_CHILD;
if (childTarget && process.send) {
  const file = process.env.BULK_BENCH_FILE ?? '';
  const work =
    childTarget === 'pglite'
      ? runOnce({ kind: 'pglite' }, file)
      : onPostgres(process.env.BULK_BENCH_URL ?? '', file);
  work.then(
    (run) => process.send?.({ ok: true, run } satisfies ChildMessage, () => process.exit(0)),
    (err) =>
      process.send?.({ ok: false, error: String(err?.stack ?? err) } satisfies ChildMessage, () =>
        process.exit(1),
      ),
  );
} else if (import.meta.url === `file://${process.argv[1]}`) {
  benchBulkAccounts().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
