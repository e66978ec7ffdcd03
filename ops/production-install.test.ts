import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../src/server/test/wait-for';
import { runDockerfile, type Stage, hostEnv } from './dockerfile';
import { cleanEnv, oldNode, ROOT } from './env';
import { killIfAlive, type ServerProcess, spawnServer, waitReady } from './server-process';

/**
 * The production install, as the Dockerfile makes it, in a clean folder: its build stage (npm ci,
 * npm run build, npm prune --omit=dev) and its runtime stage (dist/ and the production node_modules),
 * step by step (ops/dockerfile.ts). Then the runtime stage's CMD is started as the container would
 * start it, on a PGlite data folder seeded beforehand from this checkout (`npm run db:seed -- --demo`,
 * a dev step), and answers the web page, the API docs, a sign-in and a course copy.
 */
const work = mkdtempSync(join(tmpdir(), 'cwa-prod-install-'));
const seeded = join(work, 'seeded-data');
let runtime: Stage;
let app: string;
let server: ServerProcess | undefined;
let base = '';
const log: string[] = [];

/** The runtime stage's environment on this machine, with a port of its own and `extra`. */
const runtimeEnv = (extra: Record<string, string> = {}) =>
  cleanEnv({ ...hostEnv(runtime), HOST: '127.0.0.1', PORT: '0', COPY_RETRY_DELAY_SECONDS: '0', ...extra });

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
    });
    child.stderr.on('data', (b: Buffer) => {
      out += b.toString();
    });
    child.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(' ')}: exit ${code}\n${out}`)),
    );
  });
}

beforeAll(async () => {
  const began = performance.now();
  // the demo world, seeded by the dev checkout while the image's steps run
  const seeding = run('npm', ['run', 'db:seed', '--', '--demo'], ROOT, cleanEnv({ DATA_DIR: seeded }));
  const stages = await runDockerfile(join(ROOT, 'Dockerfile'), {
    context: ROOT,
    into: join(work, 'stages'),
    // npm's cache first: the build machines reach the registry, but most packages are cached there
    baseEnv: cleanEnv({ npm_config_prefer_offline: 'true' }),
    log: (line) => log.push(`${((performance.now() - began) / 1000).toFixed(0).padStart(4)} s  ${line}`),
  });
  runtime = [...stages.values()].at(-1)!;
  app = join(runtime.root, runtime.workdir);
  await seeding;
  // the runtime image's data volume holds the seeded folder
  const dataDir = hostEnv(runtime).DATA_DIR;
  rmSync(dataDir, { recursive: true, force: true });
  renameSync(seeded, dataDir);
}, 900_000);

afterAll(async () => {
  console.log(`the Dockerfile's steps, with the seconds since the start:\n${log.join('\n')}`);
  if (server && server.child.exitCode === null) {
    killIfAlive(server.child.pid);
    await server.exited;
  }
  rmSync(work, { recursive: true, force: true });
});

