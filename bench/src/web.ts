/**
 * The web client's weight and Lighthouse scores: the production build's sizes (what the first page loads,
 * gzipped, and everything), then Lighthouse (performance, accessibility, best practices, SEO; mobile and
 * desktop) on the public pages served by the real server, in Debian's Chromium.
 *
 *   npm run bench:web            (builds apps/web first)
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { machine, resultsDir, root, startServer } from './lib';

const dist = path.join(root, 'apps', 'web', 'dist');
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

function bundle() {
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
type Audit = { scores: Scores; lcp: number; tbt: number; cls: number; error?: string };
async function audit(url: string, desktop: boolean): Promise<Audit> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      },
      desktop ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const { categories, audits, runtimeError } = result.lhr;
    const scores: Scores = {};
    for (const [id, c] of Object.entries(categories)) scores[id] = Math.round((c.score ?? 0) * 100);
    return {
      scores,
      lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbt: audits['total-blocking-time']?.numericValue ?? Number.NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      ...(runtimeError ? { error: `${runtimeError.code}: ${runtimeError.message}` } : {}),
    };
  } finally {
    chrome.kill();
  }
}

async function main() {
  if (!fs.existsSync(path.join(dist, 'index.html')))
    throw new Error('build the web app first: npm run build -w @reach/web');
  const sizes = bundle();
  console.log(`initial ${kb(sizes.initial.gzip)} gzip, all ${kb(sizes.all.gzip)} gzip`);
  const server = await startServer({ SEED_DEMO: '0' });
  const audits: { page: string; form: string; r: Awaited<ReturnType<typeof audit>> }[] = [];
  try {
    for (const page of ['/', '/auth/login', '/auth/register']) {
      for (const desktop of [false, true]) {
        // A run Lighthouse itself could not complete (e.g. NO_LCP) is retried once.
        let r = await audit(`${server.url}${page}`, desktop);
        if (r.error) r = await audit(`${server.url}${page}`, desktop);
        audits.push({ page, form: desktop ? 'desktop' : 'mobile', r });
        console.log(page, desktop ? 'desktop' : 'mobile', JSON.stringify(r.scores));
      }
    }
  } finally {
    await server.stop();
  }
  const file = path.join(resultsDir, 'web.md');
  fs.writeFileSync(
    file,
    [
      '# Web client — bundle size and Lighthouse',
      '',
      machine(),
      '- Build: `vite build` of apps/web (production). Sizes gzip level 9.',
      "- Lighthouse 12 in Debian's Chromium (headless), default mobile profile (simulated slow 4G, 4× CPU slowdown) and the desktop profile, against the real server on loopback.",
      '',
      '## Bundle',
      '',
      '| | files | raw | gzip |',
      '|---|---:|---:|---:|',
      `| First page load (entry script, its preloads, CSS) | ${sizes.initial.files} | ${kb(sizes.initial.raw)} | ${kb(sizes.initial.gzip)} |`,
      `| Every JS and CSS asset (all routes, lazily loaded) | ${sizes.all.files} | ${kb(sizes.all.raw)} | ${kb(sizes.all.gzip)} |`,
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
      '| page | profile | performance | accessibility | best practices | SEO | LCP ms | TBT ms | CLS |',
      '|---|---|---:|---:|---:|---:|---:|---:|---:|',
      ...audits.map(
        ({ page, form, r }) =>
          `| ${page} | ${form}${r.error ? ` (Lighthouse error ${r.error})` : ''} | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ${Math.round(r.lcp)} | ${Math.round(r.tbt)} | ${r.cls.toFixed(3)} |`,
      ),
      '',
    ].join('\n'),
  );
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

await main();
