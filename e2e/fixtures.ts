/**
 * Browser-test fixtures: start the app as a user would (`npm start`), find Chromium, log in.
 * Global setup calls `startApp()`; spec files call `useBrowser()` and `loginAs()`.
 */
import AxeBuilder from '@axe-core/playwright';
import { type ChildProcess, spawn } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import type { z } from 'zod';
import { parseSetCookie } from 'cookie';
import { authApi, type LoginResponse } from '../src/shared/contract/auth';
import { SESSION_COOKIE } from '../src/shared/session-cookies';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { freePort } from '../src/server/test/free-port';
import {
  urlOf,
  type RouteBody,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
  type RouteSpec,
} from '../src/shared/contract/route';
import { emlText } from './eml-text';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

export const ROOT = resolve(import.meta.dirname, '..');
export const RESULTS_DIR = join(ROOT, 'test-results');
export const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-pass-1';
export const PERSONAS = ['super', 'associate', 'support', 'registrar', 'instructor', 'internal'] as const;
/** `adjunct`: member of two institutions, without the dashboard right in the first. */
export type Persona = (typeof PERSONAS)[number] | 'adjunct';
const STARTUP_TIMEOUT_MS = 180_000;

/** An error that prints as one line (no stack): for "how to fix your machine" messages. */
function oneLineError(message: string) {
  const e = new Error(message);
  e.stack = message;
  return e;
}

/**
 * CHROMIUM_PATH, else Debian's /usr/bin/chromium (faster to start), else the Chromium shipped inside the
 * @sparticuz/chromium devDependency (unpacked into the temp folder on first use): `npm install` is enough.
 */
export async function chromiumPath(): Promise<string> {
  const found = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (p): p is string => !!p && existsSync(p),
  );
  if (found) return found;
  try {
    const { default: packaged, inflate } = await import('@sparticuz/chromium');
    const executable = await packaged.executablePath();
    if (!PACKAGED_NEEDS.every(systemHasLibrary)) {
      const bin = join(dirname(createRequire(import.meta.url).resolve('@sparticuz/chromium')), '../bin');
      packagedLibraries = join(await inflate(join(bin, 'al2023.tar.br')), 'lib');
    }
    return executable;
  } catch (e) {
    throw oneLineError(
      `Chromium not found: neither CHROMIUM_PATH, /usr/bin/chromium nor the @sparticuz/chromium package (${(e as Error).message}); run \`npm install\`, or \`apt-get install chromium\`.`,
    );
  }
}

/**
 * The shared libraries the packaged Chromium needs besides glibc. A slim image (node:*-slim, a bare
 * Debian) has none of them; the package ships them for Amazon Linux, and they serve there too.
 */
const PACKAGED_NEEDS = ['libnss3.so', 'libnspr4.so', 'libexpat.so.1'];
let packagedLibraries: string | undefined;

function systemHasLibrary(name: string): boolean {
  const multiarch = process.arch === 'arm64' ? 'aarch64-linux-gnu' : 'x86_64-linux-gnu';
  const dirs = [
    ...(process.env.LD_LIBRARY_PATH?.split(':') ?? []),
    `/lib/${multiarch}`,
    `/usr/lib/${multiarch}`,
    '/lib64',
    '/usr/lib64',
    '/lib',
    '/usr/lib',
  ];
  return dirs.some((d) => d && existsSync(join(d, name)));
}

/**
 * A fontconfig file for the browser: the system's fonts, plus the Open Sans that @sparticuz/chromium
 * unpacks beside its binary and the Noto Sans SC of the @embedpdf/fonts-sc devDependency, so Chinese
 * pages render real glyphs (not boxes) on a machine with no CJK font installed. FONTCONFIG_FILE, when
 * set, wins.
 */
function fontconfigFile(): string {
  if (process.env.FONTCONFIG_FILE) return process.env.FONTCONFIG_FILE;
  // (when @embedpdf/fonts-sc is not installed, Chinese text renders as boxes and nothing else changes)
  const dirs = [join(tmpdir(), 'fonts'), join(ROOT, 'node_modules/@embedpdf/fonts-sc/fonts')];
  const file = join(tmpdir(), `cwa-e2e-fonts-${process.getuid?.() ?? 0}.conf`);
  const xml = [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
    '<fontconfig>',
    '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>',
    ...dirs.filter((d) => existsSync(d)).map((d) => `  <dir>${d}</dir>`),
    `  <cachedir>${join(tmpdir(), 'cwa-e2e-fontconfig-cache')}</cachedir>`,
    '</fontconfig>',
    '',
  ].join('\n');
  if (!existsSync(file) || readFileSync(file, 'utf8') !== xml) {
    writeFileSync(`${file}.${process.pid}`, xml); // then renamed: a browser starting meanwhile never reads half a file
    renameSync(`${file}.${process.pid}`, file);
  }
  return file;
}

