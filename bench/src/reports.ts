/**
 * Reports at scale (issue 14, "Speed"): a generated campaign of 200 creators, 2,000 approved posts, 1,000,000
 * clicks and 50,000 conversions on PostgreSQL, then
 *  - the campaign report API (GET /api/v1/campaign/:id/report) under 8 concurrent clients: p50/p95/p99;
 *  - the tracked-link redirect (GET /r/{code}, each visit a stored click) against a bare Fastify route
 *    answering the same 302 in its own process, both with autocannon in the same run: throughput and ratio,
 *    for one browser visiting again and again (every visit after the first a repeat) and for a new browser at
 *    every visit (a user agent of its own each: every click a unique one), the bare route sent the same
 *    requests; the server's and the database's CPU per request.
 *
 *   npm run reports -w @reach/bench -- [--seconds 15] [--clients 8] [--connections 16] [--keep] [--database <url>]
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres): a scratch database is created
 * there and dropped at the end — kept with --keep (its URL is printed), so that --database <url> measures it
 * again without generating the data anew (profiling, a second run on a quieter machine).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  cpuMs,
  databaseCpu,
  databaseCpuSince,
  freePort,
  login,
  machine,
  option,
  resultsDir,
  root,
  type Server,
  scratchPostgres,
  startServer,
} from './lib';

const seconds = Number(option('seconds', '15'));
const clients = Number(option('clients', '8'));
const connections = Number(option('connections', '16'));
const keep = process.argv.includes('--keep');
const reuse = option('database', '');
const CREATORS = 200;
const POSTS_PER_CREATOR = 10;
const CLICKS = 1_000_000;
const CONVERSIONS = 50_000;
const REPORT_TARGET_P95_MS = 300;

type Pg = import('pg').Client;

async function timed<T>(label: string, fn: () => Promise<T>, log: string[]): Promise<T> {
  const started = performance.now();
  const value = await fn();
  const ms = Math.round(performance.now() - started);
  log.push(`| ${label} | ${(ms / 1000).toFixed(1)} s |`);
  console.log(`${label}: ${ms} ms`);
  return value;
}

/** The campaign, its creators, links, posts (paid from the ledger), clicks and conversions, and the rollups. */
async function generate(db: Pg, log: string[]) {
  const business = await db.query<{ id: string }>(
    `SELECT b.id FROM businesses b JOIN users u ON u.id = b.user_id WHERE u.email = 'pro@reach.local'`,
  );
  const businessId = Number(business.rows[0]?.id);
  const campaign = await db.query<{ id: string }>(
    `INSERT INTO campaigns (business_id, type_id, status, title, url_tracking, tracker_url, total_budget_cents,
       amount_per_post_cents, published_at)
     VALUES ($1, 2, 'active', 'Bench: report at scale', true, 'https://shop.example/bench?ref=reach', 100000000,
       5000, now()) RETURNING id`,
    [businessId],
  );
  const campaignId = Number(campaign.rows[0]?.id);
  await timed(
    `${CREATORS} creators, connections and links`,
    async () => {
      await db.query(
        `INSERT INTO users (type, email, username, given_name, family_name)
         SELECT 'influencer', 'bench-creator-' || g || '@reach.local', 'bench_creator_' || g, 'Creator', 'Bench ' || g
         FROM generate_series(1, $1::int) g`,
        [CREATORS],
      );
      await db.query(
        `INSERT INTO connections (business_id, campaign_id, influencer_user_id, status, initiated_by)
         SELECT $1, $2, id, 'accepted', 'business' FROM users WHERE email LIKE 'bench-creator-%'`,
        [businessId, campaignId],
      );
      await db.query(
        `INSERT INTO tracked_links (code, business_id, campaign_id, influencer_user_id, connection_id)
         SELECT 'benchlink' || lpad(id::text, 8, '0'), business_id, campaign_id, influencer_user_id, id
         FROM connections WHERE campaign_id = $1`,
        [campaignId],
      );
    },
    log,
  );
  await timed(
    `${CREATORS * POSTS_PER_CREATOR} approved posts with metrics, each paid in the ledger`,
    async () => {
      await db.query(
        `INSERT INTO posts (connection_id, campaign_id, business_id, influencer_user_id, platform, post_url, source,
           status, submitted_at, likes, comments, shares, saves, video_views, impressions, reach, metrics_source,
           metrics_method, metrics_fetched_at)
         SELECT c.id, c.campaign_id, c.business_id, c.influencer_user_id,
           (ARRAY['instagram', 'tiktok', 'youtube'])[1 + g % 3], 'https://example.com/bench/' || c.id || '/' || g,
           'submitted', 'approved', now() - (g * 5 || ' days')::interval,
           (random() * 5000)::int, (random() * 300)::int, (random() * 100)::int, (random() * 200)::int,
           CASE WHEN g % 3 = 0 THEN NULL ELSE (random() * 50000)::int END,
           CASE WHEN g % 2 = 0 THEN (random() * 80000)::int END, (random() * 60000)::int,
           'estimated', 'Generated by the reports benchmark', now()
         FROM connections c CROSS JOIN generate_series(1, $2::int) g WHERE c.campaign_id = $1`,
        [campaignId, POSTS_PER_CREATOR],
      );
      await db.query(
        `INSERT INTO ledger_transactions (idempotency_key, kind, amount_cents, description, business_id, campaign_id,
           influencer_user_id, reference_type, reference_id)
         SELECT 'bench:post:' || id, 'post_payment', 5000, 'Bench post', business_id, campaign_id,
           influencer_user_id, 'post', id
         FROM posts WHERE campaign_id = $1`,
        [campaignId],
      );
    },
    log,
  );
  const links = (
    await db.query<{ id: string; influencer_user_id: string }>(
      'SELECT id, influencer_user_id FROM tracked_links WHERE campaign_id = $1 ORDER BY id',
      [campaignId],
    )
  ).rows;
  const linkIds = links.map((l) => l.id);
  // One statement, in time order, with click ids made as the redirect makes them (UUID v7: the time first):
  // the primary key, the click id and (campaign, time) indexes then grow at their ends.
  await timed(
    `${CLICKS.toLocaleString('en-US')} clicks over 60 days (3% bots, a fifth repeats)`,
    async () => {
      await db.query(
        `INSERT INTO link_clicks (click_id, link_id, campaign_id, business_id, clicked_at, platform, referrer_host,
           visitor_hash, is_unique, is_bot)
         SELECT (lpad(to_hex((extract(epoch FROM at) * 1000)::bigint), 12, '0') || '7' || substr(h, 1, 3) || '8'
             || substr(h, 4, 15))::uuid,
           ($3::bigint[])[1 + g % $4], $1, $2, at, (ARRAY['ios', 'android', 'desktop', 'other'])[1 + g % 4],
           'l.instagram.com', md5(g::text) || md5((g + 7)::text), (g % 5 <> 0 AND g % 33 <> 0), g % 33 = 0
         FROM (
           SELECT g, now() - random() * interval '60 days' AS at, md5('click' || g) AS h
           FROM generate_series(1, $5::int) g
         ) c
         ORDER BY at`,
        [campaignId, businessId, linkIds, linkIds.length, CLICKS],
      );
    },
    log,
  );
  await timed(
    `${CONVERSIONS.toLocaleString('en-US')} attributed conversions (a tenth in EUR)`,
    async () => {
      await db.query(
        `INSERT INTO conversions (business_id, order_id, amount_cents, currency, occurred_at, source, request_hash,
           attributed_via, campaign_id, influencer_user_id, attribution_window_days)
         SELECT $1, 'bench-' || g, 1000 + (random() * 20000)::int, CASE WHEN g % 10 = 0 THEN 'EUR' ELSE 'USD' END,
           now() - random() * interval '60 days', 'api', md5(g::text) || md5(g::text),
           CASE WHEN g % 2 = 0 THEN 'code' ELSE 'click' END, $2, ($3::bigint[])[1 + g % $4], 30
         FROM generate_series(1, $5::int) g`,
        [businessId, campaignId, links.map((l) => l.influencer_user_id), links.length, CONVERSIONS],
      );
    },
    log,
  );
  // Rows written by SQL rather than through recordClick/recordConversion: their rollups are filled by the
  // migration's backfill query (the incremental path is checked against a recount in reports.test.ts).
  await timed(
    'rollups of those rows (the migrations’ backfill queries)',
    async () => {
      await db.query(
        `INSERT INTO attribution_click_days
           (campaign_id, influencer_user_id, business_id, day, clicks, unique_clicks, bot_clicks)
         SELECT l.campaign_id, l.influencer_user_id, l.business_id, (k.clicked_at AT TIME ZONE 'UTC')::date,
           count(*) FILTER (WHERE NOT k.is_bot), count(*) FILTER (WHERE k.is_unique AND NOT k.is_bot),
           count(*) FILTER (WHERE k.is_bot)
         FROM link_clicks k JOIN tracked_links l ON l.id = k.link_id WHERE k.campaign_id = $1
         GROUP BY 1, 2, 3, 4`,
        [campaignId],
      );
      await db.query(
        `INSERT INTO attribution_conversion_days
           (campaign_id, influencer_user_id, business_id, day, currency, conversions, revenue_cents)
         SELECT campaign_id, influencer_user_id, business_id, (occurred_at AT TIME ZONE 'UTC')::date, currency,
           count(*), sum(amount_cents)
         FROM conversions WHERE campaign_id = $1 GROUP BY 1, 2, 3, 4, 5`,
        [campaignId],
      );
      // The per-creator totals and the per-campaign days, from the daily rows, as migration 0025 fills them — by
      // that migration itself when the server started first is a baseline from before it (--baseline).
      const totals = await db.query<{ present: boolean }>(
        `SELECT to_regclass('attribution_click_totals') IS NOT NULL AS present`,
      );
      if (totals.rows[0]?.present) await fillTotals(db, campaignId);
      await db.query('ANALYZE');
    },
    log,
  );
  return { campaignId };
}

