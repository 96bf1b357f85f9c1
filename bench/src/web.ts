/**
 * The web client's weight and Lighthouse scores: the production build's sizes (what the first page loads,
 * gzipped, and everything), then Lighthouse (performance, accessibility, best practices, SEO) on the public pages
 * and, signed in as the demo Pro business, on the business dashboard, discovery search, campaigns list and
 * posts, served by the real server in Debian's Chromium: the mobile profile on every page, the desktop profile
 * on the public pages.
 *
 *   npm run bench:web                                   (builds apps/web first)
 *   npm run bench:web -- --lighthouse 0                  (the sizes only; --pages /,/business: only these pages)
 *   npm run bench:web -- --baseline /tmp/wt              (also measures that checkout's apps/web/dist, already built,
 *                                                         e.g. a git worktree of the commit before a change)
 *   npm run bench:web -- --reports /tmp/lh                (keeps each run's Lighthouse report, JSON, in that folder)
 *   npm run bench:web -- --results /tmp/web.md            (writes the results there instead of bench/results/web.md)
 *   npm run bench:web -- --data /tmp/web-data             (each build's server keeps its data there across runs)
 *   npm run bench:web -- --rounds 2                       (baseline and this build in turn, twice)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { cpuMs, machine, option, resultsDir, root, type Server, settled, startServer } from './lib';

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

/** Issue 17's targets. */
const FIRST_LOAD_TARGET = 150 * 1024;
const TARGET: Record<string, number> = {
  '/': 95,
  '/auth/login': 95,
  '/business': 90,
  '/business/discovery/search': 90,
  '/business/campaigns': 90,
  '/business/posts': 90,
};
const TBT_TARGET_MS = 200;

const PUBLIC_PAGES = ['/', '/auth/login', '/auth/register'];
const SIGNED_IN_PAGES = ['/business', '/business/discovery/search', '/business/campaigns', '/business/posts'];
const SIGNED_IN_AS = 'pro@reach.local';
const DEMO_PASSWORD = 'reach-demo-2026';
/** Where the web client keeps the refresh token (apps/web/src/lib/session/token-store.ts). */
const REFRESH_KEY = 'reach.refresh-token';
/** And the cookie that tells the server the browser holds a session (apps/api/src/plugins/external/web-app.ts). */
const SIGNED_IN_COOKIE = 'reach-signed-in=1';

function bundle(dist: string) {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1] as string,
  );
  const assets = fs.readdirSync(path.join(dist, 'assets')).filter((f) => /\.(js|css)$/.test(f));
  const size = (file: string) => {
    const data = fs.readFileSync(path.join(dist, file));
    return { raw: data.length, gzip: zlib.gzipSync(data, { level: 9 }).length };
  };
  const sum = (files: string[]) =>
    files.map(size).reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip }), { raw: 0, gzip: 0 });
  const largest = assets
    .map((f) => ({ file: `assets/${f}`, ...size(`assets/${f}`) }))
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 8);
  return {
    initial: { files: initial.length, ...sum(initial) },
    all: { files: assets.length, ...sum(assets.map((f) => `assets/${f}`)) },
    largest,
  };
}

type Scores = Record<string, number>;
type Audit = {
  scores: Scores;
  lcp: number;
  tbt: number;
  cls: number;
  /** Main-thread work by category (ms, as Lighthouse reports it for the throttled profile). */
  mainThread: number;
  /** The longest main-thread tasks (ms) and what ran in them. */
  longTasks: { ms: number; url: string }[];
  warnings: string[];
  error?: string;
};