export async function launchChromium(): Promise<Browser> {
  const executablePath = await chromiumPath();
  return chromium.launch({
    executablePath,
    env: {
      ...process.env,
      FONTCONFIG_FILE: fontconfigFile(),
      ...(packagedLibraries && {
        LD_LIBRARY_PATH: [packagedLibraries, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
      }),
    },
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

async function waitForHealth(baseURL: string, child: ChildProcess | null, logFile?: string) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let exited: number | null = null;
  child?.once('exit', (code) => {
    exited = code ?? -1;
  });
  while (Date.now() < deadline) {
    if (exited !== null) {
      const tail =
        logFile && existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n') : '';
      throw new Error(`the app exited with code ${exited} before answering /healthz\n${tail}`);
    }
    try {
      const res = await fetch(`${baseURL}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the app did not answer ${baseURL}/healthz within ${STARTUP_TIMEOUT_MS / 1000} s`);
}

export interface RunningApp {
  baseURL: string;
  stop: () => Promise<void>;
}

/**
 * Starts the app as a user does (`npm start`: builds the SPA when stale, migrates, seeds the demo
 * world) on a free port with a fresh DATA_DIR, and waits for /healthz. With E2E_BASE_URL set, uses
 * that running app instead.
 */
export async function startApp(): Promise<RunningApp> {
  await chromiumPath(); // fail first, in one line, when there is no browser to drive
  mkdirSync(RESULTS_DIR, { recursive: true });
  if (process.env.E2E_BASE_URL) {
    const baseURL = process.env.E2E_BASE_URL.replace(/\/$/, '');
    await waitForHealth(baseURL, null);
    return { baseURL, stop: async () => {} };
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'cwa-e2e-'));
  const logFile = join(RESULTS_DIR, 'e2e-server.log');
  const log = createWriteStream(logFile);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_ENV: process.env.APP_ENV ?? 'dev',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // the address the browser uses (Chromium does not reach this server as localhost): links the
    // app builds (SSO redirect URI, LTI target) point back to it
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  };
  delete env.DATABASE_URL; // the embedded database in the fresh DATA_DIR
  // as a user's shell: not Vitest's NODE_ENV=test (which would make `vite build` a development build)
  for (const key of Object.keys(env)) if (key === 'NODE_ENV' || key.startsWith('VITEST')) delete env[key];
  // --demo-idp: the demo OpenID provider beside the app (sso.e2e.ts)
  const child = spawn('npm', ['start', '--', '--demo-idp'], {
    cwd: ROOT,
    detached: true, // its own process group: npm → sh → node all stop together
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const baseURL = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const gone = new Promise((r) => child.once('exit', r));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-(child.pid as number), 'SIGKILL');
        } catch {
          // already gone
        }
      }, 15_000);
      await gone;
      clearTimeout(timer);
    }
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseURL, child, logFile);
  } catch (e) {
    await stop();
    throw e;
  }
  return { baseURL, stop };
}

export function baseURL(): string {
  return inject('baseURL');
}