/** Migration 0025's backfill of the per-creator and per-campaign-day rollups, for one campaign. */
async function fillTotals(db: Pg, campaignId: number) {
  await db.query(
    `INSERT INTO attribution_click_totals
           (campaign_id, influencer_user_id, business_id, clicks, unique_clicks, bot_clicks)
         SELECT campaign_id, influencer_user_id, min(business_id), sum(clicks), sum(unique_clicks), sum(bot_clicks)
         FROM attribution_click_days WHERE campaign_id = $1 GROUP BY 1, 2`,
    [campaignId],
  );
  await db.query(
    `INSERT INTO attribution_campaign_click_days (campaign_id, day, clicks, unique_clicks, bot_clicks)
         SELECT campaign_id, day, sum(clicks), sum(unique_clicks), sum(bot_clicks)
         FROM attribution_click_days WHERE campaign_id = $1 GROUP BY 1, 2`,
    [campaignId],
  );
  await db.query(
    `INSERT INTO attribution_conversion_totals
           (campaign_id, influencer_user_id, business_id, currency, conversions, revenue_cents)
         SELECT campaign_id, influencer_user_id, min(business_id), currency, sum(conversions), sum(revenue_cents)
         FROM attribution_conversion_days WHERE campaign_id = $1 GROUP BY 1, 2, 4`,
    [campaignId],
  );
  await db.query(
    `INSERT INTO attribution_campaign_conversion_days (campaign_id, day, currency, conversions, revenue_cents)
         SELECT campaign_id, day, currency, sum(conversions), sum(revenue_cents)
         FROM attribution_conversion_days WHERE campaign_id = $1 GROUP BY 1, 2, 3`,
    [campaignId],
  );
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** `clients` loops requesting `url` for `seconds` (at most 20,000 requests): latencies in ms. */
async function loop(url: string, token: string) {
  const latencies: number[] = [];
  let failures = 0;
  const deadline = Date.now() + seconds * 1000;
  const worker = async () => {
    while (Date.now() < deadline && latencies.length + failures < 20_000) {
      const started = performance.now();
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      if (res.ok) latencies.push(performance.now() - started);
      else failures++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    failures,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

/** A bare Fastify server in its own process answering GET /r/:code with the same kind of 302. */
async function bareFastify(): Promise<{ url: string; pid: number | undefined; stop(): Promise<void> }> {
  const port = await freePort();
  const script = `
    import Fastify from 'fastify';
    const app = Fastify({ logger: false });
    app.get('/r/:code', async (request, reply) =>
      reply.redirect('https://shop.example/bench?ref=reach&utm_source=reach&rc_id=' + request.params.code, 302));
    await app.listen({ host: '127.0.0.1', port: ${port} });
  `;
  const child: ChildProcess = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: path.join(root, 'apps/api'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the bare Fastify server exited');
    if (Date.now() > deadline) throw new Error('the bare Fastify server did not start');
    try {
      await fetch(`${url}/r/x`, { redirect: 'manual' });
      break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

const USER_AGENT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';
let browsers = 0;

/**
 * autocannon on `url`: every request from the same browser (one user agent, one address), or with `newBrowsers`
 * each from a browser never seen (a user agent of its own: another visitor hash, so a unique click).
 */
async function cannon(url: string, method: 'GET' | 'HEAD' = 'GET', newBrowsers = false) {
  const result = await autocannon({
    url,
    method,
    connections,
    duration: seconds,
    headers: { 'user-agent': USER_AGENT },
    ...(newBrowsers
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                headers: { ...request.headers, 'user-agent': `${USER_AGENT} visitor/${++browsers}` },
              }),
            },
          ],
        }
      : {}),
  });
  return {
    rps: Math.round(result.requests.average),
    answered: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    statuses: `${result['3xx'] ?? 0} × 3xx, ${result['2xx']} × 2xx, ${result['4xx'] + result['5xx']} × 4xx/5xx`,
    bad: result['4xx'] + result['5xx'] + result.errors + result.timeouts,
  };
}

/** The pid of the REACH server listening on `url`'s port (a process of ours running server.ts with that PORT). */
function serverPid(url: string): number | undefined {
  const port = new URL(url).port;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('apps/api/src/server.ts')) continue;
      if (fs.readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(`PORT=${port}`))
        return Number(entry);
    } catch {}
  }
  return undefined;
}