/** A refresh token of a fresh sign-in: the page renews the session with it, as a returning visitor's tab does. */
async function refreshToken(server: Server): Promise<string> {
  const res = await fetch(`${server.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: SIGNED_IN_AS, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${SIGNED_IN_AS}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { refresh_token: string }).refresh_token;
}

async function audit(server: Server, page: string, desktop: boolean, signedIn: boolean): Promise<Audit> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    if (signedIn) {
      // Sign in before Lighthouse loads the page: the refresh token in localStorage, which Lighthouse then keeps
      // (disableStorageReset). The page starts as a signed-in tab does: it renews the session, loads the user.
      const token = await refreshToken(server);
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const tab = await browser.newPage();
      await tab.goto(`${server.url}/favicon.svg`);
      await tab.evaluate(`localStorage.setItem(${JSON.stringify(REFRESH_KEY)}, ${JSON.stringify(token)})`);
      // And the cookie the app sets while it holds a session (token-store.ts), which the server reads.
      await tab.evaluate(
        `document.cookie = ${JSON.stringify(`${SIGNED_IN_COOKIE}; Path=/; Max-Age=31536000; SameSite=Lax`)}`,
      );
      await tab.close();
      await browser.disconnect();
    }
    const result = await lighthouse(
      `${server.url}${page}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        disableStorageReset: signedIn,
        // A busy machine (other work, the 4× CPU slowdown on top) can take long to paint: wait rather than fail.
        // A page whose network never goes quiet (a live stream Lighthouse counts as critical, as before 2026-11-25's
        // fix) is cut off after 90 s instead of 180 s, with Lighthouse's "loaded too slowly" warning in its row.
        maxWaitForFcp: 120_000,
        maxWaitForLoad: 90_000,
      },
      desktop ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`no Lighthouse result for ${page}`);
    // `--reports <dir>`: each run's full Lighthouse report (JSON) kept there, for the long tasks and the LCP element.
    const reports = option('reports', '');
    if (reports) {
      fs.mkdirSync(reports, { recursive: true });
      const name = `${new URL(server.url).port}${page.replaceAll('/', '_')}-${desktop ? 'desktop' : 'mobile'}.json`;
      fs.writeFileSync(path.join(reports, name), JSON.stringify(result.lhr));
    }
    const { categories, audits, runtimeError, runWarnings, finalDisplayedUrl } = result.lhr;
    const scores: Scores = {};
    for (const [id, c] of Object.entries(categories)) scores[id] = Math.round((c.score ?? 0) * 100);
    const warnings = runtimeError ? [] : [...runWarnings];
    // A signed-in page that sent the visitor elsewhere (to sign in) did not measure what it names.
    if (new URL(finalDisplayedUrl).pathname !== page) warnings.push(`ended on ${finalDisplayedUrl}`);
    const tasks = (
      audits['long-tasks']?.details as { items?: { duration: number; url: string }[] } | undefined
    )?.items;
    return {
      scores,
      lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbt: audits['total-blocking-time']?.numericValue ?? Number.NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      mainThread: audits['mainthread-work-breakdown']?.numericValue ?? Number.NaN,
      longTasks: (tasks ?? [])
        .slice(0, 3)
        .map((t) => ({ ms: Math.round(t.duration), url: t.url.replace(server.url, '') })),
      warnings,
      ...(runtimeError ? { error: runtimeError.code } : {}),
    };
  } finally {
    chrome.kill();
  }
}

/** `load`: the machine's 1-minute load average as the audit started (Lighthouse's timings grow with it). */
type Row = { build: string; page: string; form: string; load: number; r: Audit };

/** Waits (up to 10 minutes) until the process has used under 50 ms of CPU in each of 3 seconds in a row. */
async function quiet(pid: number) {
  const started = Date.now();
  await settled(pid);
  for (let calm = 0; calm < 3 && Date.now() - started < 600_000; ) {
    const before = cpuMs(pid);
    await new Promise((r) => setTimeout(r, 1000));
    calm = cpuMs(pid) - before < 50 ? calm + 1 : 0;
  }
  console.log(`server idle after ${Math.round((Date.now() - started) / 1000)} s`);
}

/** Lighthouse on every page of one build, served by a server of its checkout. */
async function lighthouseRuns(
  build: string,
  checkout: string,
  desktopToo: boolean,
  dataName: string,
): Promise<Row[]> {
  // `--data <dir>`: each build's server keeps its data in <dir>/<build> across runs (the discovery index written
  // once, by the first run), instead of a fresh directory each time.
  const data = option('data', '');
  const dataDir = data ? path.join(path.resolve(data), dataName) : undefined;
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const server = await startServer({ SEED_DEMO: '1' }, checkout, { dataDir });
  const rows: Row[] = [];
  try {
    // Start once the new server is idle, so that the pages' own requests are what is measured: a fresh data
    // directory has the rest of the discovery index written in the background (95,000 profiles in steps that each
    // hold PGlite's only connection), which took 3-4 minutes at load 10, longer than `settled` waits. Lighthouse
    // puts the server's answer times on the page's path: during that fill `POST /auth/refresh` took 1-11 s.
    await quiet(server.pid);
    // `--pages /,/business`: only these (a shorter run); every page by default.
    const only = option('pages', '').split(',').filter(Boolean);
    for (const page of [...PUBLIC_PAGES, ...SIGNED_IN_PAGES].filter(
      (p) => !only.length || only.includes(p),
    )) {
      const signedIn = SIGNED_IN_PAGES.includes(page);
      for (const desktop of desktopToo && !signedIn ? [false, true] : [false]) {
        // A run Lighthouse itself could not complete (e.g. NO_LCP) is retried once.
        let load = os.loadavg()[0] ?? Number.NaN;
        let r = await audit(server, page, desktop, signedIn);
        if (r.error) {
          load = os.loadavg()[0] ?? Number.NaN;
          r = await audit(server, page, desktop, signedIn);
        }
        rows.push({ build, page, form: desktop ? 'desktop' : 'mobile', load, r });
        console.log(
          build,
          page,
          desktop ? 'desktop' : 'mobile',
          `load ${load.toFixed(1)}`,
          JSON.stringify(r.scores),
          Math.round(r.tbt),
          r.error ?? '',
        );
      }
    }
  } finally {
    await server.stop();
  }
  return rows;
}