/** Signs in through the API (authApi.login): the persona's new session, as its token and the cookies the browser gets. */
async function loginRequest(persona: Persona, password: string) {
  const res = await fetch(`${baseURL()}${authApi.login.path}`, {
    method: authApi.login.method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: persona, password }),
  });
  if (!res.ok) throw new Error(`login as ${persona} failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as z.infer<typeof LoginResponse>;
  return { token, cookies: res.headers.getSetCookie().map((c) => parseSetCookie(c)) };
}

/** Signs in through the API; the token of the persona's new session. */
export async function apiLogin(persona: Persona, password = PASSWORD): Promise<string> {
  return (await loginRequest(persona, password)).token;
}

/**
 * Signs the browser context in as the app's sign-in does: the session cookie (HttpOnly) and the
 * CSRF cookie of a new session, set on the app's address; every page of the context shares them.
 */
export async function signInContext(context: BrowserContext, persona: Persona): Promise<string> {
  const { token, cookies } = await loginRequest(persona, PASSWORD);
  await context.addCookies(
    cookies.map((c) => ({
      name: c.name,
      value: c.value ?? '',
      url: baseURL(),
      httpOnly: c.httpOnly ?? false,
      secure: c.secure ?? false,
      sameSite: 'Lax' as const,
    })),
  );
  return token;
}

/** The session token in the context's session cookie, or null when signed out. */
export async function sessionCookie(context: BrowserContext): Promise<string | null> {
  const found = (await context.cookies(baseURL())).find((c) => c.name === SESSION_COOKIE);
  return found?.value || null;
}

/** Serious and critical WCAG 2.1 A/AA violations (axe), as "rule: target" lines. */
export async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

/** A JSON API call with the session token; throws with the status and body unless it is 2xx. */
async function apiCall<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * A contract route's path with its parameters filled and its query string (values as strings,
 * undefined and null left out): for a request sent by hand, e.g. one expected to be refused.
 */
export function routeUrl<D extends RouteSpec>(
  route: D,
  { params, query }: { params?: RouteParams<D>; query?: RouteQuery<D> } = {},
): string {
  return urlOf(route, { params, query });
}

/** Calls a contract route as `token` (method and path from the contract); resolves with its typed answer. */
export async function apiRoute<D extends RouteSpec>(
  token: string,
  route: D,
  input: { params?: RouteParams<D>; query?: RouteQuery<D>; body?: RouteBody<D> } = {},
): Promise<RouteResponse<D>> {
  return apiCall<RouteResponse<D>>(token, route.method, routeUrl(route, input), input.body);
}

/**
 * Signs the persona in. `via: 'api'` (default) logs in through the API (authApi.login) and gives the
 * browser context its session cookies, then opens `path`; `via: 'form'` fills the login form.
 * Returns the session token.
 */
export async function loginAs(
  page: Page,
  persona: Persona,
  { path = '/institution', via = 'api' }: { path?: string; via?: 'api' | 'form' } = {},
): Promise<string | null> {
  if (via === 'form') {
    await page.goto(`/login?next=${encodeURIComponent(path)}`);
    await page.getByLabel('Username').fill(persona);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    return sessionCookie(page.context());
  }
  const token = await signInContext(page.context(), persona);
  await page.goto(path);
  return token;
}

/**
 * Gives the page a clock that moves only when the test moves it (Playwright's clock, paused before the
 * app loads), so a test of "after N seconds, not before" does not depend on how busy the machine is.
 */
export async function pausePageClock(page: Page) {
  await page.clock.install({ time: new Date('2026-01-05T09:00:00Z') });
  await page.clock.pauseAt(new Date('2026-01-05T09:00:01Z'));
}

/**
 * Moves a paused page clock in 20 ms steps until `ready` holds: the app's own work (e.g. TanStack
 * Query's notifications) runs on timers, so a paused page needs its clock moved to render at all.
 * `ready` becomes true at most one step after the app reached that state.
 */
export async function runPageClockUntil(page: Page, ready: () => Promise<boolean>) {
  await expect
    .poll(
      async () => {
        if (await ready()) return true;
        await page.clock.runFor(20);
        return ready();
      },
      { timeout: 60_000 },
    )
    .toBe(true);
}

/** Waits until the signed-in shell has rendered (header with the institution, a page heading). */
export async function waitForShell(page: Page) {
  await page.locator('header').first().waitFor();
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

/** The header tab labels, in order. */
export async function tabLabels(page: Page): Promise<string[]> {
  const nav = page.locator('[data-testid=tabs] a');
  return (await nav.allTextContents()).map((s) => s.trim());
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

export interface BrowserFixture {
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/**
 * One Chromium per spec file, a fresh context (English, 1280×800, reduced motion so the 2 s page
 * fade does not slow every check) per test, and a screenshot per test in test-results/.
 */
export function useBrowser(file: string, contextOptions: Parameters<Browser['newContext']>[0] = {}) {
  const fx = {} as BrowserFixture;
  beforeAll(async () => {
    fx.browser = await launchChromium();
  });
  afterAll(async () => {
    await fx.browser?.close();
  });
  beforeEach(async () => {
    fx.context = await fx.browser.newContext({
      baseURL: baseURL(),
      locale: 'en-US',
      viewport: { width: 1280, height: 800 },
      reducedMotion: 'reduce',
      ...contextOptions,
    });
    fx.page = await fx.context.newPage();
  });
  afterEach(async (ctx) => {
    await fx.page
      ?.screenshot({ path: join(RESULTS_DIR, `${slug(file)}--${slug(ctx.task.name)}.png`), fullPage: true })
      .catch(() => {});
    await fx.context?.close();
  });
  return fx;
}

/**
 * The e-mails the app wrote to `to`, oldest first, bodies decoded (no SMTP_URL: the mail job stores
 * .eml files in DATA_DIR/mail; DATA_DIR is E2E_DATA_DIR, else a cwa-e2e-* directory).
 */
export function mailsTo(to: string): string[] {
  const dirs = process.env.E2E_DATA_DIR
    ? [join(process.env.E2E_DATA_DIR, 'mail')]
    : readdirSync(tmpdir())
        .filter((d) => d.startsWith('cwa-e2e-'))
        .map((d) => join(tmpdir(), d, 'mail'));
  return dirs
    .filter((d) => existsSync(d))
    .flatMap((d) =>
      readdirSync(d)
        .sort()
        .map((f) => readFileSync(join(d, f), 'utf8')),
    )
    .filter((eml) => eml.includes(`To: ${to}`))
    .map(emlText);
}