type Cannon = Awaited<ReturnType<typeof cannon>> & {
  cpuUsPerRequest: number;
  mainUsPerRequest?: number;
  dbUsPerRequest?: number;
};

/**
 * CPU time (user + system, ms) of a process's main thread (/proc/<pid>/task/<pid>/stat, in ticks of 1/100 s as
 * lib.ts's cpuMs reads them): the thread that answers every request, where the click worker and V8's helpers
 * run beside it.
 */
function mainThreadCpuMs(pid: number | undefined): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}
type Measured = {
  label: string;
  loadBefore: number[];
  report: Awaited<ReturnType<typeof loop>> & { cpuMsPerRequest: number };
  redirect: Cannon;
  head: Cannon;
  bare: Cannon;
  fresh: Cannon;
  bareFresh: Cannon;
  loadAfter: number[];
};

/** `run`, with the CPU `pid` used during it per answered request. */
async function withCpu<T extends { answered: number }>(pid: number | undefined, run: () => Promise<T>) {
  const before = cpuMs(pid, Number.NaN);
  const result = await run();
  return { result, cpuMsPerRequest: (cpuMs(pid, Number.NaN) - before) / Math.max(1, result.answered) };
}

/**
 * Visits of the REACH server with the CPU per answer of the server (every thread: the click worker's too) and of
 * the database's backends, counted until the clicks answered are stored (the last batches follow the load).
 */
