/**
 * What a browser downloads: the app started as a user starts it (`npm start` through startApp() of
 * e2e/fixtures.ts: production SPA build, precompressed assets), headless Chromium loading /login,
 * signing in as the registrar through the form, and landing on /institution. Bytes are CDP's
 * Network.loadingFinished encodedDataLength (what came over the wire, headers included) per resource
 * type; "raw" is the decoded body size (Network.dataReceived). LCP from a PerformanceObserver.
 * /institution is measured twice: after signing in (the login page's files already in the cache, as
 * a user gets there) and cold (a fresh browser context with the session token, nothing cached).
 * /login's LCP is then taken over BENCH_LCP_LOADS (9) more cold loads, each in a fresh context.
 * Targets: /login JS + CSS ≤ 150 KB compressed, LCP ≤ 1 s on loopback in 9 loads of 9; JS + CSS of
 * /institution after sign-in ≤ 200 KB compressed.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, PASSWORD, startApp } from '../e2e/fixtures';
import { BenchReport } from './report';

const LCP_LOADS = Number(process.env.BENCH_LCP_LOADS ?? 9);

type Kind = 'JS' | 'CSS' | 'font' | 'JSON' | 'doc' | 'other';
interface Tally {
  files: number;
  wire: number;
  raw: number;
}
type Totals = Record<Kind, Tally>;
const KINDS: Kind[] = ['JS', 'CSS', 'font', 'JSON', 'doc', 'other'];

function kindOf(type: string | undefined, url: string): Kind {
  if (type === 'Script' || /\.m?js(\?|$)/.test(url)) return 'JS';
  if (type === 'Stylesheet' || /\.css(\?|$)/.test(url)) return 'CSS';
  if (type === 'Font') return 'font';
  if (type === 'Document') return 'doc';
  if (type === 'Fetch' || type === 'XHR') return 'JSON';
  return 'other';
}

/** Counts every response of `page` from now on, until the returned `stop()`. */
async function recordNetwork(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map<string, { type?: string; url: string; raw: number }>();
  const totals = Object.fromEntries(KINDS.map((k) => [k, { files: 0, wire: 0, raw: 0 }])) as Totals;
  const files: string[] = [];
  cdp.on('Network.requestWillBeSent', (e) =>
    requests.set(e.requestId, { type: e.type, url: e.request.url, raw: 0 }),
  );
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.type = e.type;
  });
  cdp.on('Network.dataReceived', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.raw += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (!r) return;
    const t = totals[kindOf(r.type, r.url)];
    t.files++;
    t.wire += e.encodedDataLength;
    t.raw += r.raw;
    files.push(
      `${kindOf(r.type, r.url).padEnd(5)} ${(e.encodedDataLength / 1024).toFixed(1).padStart(7)} KB  ${r.url}`,
    );
  });
  return {
    totals,
    files,
    stop: () => cdp.detach(),
  };
}

/** The largest-contentful-paint time of the page's current document, in ms. */
const LCP_SCRIPT = () => {
  const w = window as unknown as { __lcp?: number };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
};