describe('the production install (the Dockerfile, step by step)', () => {
  it('has dist/ and production node_modules only: no esbuild, tsx, faker or vite', () => {
    expect(log[0]).toMatch(/ \[build\] FROM /);
    expect(existsSync(join(app, 'dist/server/main.mjs'))).toBe(true);
    expect(existsSync(join(app, 'dist/web/index.html'))).toBe(true);
    // typescript stays: npm keeps it as i18next's optional peer (lock: devOptional); nothing loads it at run time
    for (const dev of ['esbuild', 'tsx', '@faker-js/faker', 'vite']) {
      expect(existsSync(join(app, 'node_modules', dev, 'package.json')), dev).toBe(false);
    }
    for (const prod of ['fastify', 'pg-boss', '@electric-sql/pglite']) {
      expect(existsSync(join(app, 'node_modules', prod, 'package.json')), prod).toBe(true);
    }
    expect(existsSync(join(app, 'src/server/db/migrations'))).toBe(true);
    expect(existsSync(join(app, 'src/server/modules'))).toBe(false);
  });

  it('migrates with the compiled CLI', async () => {
    const out = await run(process.execPath, ['dist/server/migrate.mjs'], app, runtimeEnv());
    expect(out.trim()).toBe('migrations applied (pglite)');
  });

  it('starts as the container does and serves the web page, the API docs, a sign-in and a course copy', async () => {
    server = spawnServer(
      runtime.cmd![0] === 'node' ? process.execPath : runtime.cmd![0],
      runtime.cmd!.slice(1),
      {
        cwd: app,
        env: runtimeEnv(),
      },
    );
    const port = await waitReady(server, 120_000);
    base = `http://127.0.0.1:${port}`;

    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('<div id="root">');

    const docs = await fetch(`${base}/api/docs/json`);
    expect(docs.status).toBe(200);
    expect((await docs.json()).paths['/api/courses/copy']).toBeDefined();

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'super', password: 'demo-pass-1' }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const get = async (path: string) => {
      const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status, path).toBe(200);
      return res.json();
    };

    // a current course that passes every copy rule, in the first institution that has one
    const { organizations } = (await get('/api/institution/institutionList')) as {
      organizations: { orgId: number }[];
    };
    let source: { orgId: number; sectionId: number } | undefined;
    for (const { orgId } of organizations) {
      const list = (await get(
        `/api/institution/institutionData?organizationId=${orgId}&coursePeriod=CURRENT&filterBy=STUDENTUSE&pageSize=20`,
      )) as { courses: { sectionId: number }[] };
      if (list.courses.length === 0) continue;
      const ids = list.courses.map((c) => c.sectionId).join(',');
      const checks = (await get(
        `/api/courses/copyCourseValidations?organizationId=${orgId}&sectionIds=${ids}`,
      )) as {
        validations: { sectionId: number; valid: boolean }[];
      };
      const valid = checks.validations.find((v) => v.valid);
      if (valid) {
        source = { orgId, sectionId: valid.sectionId };
        break;
      }
    }
    expect(source).toBeDefined();

    const copy = await fetch(`${base}/api/courses/copy`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        organizationId: source!.orgId,
        courses: [
          {
            sectionId: source!.sectionId,
            courseName: 'Production copy',
            startDate: '2031-01-06',
            endDate: '2031-05-02',
          },
        ],
      }),
    });
    expect(copy.status).toBe(200);
    const { trackingId } = (await copy.json()) as { trackingId: string };
    const status = await waitFor(
      async () => {
        const s = (await get(
          `/api/courses/copy/status?organizationId=${source!.orgId}&trackingId=${trackingId}`,
        )) as { finished: boolean; statuses: { status: string; sectionId: number | null }[] };
        return s.finished ? s : undefined;
      },
      120_000,
      'the copy to finish',
    );
    expect(status.statuses.map((s) => s.status)).toEqual(['succeeded']);
    expect(status.statuses[0].sectionId).toBeGreaterThan(0);
  }, 300_000);

  it("passes the image's HEALTHCHECK", () => {
    const [cmd, ...args] = runtime.healthcheck!;
    const port = new URL(base).port;
    const r = spawnSync(cmd === 'node' ? process.execPath : cmd, args, {
      cwd: app,
      env: runtimeEnv({ PORT: port }),
    });
    expect(r.status).toBe(0);
  });

  it('stops gracefully on SIGTERM (what docker stop sends to PID 1), exit code 0', async () => {
    server!.child.kill('SIGTERM');
    expect(await server!.exited).toEqual({ code: 0, signal: null });
    expect(server!.output()).toContain(
      '"signal":"SIGTERM","msg":"stopping: finishing in-flight requests and jobs"',
    );
  }, 60_000);

  it('asked for the demo world without the dev dependencies, stops with one line', async () => {
    const fresh = join(work, 'fresh-data');
    const r = spawnSync(process.execPath, ['dist/server/main.mjs'], {
      cwd: app,
      env: runtimeEnv({ DATA_DIR: fresh, DEMO_SEED: 'true', LOG_LEVEL: 'warn' }),
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(r.stderr).toBe(
      'The demo seed needs the dev dependencies (@faker-js/faker is not installed): set DEMO_SEED=false, or seed from a full install with `npm run db:seed -- --demo`.\n',
    );
    expect(r.status).toBe(1);
  }, 150_000);

  it.runIf(oldNode())('on an older Node, dist/server/main.mjs stops with one line', () => {
    const r = spawnSync(oldNode()!, ['dist/server/main.mjs'], {
      cwd: app,
      env: runtimeEnv(),
      encoding: 'utf8',
    });
    expect(r.stderr).toMatch(
      /^courseware-admin needs Node\.js >=22\.12; this is Node\.js v\d+\.\d+\.\d+ \(.+\)\. Install a newer Node\.js and start again\.\n$/,
    );
    expect(r.status).toBe(1);
    expect(readFileSync(join(app, 'package.json'), 'utf8')).toContain('"node": ">=22.12"');
  });
});