async function visits(
  pid: number | undefined,
  database: { name: string; storedClicks(): Promise<number> },
  run: () => ReturnType<typeof cannon>,
): Promise<Cannon> {
  const stored = await database.storedClicks();
  const db = databaseCpu(database.name);
  const server = cpuMs(pid, Number.NaN);
  const main = mainThreadCpuMs(pid);
  const result = await run();
  const mainAfter = mainThreadCpuMs(pid);
  for (let i = 0; i < 100 && (await database.storedClicks()) - stored < result.answered; i++)
    await new Promise((r) => setTimeout(r, 100));
  const per = (ms: number) => (ms * 1000) / Math.max(1, result.answered);
  return {
    ...result,
    cpuUsPerRequest: per(cpuMs(pid, Number.NaN) - server),
    mainUsPerRequest: per(mainAfter - main),
    dbUsPerRequest: per(databaseCpuSince(database.name, db)),
  };
}

/**
 * One server's figures: the report under `clients` loops, then its redirect and a bare Fastify's, in turn: one
 * browser visiting again and again, then a new browser at every visit, then HEAD.
 */
async function measure(
  server: Server,
  label: string,
  campaignId: number,
  code: string,
  database: { name: string; storedClicks(): Promise<number> },
): Promise<Measured> {
  const pid = serverPid(server.url);
  const token = await login(server.url, 'pro@reach.local');
  const reportUrl = `${server.url}/api/v1/campaign/${campaignId}/report`;
  const first = await fetch(reportUrl, { headers: { authorization: `Bearer ${token}` } });
  if (!first.ok) throw new Error(`${label} report: ${first.status} ${await first.text()}`);
  await first.arrayBuffer();
  const loadBefore = os.loadavg();
  const report = await withCpu(pid, async () => {
    const r = await loop(reportUrl, token);
    return { ...r, answered: r.requests };
  });
  console.log(
    `${label} report: p95 ${report.result.p95.toFixed(1)} ms over ${report.result.requests} requests`,
  );
  const bare = await bareFastify();
  try {
    const us = (m: { cpuMsPerRequest: number }) => m.cpuMsPerRequest * 1000;
    const bareRun = async (newBrowsers: boolean) => {
      const m = await withCpu(bare.pid, () => cannon(`${bare.url}/r/${code}`, 'GET', newBrowsers));
      return { ...m.result, cpuUsPerRequest: us(m) };
    };
    const redirect = await visits(pid, database, () => cannon(`${server.url}/r/${code}`));
    const baseline = await bareRun(false);
    const fresh = await visits(pid, database, () => cannon(`${server.url}/r/${code}`, 'GET', true));
    const bareFresh = await bareRun(true);
    const head = await visits(pid, database, () => cannon(`${server.url}/r/${code}`, 'HEAD'));
    console.log(
      `${label} redirect ${redirect.rps} req/s, bare Fastify ${baseline.rps} req/s, ratio ${(redirect.rps / baseline.rps).toFixed(2)}; new browsers ${fresh.rps} against ${bareFresh.rps} req/s, ratio ${(fresh.rps / bareFresh.rps).toFixed(2)}; HEAD ${head.rps} req/s`,
    );
    return {
      label,
      loadBefore,
      report: { ...report.result, cpuMsPerRequest: report.cpuMsPerRequest },
      redirect,
      head,
      bare: baseline,
      fresh,
      bareFresh,
      loadAfter: os.loadavg(),
    };
  } finally {
    await bare.stop();
  }
}