async function lcp(page: Page): Promise<number | null> {
  // LCP entries are final at the first input; reading them after the page settles is enough here
  return page.evaluate(() => (window as unknown as { __lcp?: number }).__lcp ?? null);
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function row(label: string, totals: Totals, lcpMs: number | null) {
  const cell = (k: Kind) => `${kb(totals[k].wire)} / ${kb(totals[k].raw)} (${totals[k].files})`;
  const jsCss = totals.JS.wire + totals.CSS.wire;
  const jsCssRaw = totals.JS.raw + totals.CSS.raw;
  return [
    label.padEnd(34),
    cell('JS').padEnd(28),
    cell('CSS').padEnd(26),
    cell('font').padEnd(22),
    cell('JSON').padEnd(26),
    `${kb(jsCss)} / ${kb(jsCssRaw)}`.padEnd(22),
    lcpMs === null ? '-' : `${Math.round(lcpMs)} ms`,
  ].join(' ');
}

/** /login's LCP in `loads` fresh contexts (nothing cached), one after the other. */
async function loginLcps(browser: Browser, baseURL: string, loads: number) {
  const out: number[] = [];
  for (let i = 0; i < loads; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    await context.addInitScript(LCP_SCRIPT);
    const page = await context.newPage();
    await page.goto(`${baseURL}/login`, { waitUntil: 'networkidle' });
    await page.getByLabel('Username').waitFor();
    out.push((await lcp(page)) ?? Number.NaN);
    await context.close();
  }
  return out;
}

/** The figures against their targets: JS + CSS of each page, /login's LCP over the cold loads. */
function reportFigures(
  report: BenchReport,
  m: {
    loginTotals: Totals;
    afterTotals: Totals;
    coldTotals: Totals;
    loginLcp: number | null;
    coldLcp: number | null;
    lcps: number[];
  },
) {
  const { loginTotals, afterTotals, coldTotals, loginLcp, coldLcp, lcps } = m;
  const jsCss = (t: Totals) => ({ wire: t.JS.wire + t.CSS.wire, raw: t.JS.raw + t.CSS.raw });
  const bytes = (t: Totals) =>
    `${kb(jsCss(t).wire)} compressed / ${kb(jsCss(t).raw)} raw (JS ${kb(t.JS.wire)} + CSS ${kb(t.CSS.wire)}; ${t.JS.files + t.CSS.files} files)`;
  report.row(
    '/login JS + CSS, nothing cached',
    '≤ 150 KB compressed',
    bytes(loginTotals),
    jsCss(loginTotals).wire <= 150 * 1024,
  );
  report.row(
    '/institution JS + CSS after sign-in',
    '≤ 200 KB compressed',
    bytes(afterTotals),
    jsCss(afterTotals).wire <= 200 * 1024,
  );
  report.row('/institution JS + CSS, cold (signed in, nothing cached)', '', bytes(coldTotals));
  const fast = lcps.filter((ms) => ms <= 1000).length;
  report.row(
    `/login LCP, ${lcps.length} cold loads`,
    `≤ 1 s in ${lcps.length} of ${lcps.length}`,
    `${fast} of ${lcps.length} ≤ 1 s: ${lcps.map((ms) => `${Math.round(ms)}`).join(' / ')} ms (before them, the bytes load, the first after the start: ${loginLcp === null ? '-' : Math.round(loginLcp)} ms)`,
    fast === lcps.length,
  );
  report.row('/institution LCP, cold (signed in)', '', coldLcp === null ? '-' : `${Math.round(coldLcp)} ms`);
  report.note(
    'compressed: bytes on the wire, response headers included (about 1 KB a file); raw: decoded bodies',
  );
}

async function main() {
  const verbose = process.argv.includes('--files');
  const report = new BenchReport(
    'web-bytes',
    'Web bytes and LCP: `npm start`, headless Chromium on loopback, JS + CSS compressed (on the wire) / raw',
  );
  const app = await startApp();
  const browser = await launchChromium();
  const lines: string[] = [];
  try {
    // 1. /login, nothing cached, then sign in through the form and land on /institution
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    await context.addInitScript(LCP_SCRIPT);
    const page = await context.newPage();
    let net = await recordNetwork(context, page);
    await page.goto(`${app.baseURL}/login`, { waitUntil: 'networkidle' });
    await page.getByLabel('Username').waitFor();
    const loginLcp = await lcp(page);
    await net.stop();
    lines.push(row('/login (cold)', net.totals, loginLcp));
    const loginTotals = net.totals;
    const loginFiles = net.files;

    net = await recordNetwork(context, page);
    await page.getByLabel('Username').fill('registrar');
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/institution'));
    await page.locator('header').first().waitFor();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await net.stop();
    lines.push(row('/institution after sign-in', net.totals, null));
    const afterTotals = net.totals;
    const afterFiles = net.files;
    const token = await page.evaluate(() => sessionStorage.getItem('cwa.token'));
    await context.close();

    // 2. /institution in a fresh context (nothing cached), already signed in
    const cold = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    await cold.addInitScript(LCP_SCRIPT);
    await cold.addInitScript((t) => {
      if (t) sessionStorage.setItem('cwa.token', t);
    }, token);
    const coldPage = await cold.newPage();
    net = await recordNetwork(cold, coldPage);
    await coldPage.goto(`${app.baseURL}/institution`, { waitUntil: 'networkidle' });
    await coldPage.locator('header').first().waitFor();
    await coldPage.getByRole('heading', { level: 1 }).first().waitFor();
    await coldPage.waitForLoadState('networkidle');
    const coldLcp = await lcp(coldPage);
    await net.stop();
    lines.push(row('/institution (cold, signed in)', net.totals, coldLcp));
    const coldTotals = net.totals;
    await cold.close();
    const lcps = await loginLcps(browser, app.baseURL, LCP_LOADS);

    console.log('bytes are compressed (on the wire, CDP encodedDataLength) / raw (decoded), (files)');
    console.log(
      [
        'page'.padEnd(34),
        'JS'.padEnd(28),
        'CSS'.padEnd(26),
        'fonts'.padEnd(22),
        'API (fetch/XHR)'.padEnd(26),
        'JS + CSS'.padEnd(22),
        'LCP',
      ].join(' '),
    );
    for (const l of lines) console.log(l);
    reportFigures(report, { loginTotals, afterTotals, coldTotals, loginLcp, coldLcp, lcps });
    if (verbose) {
      console.log('\n/login files:');
      for (const f of loginFiles) console.log(`  ${f}`);
      console.log('\n/institution after sign-in files:');
      for (const f of afterFiles) console.log(`  ${f}`);
    }
  } finally {
    await browser.close();
    await app.stop();
  }
  report.finish();
}

await main();