async function main() {
  const dist = path.join(root, 'apps', 'web', 'dist');
  if (!fs.existsSync(path.join(dist, 'index.html')))
    throw new Error('build the web app first: npm run build -w @reach/web');
  const baseline = option('baseline', '');
  const baseDist = baseline ? path.join(path.resolve(baseline), 'apps', 'web', 'dist') : '';
  if (baseline && !fs.existsSync(path.join(baseDist, 'index.html')))
    throw new Error(`build the baseline first: (cd ${baseline}/apps/web && npx vite build)`);

  const sizes = bundle(dist);
  const baseSizes = baseline ? bundle(baseDist) : null;
  console.log(`initial ${kb(sizes.initial.gzip)} gzip, all ${kb(sizes.all.gzip)} gzip`);
  if (baseSizes) console.log(`baseline initial ${kb(baseSizes.initial.gzip)} gzip`);

  const rows: Row[] = [];
  // `--lighthouse 0`: the sizes only (they are deterministic; Lighthouse's timings are not on a busy machine).
  const withLighthouse = option('lighthouse', '1') !== '0';
  // `--rounds <n>`: the baseline and this build in turn, n times (an interleaved A/B on a machine whose load
  // changes); the desktop profile in the first round only.
  const rounds = Math.max(1, Number(option('rounds', '1')));
  for (let round = 1; withLighthouse && round <= rounds; round++) {
    const label = (build: string) => (rounds > 1 ? `${build} (${round})` : build);
    if (baseline)
      rows.push(...(await lighthouseRuns(label('baseline'), path.resolve(baseline), false, 'baseline')));
    rows.push(...(await lighthouseRuns(label('this'), root, round === 1, 'this')));
  }

  const sizeRow = (label: string, s: ReturnType<typeof bundle>['initial'], target?: number) =>
    `| ${label} | ${s.files} | ${kb(s.raw)} | ${kb(s.gzip)} | ${target ? `≤ ${kb(target)}${s.gzip <= target ? ' ✓' : ' ✗'}` : ''} |`;
  const target = (page: string, form: string) =>
    form === 'mobile' && TARGET[page] ? `≥ ${TARGET[page]}, TBT ≤ ${TBT_TARGET_MS}` : '';
  // `--results <file>`: written there instead of bench/results/web.md (a quick run that must not replace it).
  const file = option('results', '') || path.join(resultsDir, 'web.md');
  fs.writeFileSync(
    file,
    [
      '# Web client — bundle size and Lighthouse',
      '',
      machine(),
      '- Build: `vite build` of apps/web (production). Sizes gzip level 9.',
      baseline
        ? `- Baseline: ${option('baseline-label', `the build of another checkout (\`--baseline ${baseline}\`, served by its own server)`)}, measured in the same run.`
        : '',
      "- Lighthouse 12 in Debian's Chromium (headless), default mobile profile (simulated slow 4G, 4× CPU slowdown) and the desktop profile, against the real server on loopback.",
      `- Signed-in pages: as ${SIGNED_IN_AS} (demo data), the refresh token in localStorage and the signed-in cookie before the load, as a returning visitor's new tab has them.`,
      '',
      '## Bundle',
      '',
      '| | files | raw | gzip | target |',
      '|---|---:|---:|---:|---|',
      ...(baseSizes
        ? [sizeRow('Baseline: first page load (entry script, its preloads, CSS)', baseSizes.initial)]
        : []),
      sizeRow('First page load (entry script, its preloads, CSS)', sizes.initial, FIRST_LOAD_TARGET),
      sizeRow('Every JS and CSS asset (all routes, lazily loaded)', sizes.all),
      '',
      'Largest assets:',
      '',
      '| asset | raw | gzip |',
      '|---|---:|---:|',
      ...sizes.largest.map(
        (a) => `| ${a.file.replace(/-[\w-]{8}\./, '-*.')} | ${kb(a.raw)} | ${kb(a.gzip)} |`,
      ),
      '',
      '## Lighthouse',
      '',
      "Main thread: Lighthouse's main-thread work (ms); long tasks: the three longest, with the script they ran. Load: the machine's 1-minute load average as the page's audit started.",
      '',
      '| build | page | profile | load | performance | target | accessibility | best practices | SEO | LCP ms | TBT ms | CLS | main thread ms | long tasks |',
      '|---|---|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---|',
      ...rows.map(({ build, page, form, load, r }) =>
        [
          build,
          page,
          `${form}${r.error ? ` (Lighthouse error ${r.error})` : ''}${r.warnings.length ? ` (${r.warnings.join('; ').slice(0, 160)})` : ''}`,
          load.toFixed(1),
          r.scores.performance,
          target(page, form),
          r.scores.accessibility,
          r.scores['best-practices'],
          r.scores.seo,
          Math.round(r.lcp),
          Math.round(r.tbt),
          r.cls.toFixed(3),
          Math.round(r.mainThread),
          r.longTasks.map((t) => `${t.ms} ${t.url.replace(/-[\w-]{8}\./, '-*.')}`).join(', '),
        ]
          .join(' | ')
          .replace(/^/, '| ')
          .concat(' |'),
      ),
      '',
    ]
      .filter((line, i, all) => !(line === '' && all[i - 1] === ''))
      .join('\n'),
  );
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

await main();