const load = (l: number[]) => l.map((v) => v.toFixed(1)).join(', ');

async function main() {
  const pgLib = (await import('pg')).default;
  const baselineCheckout = option('baseline', '');
  const scratch = reuse
    ? { url: reuse, drop: async () => {} }
    : await scratchPostgres(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const setup: string[] = [];
  const env = { DATABASE_URL: scratch.url, DISCOVERY_SEED_SIZE: '1000' };
  let server: Server | undefined;
  let closeCounter = async () => {};
  const runs: Measured[] = [];
  try {
    // The baseline starts first: it migrates the scratch database up to its own last migration, and this
    // checkout's server adds its newer ones when it starts (the other way round the baseline would refuse).
    server = await timed(
      baselineCheckout
        ? 'baseline server start (migrations and demo data)'
        : 'server start (migrations and demo data)',
      () => startServer(env, baselineCheckout ? path.resolve(baselineCheckout) : undefined),
      setup,
    );
    const db: Pg = new pgLib.Client({ connectionString: scratch.url });
    await db.connect();
    let campaignId: number;
    let code: string;
    try {
      if (reuse) {
        const found = await db.query<{ id: string }>(
          `SELECT id FROM campaigns WHERE title = 'Bench: report at scale' ORDER BY id DESC LIMIT 1`,
        );
        if (!found.rows[0]) throw new Error(`no generated campaign in ${reuse}: run once with --keep`);
        campaignId = Number(found.rows[0].id);
        setup.push('| data generated by an earlier run (--database) | – |');
      } else ({ campaignId } = await generate(db, setup));
      code = (
        await db.query<{ code: string }>(
          'SELECT code FROM tracked_links WHERE campaign_id = $1 ORDER BY id LIMIT 1',
          [campaignId],
        )
      ).rows[0]?.code as string;
    } finally {
      await db.end();
    }
    const counter: Pg = new pgLib.Client({ connectionString: scratch.url });
    await counter.connect();
    closeCounter = () => counter.end();
    const database = {
      name: new URL(scratch.url).pathname.slice(1),
      storedClicks: async () =>
        Number(
          (await counter.query<{ n: string }>('SELECT coalesce(max(id), 0) AS n FROM link_clicks')).rows[0]
            ?.n,
        ),
    };
    if (baselineCheckout) {
      runs.push(await measure(server, 'baseline', campaignId, code, database));
      await server.stop();
      server = await timed('server start (this checkout’s newer migrations)', () => startServer(env), setup);
    }
    const token = await login(server.url, 'pro@reach.local');
    const first = await fetch(`${server.url}/api/v1/campaign/${campaignId}/report`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const report = (await first.json()) as {
      totals: { clicks: { total: number }; conversions: number; posts: number };
      creators: unknown[];
    };
    console.log(
      `report: ${report.creators.length} creators, ${report.totals.posts} posts, ${report.totals.clicks.total} clicks, ${report.totals.conversions} conversions`,
    );
    const current = await measure(server, 'this checkout', campaignId, code, database);
    runs.unshift(current);

    const reportRow = (m: Measured) =>
      `| ${m.label} | ${load(m.loadBefore)} | ${m.report.requests} | ${m.report.failures} | ${m.report.rps.toFixed(1)} | ${m.report.p50.toFixed(1)} | ${m.report.p95.toFixed(1)} | ${m.report.p99.toFixed(1)} | ${m.report.cpuMsPerRequest.toFixed(1)} | ${m.report.p95 <= REPORT_TARGET_P95_MS && m.report.failures === 0 ? 'yes' : 'no'} |`;
    const dbUs = (c: Cannon) => (c.dbUsPerRequest === undefined ? '–' : c.dbUsPerRequest.toFixed(0));
    const serverUs = (c: Cannon) =>
      c.mainUsPerRequest === undefined
        ? c.cpuUsPerRequest.toFixed(0)
        : `${c.cpuUsPerRequest.toFixed(0)} (${c.mainUsPerRequest.toFixed(0)})`;
    const row = (name: string, c: Cannon) =>
      `| ${name} | ${c.rps} | ${c.p50} | ${c.p99} | ${serverUs(c)} | ${dbUs(c)} | ${c.statuses} | ${c.errors} |`;
    const redirectRows = (m: Measured) => [
      row(`${m.label}: REACH GET /r/{code}, one browser again and again`, m.redirect),
      row(`${m.label}: bare Fastify GET /r/:code, right after`, m.bare),
      row(`${m.label}: REACH GET /r/{code}, a new browser at every visit`, m.fresh),
      row(`${m.label}: bare Fastify GET /r/:code, the same requests, right after`, m.bareFresh),
      row(`${m.label}: REACH HEAD /r/{code} (answered the same, no click stored)`, m.head),
    ];
    const ratioLine = (m: Measured) => {
      const again = m.redirect.rps / m.bare.rps;
      const fresh = m.fresh.rps / m.bareFresh.rps;
      const met = (ratio: number) => (ratio >= 0.5 ? 'met' : 'not met');
      return `- ${m.label}: **${again.toFixed(2)}** × the bare route with one browser (target ≥ 0.5: ${met(again)}), **${fresh.toFixed(2)}** × with a new browser at every visit (${met(fresh)}); load average ${load(m.loadAfter)} after`;
    };
    const file = path.join(resultsDir, 'reports-postgres.md');
    fs.mkdirSync(resultsDir, { recursive: true });
    fs.writeFileSync(
      file,
      [
        '# Reports and the tracked-link redirect — PostgreSQL',
        '',
        machine(),
        '- Load average: given (1, 5, 15 min) beside each measurement — other work on the machine competes with the server, the database and the load generator on the same 2 cores',
        '- The server is one process (`apps/api/src/server.ts` through tsx, as `bench/src/lib.ts` starts it) on a scratch PostgreSQL database; the load generator shares the machine.',
        baselineCheckout
          ? `- Baseline: ${option('baseline-label', `another checkout (\`--baseline ${baselineCheckout}\`)`)}, measured in the same run on the same data, before this checkout's server started.`
          : '',
        '',
        '## Data',
        '',
        `One campaign of business "pro": ${CREATORS} creators (accepted), ${(CREATORS * POSTS_PER_CREATOR).toLocaleString('en-US')} approved posts with metrics, each paid in the ledger, ${CLICKS.toLocaleString('en-US')} clicks over 60 days and ${CONVERSIONS.toLocaleString('en-US')} attributed conversions. The report read ${report.creators.length} creators, ${report.totals.posts.toLocaleString('en-US')} posts, ${report.totals.clicks.total.toLocaleString('en-US')} clicks by people and ${report.totals.conversions.toLocaleString('en-US')} conversions.`,
        '',
        '| Step | Time |',
        '|---|---:|',
        ...setup,
        '',
        '## Campaign report API',
        '',
        `GET /api/v1/campaign/{id}/report, ${clients} concurrent clients (each waits for its answer), ${seconds} s. Target: p95 ≤ ${REPORT_TARGET_P95_MS} ms.`,
        '',
        '| server | load average at start | requests | failures | req/s | p50 ms | p95 ms | p99 ms | server CPU ms per request | target met |',
        '|---|---|---:|---:|---:|---:|---:|---:|---:|---|',
        ...runs.map(reportRow),
        '',
        '## Redirect against a bare Fastify route',
        '',
        `autocannon, ${connections} connections, ${seconds} s each, in this run: GET /r/{code} of the REACH server (the link read through its few-second cache, the 302, the click stored in a batch after answering), then the same 302 from a Fastify app with one route in its own process; both again with a new browser at every visit (each request with a user agent of its own, so another visitor hash: every click is a unique one, where one browser's visits after its first are repeats); then HEAD /r/{code} of the REACH server (the same answer without a click: what the click's storage costs is the difference). Server CPU per request is the process's user + system time (/proc, every thread) over the answers, and in brackets its main thread's (the one that answers; the click worker and V8's collector threads run beside it); database CPU the same of the database's backends, read once the answered clicks are stored. Target: the redirect ≥ 0.5 × the bare route.`,
        '',
        '| Route | req/s | p50 ms | p99 ms | server CPU µs per request (main thread) | database CPU µs per request | answers | errors |',
        '|---|---:|---:|---:|---:|---:|---|---:|',
        ...runs.flatMap(redirectRows),
        '',
        ...runs.map(ratioLine),
        '',
      ]
        .filter((line, i, all) => line !== '' || all[i - 1] !== '')
        .join('\n'),
    );
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
    if (
      runs.some(
        (m) =>
          m.report.failures > 0 || [m.redirect, m.bare, m.fresh, m.bareFresh, m.head].some((c) => c.bad > 0),
      )
    )
      process.exitCode = 1;
  } finally {
    await closeCounter();
    await server?.stop();
    if (keep && !reuse) console.log(`kept the database: --database ${scratch.url}`);
    else await scratch.drop();
  }
}

await main();
