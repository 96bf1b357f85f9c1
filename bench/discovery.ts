/*
 * Discovery benchmark (issue 5): `npm run bench:discovery -- --size N --backend pglite|postgres`.
 *
 * Seeds N profiles into a fresh database (in-memory PGlite, or a new PostgreSQL database on BENCH_DATABASE_URL,
 * default postgres://postgres@127.0.0.1:5432/postgres, dropped afterwards), starts the real server
 * (apps/api/src/server.ts) in its own process on a local port,
 * signs in the demo business with plenty of credits, and sends a fixed mix of 20 realistic searches through
 * HTTP (bearer token, credit debit, cache write) with 8 concurrent clients. Every request's body is unique (the
 * follower cap varies by a few followers), so none is answered from the 24-hour cache. Writes p50/p95/p99 per
 * query and overall, plus the plan of each query that misses the target, to
 * bench/results/discovery-<backend>-<size>.md.
 *
 * PostgreSQL, seed once and measure many times: `--keep` keeps the scratch database (its URL printed; with
 * `--seed-only`, nothing else runs), `--database <url>` measures that one again without seeding.
 * `--database <url> --seed-only` seeds that database instead (created when missing) up to --size: a seed that
 * was stopped resumes where it stopped, and gets the indexes its bulk fill had dropped.
 * `--service-only N`: only one client, N requests per query, with the server's and the database backends' CPU
 * per request from /proc, then the same bodies again answered from the cache; `--before <checkout>` measures
 * that checkout's server first on the same database (the comparison in the same run), `--after <checkout>` another
 * checkout's instead of this one as the second; `--cpu-prof <dir>` runs
 * the servers with --cpu-prof. Written to bench/results/discovery-<backend>-<size>-one-client.md.
 *
 * Lookalikes (issue 17): every run ends with the recall of the lookalike search (the share of the exact top 15
 * found, 100 random targets, without and with the `female` filter). `--lookalikes` measures only them: 8
 * clients, one request per random target, with the lookalike lists and then without them (the centres set
 * aside for the run: the exact GiST KNN of the untrained index, the ranking before migration 0027), server and
 * database CPU per request, and the recall; written to bench/results/discovery-<backend>-<size>-lookalikes.md.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type DiscoverySearchBody, discoverySearchBody } from '@reach/contract/discovery';
import { sql } from 'kysely';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/database';
import { migrateToLatest } from '../apps/api/src/db/migrate';
import { seedDemoData } from '../apps/api/src/db/seed/demo';
import { seedReferenceData } from '../apps/api/src/db/seed/reference';
import { createAuthService } from '../apps/api/src/modules/auth/service';
import { countLookalikeLists, seedInfluencerIndex } from '../apps/api/src/modules/discovery/generator';
import { createLocalProvider } from '../apps/api/src/modules/discovery/local';
import {
  cpuMs,
  databaseCpu,
  databaseCpuSince,
  login,
  type Server,
  scratchPostgres,
  settled,
  startServer,
} from './src/lib';
import { lookalikeBody, lookalikeRecall, lookalikeTargets, type Recall } from './src/lookalikes';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const size = Number(arg('size', '100000'));
const backend = arg('backend', 'pglite');
const clients = Number(arg('clients', '8'));
const perQuery = Number(arg('requests', '40'));
/** --keep: the PostgreSQL database is kept (its URL printed) so that --database <url> measures it again unseeded. */
const keep = args.includes('--keep');
const reuse = args.includes('--database') ? arg('database', '') : '';
/** --seed-only: seed (with --keep) and stop. */
const seedOnly = args.includes('--seed-only');
/** --service-only N: only the one-client service time, N requests per query (with CPU per request). */
const serviceOnly = Number(arg('service-only', '0'));
/** --before <checkout>: that checkout's server is measured first (one client), on the same database. */
const before = arg('before', '');
/**
 * --after <checkout>: the server measured after it (default: this checkout): a worktree of a commit plus one
 * change, when this checkout holds other work in progress.
 */
const after = path.resolve(arg('after', path.resolve(import.meta.dirname, '..')));
/** --cpu-prof <dir>: the servers run with --cpu-prof (profiles written in <dir>/before|after when they stop). */
const cpuProfDir = arg('cpu-prof', '');
/** --lookalikes: only the lookalike searches (with and without the lists) and their recall. */
const lookalikesOnly = args.includes('--lookalikes');
/**
 * --no-exact: with --lookalikes, no latency runs of the exact KNN (the centres set aside): at 10M a filtered
 * exact KNN takes seconds a request. The recall still compares with the exact rows.
 */
const noExact = args.includes('--no-exact');
const RECALL_TARGETS = 100;
const profileArgs = (label: string) =>
  cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(cpuProfDir, label)] : [];
const ROOT = path.resolve(import.meta.dirname, '..');
if (!Number.isInteger(size) || size < 1000 || !['pglite', 'postgres'].includes(backend)) {
  console.error(
    'Usage: npm run bench:discovery -- --size N (≥ 1000) --backend pglite|postgres [--clients 8] [--requests 40] [--keep] [--seed-only] [--database <url>] [--service-only N] [--before <checkout>] [--cpu-prof <dir>] [--lookalikes [--no-exact]]',
  );
  process.exit(2);
}
if (lookalikesOnly && backend !== 'postgres') {
  console.error('--lookalikes measures a PostgreSQL database (the bench reads it beside the server)');
  process.exit(2);
}
const TARGET_P95 = 50;
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

class SeedOnly extends Error {}

async function stopServer() {
  const running = server;
  server = undefined;
  await running?.stop();
}
const TARGET_P99 = 150;
const TARGET_RECALL = 0.9;

/** Recall of the lookalike search on RECALL_TARGETS random targets, without and with the female filter. */
async function measureRecall(): Promise<{ none: Recall; female: Recall }> {
  const d = await openDatabase({ url, dataDir, poolSize: 2 });
  try {
    const local = createLocalProvider(d.db, d.backend);
    const targets = await lookalikeTargets(d.db, size, RECALL_TARGETS);
    const none = await lookalikeRecall(d.db, local, targets, false);
    const female = await lookalikeRecall(d.db, local, targets, true);
    for (const [name, r] of [
      ['no filter', none],
      ['female', female],
    ] as const)
      log(
        `lookalike recall, ${name}: ${r.recall.toFixed(3)} (worst target ${r.worst.toFixed(2)}) over ${r.targets} targets; median exact KNN ${r.exactMs.toFixed(1)} ms, search ${r.searchMs.toFixed(1)} ms`,
      );
    return { none, female };
  } finally {
    await d.close();
  }
}

const recallLines = (r: { none: Recall; female: Recall }) => [
  `Recall of the lookalike search (the share of the exact top 15 found: GiST KNN over every row, the filter applied), ${r.none.targets} random targets, one client, through the provider:`,
  '',
  '| Filter | recall | worst target | median exact KNN (ms) | median search (ms) | target ≥ 0.9 |',
  '|---|---|---|---|---|---|',
  ...(
    [
      ['none', r.none],
      ['gender female', r.female],
    ] as const
  ).map(
    ([name, x]) =>
      `| ${name} | ${x.recall.toFixed(3)} | ${x.worst.toFixed(2)} | ${x.exactMs.toFixed(1)} | ${x.searchMs.toFixed(1)} | ${x.recall >= TARGET_RECALL ? 'met' : '**missed**'} |`,
  ),
  '',
];

const log = (...m: unknown[]) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...m);

/** A checkout as the results name it: its commit, and whether files differ from it. */
function checkoutName(dir: string): string {
  const git = (...a: string[]) =>
    spawnSync('git', ['-C', dir, ...a], { encoding: 'utf8' }).stdout?.trim() ?? '';
  const changed = git('status', '--short', '--untracked-files=no');
  return `${dir === ROOT ? 'this checkout' : dir} (${git('rev-parse', '--short', 'HEAD') || 'unknown commit'}${changed ? `, with ${changed.split('\n').length} files changed` : ''})`;
}

/**
 * Writes a run's section to a results file, earlier runs kept below it: the file's title line (`# …`) stays
 * first, then this run (its own title line left out when the file has one), then what the file held before.
 */
function writeResults(out: string, lines: string[]) {
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const earlier = fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : '';
  const [title, ...rest] = earlier.split('\n');
  const kept = title?.startsWith('# ') ? rest.join('\n') : earlier;
  const head = title?.startsWith('# ') ? [title, ''] : [];
  const run = title?.startsWith('# ') && lines[0]?.startsWith('# ') ? lines.slice(1) : lines;
  const text = [...head, ...run, '', kept.replace(/^\n+/, '')].join('\n');
  fs.writeFileSync(out, `${text.replace(/\n+$/, '')}\n`);
}

// ── database ────────────────────────────────────────────────────────────────────────────────────────────────
let dropDatabase = async () => {};
let url: string | undefined;
/** The database named by --database (with --seed-only): created when missing. */
async function ensureDatabase(target: string) {
  const name = new URL(target).pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`--database: a plain lower-case name, not ${name}`);
  const pg = (await import('pg')).default;
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(target), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!found.rowCount) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
}

/**
 * The influencer_index indexes a freshly migrated database has (name and definition): a seed stopped during
 * its bulk fill (which drops them and builds them at the end) left them out.
 */
async function migratedIndexes(target: string): Promise<{ name: string; def: string }[]> {
  const scratch = await scratchPostgres(Object.assign(new URL(target), { pathname: '/postgres' }).toString());
  try {
    const fresh = await openDatabase({ url: scratch.url, dataDir: os.tmpdir(), poolSize: 1 });
    try {
      await migrateToLatest(fresh.db);
      return (
        await sql<{ name: string; def: string }>`
          SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE tablename = 'influencer_index'`.execute(
          fresh.db,
        )
      ).rows;
    } finally {
      await fresh.close();
    }
  } finally {
    await scratch.drop();
  }
}

const resumeSeed = backend === 'postgres' && !!reuse && seedOnly;
if (backend === 'postgres' && reuse) {
  url = reuse;
  if (resumeSeed) await ensureDatabase(reuse);
} else if (backend === 'postgres') {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const scratch = await scratchPostgres(adminUrl);
  url = scratch.url;
  dropDatabase = keep
    ? async () => console.log(`kept the database: --database ${scratch.url}`)
    : scratch.drop;
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reach-bench-'));
let database = await openDatabase({ url, dataDir, poolSize: 10 });
let server: Server | undefined;
let exitCode = 0;
try {
  await migrateToLatest(database.db);
  let seedMs = Number.NaN;
  if (!reuse || resumeSeed) {
    await seedReferenceData(database.db);
    log(`seeding ${size.toLocaleString('en-US')} profiles on ${backend}…`);
    const seedStarted = Date.now();
    await seedInfluencerIndex(database.db, size, (done, total) => {
      if (done % 200_000 === 0 || done === total)
        log(`  ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')}`);
    });
    if (resumeSeed && url) {
      const present = new Set(
        (
          await sql<{ name: string }>`
            SELECT indexname AS name FROM pg_indexes WHERE tablename = 'influencer_index'`.execute(
            database.db,
          )
        ).rows.map((r) => r.name),
      );
      const missing = (await migratedIndexes(url)).filter((i) => !present.has(i.name));
      if (missing.length) {
        log(`building the ${missing.length} indexes a stopped seed left out…`);
        await sql`SET maintenance_work_mem = '256MB'`.execute(database.db);
        for (const i of missing) await sql.raw(i.def).execute(database.db);
        await sql`VACUUM ANALYZE influencer_index`.execute(database.db);
        await countLookalikeLists(database.db);
      }
    }
    seedMs = Date.now() - seedStarted;
    log(`seeded in ${(seedMs / 1000).toFixed(1)} s`);
  }

  // Demo accounts (the business signs in as pro@reach.local) with plenty of credits, written before the server
  // starts: an embedded database belongs to one process at a time.
  const config = loadConfig({
    NODE_ENV: 'development',
    DEV_TOOLS: '1',
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    ...(url ? { DATABASE_URL: url } : {}),
  });
  const demoSeeded = async () =>
    !!(await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'pro@reach.local')
      .executeTakeFirst());
  if (!reuse || (resumeSeed && !(await demoSeeded()))) {
    const setup = await buildApp({ config, database, logger: false, webDist: '/nonexistent' });
    await seedDemoData(setup.ctx, createAuthService(setup.ctx));
    await setup.close();
  }
  await database.db
    .updateTable('users')
    .set({ credits: 1_000_000_000 })
    .where('email', '=', 'pro@reach.local')
    .execute();
  // The tables beside the index (the demo accounts, and the cache and ledger earlier runs filled) analysed, as
  // autovacuum keeps them in production: a server without autovacuum (this machine's PostgreSQL runs with it
  // off) plans them from no statistics at all, e.g. the members behind a page in each search's charge as one
  // index look-up per creator account (~1 ms of database CPU a search at 202 accounts) instead of one scan.
  for (const { relname } of (
    await sql<{ relname: string }>`
      SELECT relname FROM pg_stat_user_tables WHERE relname <> 'influencer_index' ORDER BY relname`.execute(
      database.db,
    )
  ).rows)
    await sql`ANALYZE ${sql.id(relname)}`.execute(database.db);
  const pickId = async (query: ReturnType<typeof sql<{ id: number }>>) =>
    Number((await query.execute(database.db)).rows[0]!.id);
  const bigCity = await pickId(
    sql`SELECT id FROM discovery_locations WHERE type = 'city' AND country_id = 148838 ORDER BY weight DESC LIMIT 1`,
  );
  const lookalike = (
    await sql<{
      username: string;
    }>`SELECT username FROM influencer_index WHERE platform = 'instagram' AND followers BETWEEN 50000 AND 60000 ORDER BY id LIMIT 1`.execute(
      database.db,
    )
  ).rows[0]!.username;
  await database.close();
  if (seedOnly) throw new SeedOnly();

  // The real server, in its own process (as in production), on a free port, on the seeded database (the data
  // dir is kept when it stops: the plans below read it): this checkout's, or with --before <checkout> that
  // checkout's first (same database, same run), so the two compare.
  async function serve(checkout: string, label: 'before' | 'after') {
    server = await startServer(
      { DATABASE_URL: url ?? '', DISCOVERY_SEED_SIZE: String(size), SEED_DEMO: '0' },
      checkout,
      { dataDir, nodeArgs: profileArgs(label) },
    );
    const token = await login(server.url, 'pro@reach.local', config.DEMO_PASSWORD);
    return { base: `${server.url}/api/v1`, token, pid: server.pid };
  }
  let current = await serve(before ? path.resolve(before) : after, before ? 'before' : 'after');
  let { base, token } = current;
  const dbName = url ? new URL(url).pathname.slice(1) : undefined;

  // ── the query mix ─────────────────────────────────────────────────────────────────────────────────────────
  const CA = 165475;
  const US = 148838;
  const queries: { name: string; body: DiscoverySearchBody }[] = [
    { name: 'no filter, followers desc', body: {} },
    {
      name: 'platform tiktok, engagements desc',
      body: {
        sort: { field: 'engagements', direction: 'desc' },
        filter: { influencer: { platform: 'tiktok' } },
      },
    },
    { name: 'location United States', body: { filter: { influencer: { location: [US] } } } },
    { name: 'location California (state)', body: { filter: { influencer: { location: [CA] } } } },
    { name: 'location biggest US city', body: { filter: { influencer: { location: [bigCity] } } } },
    {
      name: 'followers 10k–100k',
      body: { filter: { influencer: { followers: { min: 10_000, max: 100_000 } } } },
    },
    {
      name: 'engagement rate ≥ 5 %, ER desc',
      body: {
        sort: { field: 'engagementRate', direction: 'desc' },
        filter: { influencer: { engagementRate: 0.05 } },
      },
    },
    {
      name: 'gender female, age 18–24',
      body: { filter: { influencer: { gender: 'FEMALE', age: { min: 18, max: 24 } } } },
    },
    { name: 'language es', body: { filter: { influencer: { language: 'es' } } } },
    { name: 'bio word "fitness"', body: { filter: { influencer: { bio: 'fitness' } } } },
    { name: 'caption keyword "recipe"', body: { filter: { influencer: { keywords: 'recipe' } } } },
    {
      name: 'hashtag #travel',
      body: { filter: { influencer: { textTags: [{ type: 'hashtag', value: 'travel' }] } } },
    },
    { name: 'interests beauty or fashion', body: { filter: { influencer: { interests: [1, 2] } } } },
    {
      name: '3 filters: US, female, 10k–500k',
      body: {
        filter: {
          influencer: { location: [US], gender: 'FEMALE', followers: { min: 10_000, max: 500_000 } },
        },
      },
    },
    {
      name: '4 filters: instagram, fitness, ER ≥ 3 %, contact',
      body: {
        filter: {
          influencer: {
            platform: 'instagram',
            interests: [3],
            engagementRate: 0.03,
            hasContactDetails: true,
          },
        },
      },
    },
    {
      name: '5 filters: US, 25–34, creator, posted 30 d, not verified',
      body: {
        filter: {
          influencer: {
            location: [US],
            age: { min: 25, max: 34 },
            accountTypes: [3],
            lastposted: 30,
            isVerified: false,
          },
        },
      },
    },
    {
      name: 'audience: US ≥ 50 %, female ≥ 50 %',
      body: {
        filter: { audience: { location: [{ id: US, weight: 0.5 }], gender: { id: 'FEMALE', weight: 0.5 } } },
      },
    },
    {
      name: 'audience: 18–24 ≥ 50 %, credibility ≥ 0.8',
      body: { filter: { audience: { age: [{ id: '18-24', weight: 0.5 }], credibility: 0.8 } } },
    },
    {
      name: `lookalike @${lookalike}, female`,
      body: {
        sort: { field: 'relevance', direction: 'desc' },
        filter: { influencer: { relevance: [`@${lookalike}`], gender: 'FEMALE' } },
      },
    },
    { name: 'US, followers desc, page 50', body: { page: 50, filter: { influencer: { location: [US] } } } },
  ];
  const PAGE1_OF = 2; // 'location United States' is page 0 of the page-50 query

  /** A unique body per request (the follower cap moves by k), so the cache never answers. */
  const unique = (body: DiscoverySearchBody, k: number): DiscoverySearchBody => {
    const influencer = { ...(body.filter?.influencer ?? {}) };
    const followers = { ...(influencer.followers ?? {}) };
    followers.max = (followers.max ?? 1_000_000_000) - k;
    influencer.followers = followers;
    return { ...body, filter: { ...body.filter, influencer } };
  };

  let counter = 0;
  async function run(body: DiscoverySearchBody): Promise<number> {
    const started = performance.now();
    const res = await fetch(`${base}/discovery/instagram/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(unique(body, counter++)),
    });
    const json = (await res.json()) as { influencers?: { lookalikes: unknown[] } };
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`search failed ${res.status}: ${JSON.stringify(json)}`);
    return ms;
  }

  if (lookalikesOnly) {
    const targets = await (async () => {
      const d = await openDatabase({ url, dataDir, poolSize: 1 });
      try {
        return await lookalikeTargets(d.db, size, RECALL_TARGETS);
      } finally {
        await d.close();
      }
    })();
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('DELETE FROM discovery_search_cache');
    const hide = async () =>
      admin.query(`CREATE TABLE discovery_centroids_bench_kept AS SELECT * FROM discovery_centroids;
        DELETE FROM discovery_centroids`);
    const restore = async () =>
      admin.query(`INSERT INTO discovery_centroids SELECT * FROM discovery_centroids_bench_kept;
        DROP TABLE discovery_centroids_bench_kept`);
    const rows: {
      name: string;
      n: number;
      p50: number;
      p95: number;
      p99: number;
      cpu: number;
      db: number;
    }[] = [];
    const lookalikeRun = async (name: string, female: boolean) => {
      for (const t of targets.slice(0, clients)) await run(lookalikeBody(t.username, female)); // warm-up
      await settled(current.pid);
      const cpu0 = cpuMs(current.pid);
      const db0 = databaseCpu(dbName);
      const times: number[] = [];
      let next = 0;
      const n = Math.min(perQuery, targets.length);
      await Promise.all(
        Array.from({ length: clients }, async () => {
          while (next < n) {
            const t = targets[next++]!;
            times.push(await run(lookalikeBody(t.username, female)));
          }
        }),
      );
      times.sort((a, b) => a - b);
      const r = {
        name,
        n: times.length,
        p50: pct(times, 50),
        p95: pct(times, 95),
        p99: pct(times, 99),
        cpu: (cpuMs(current.pid) - cpu0) / times.length,
        db: databaseCpuSince(dbName, db0) / times.length,
      };
      rows.push(r);
      log(
        `${name.padEnd(40)} p50 ${r.p50.toFixed(1).padStart(7)}  p95 ${r.p95.toFixed(1).padStart(7)}  p99 ${r.p99.toFixed(1).padStart(7)} ms; server CPU ${r.cpu.toFixed(2)} ms, db CPU ${r.db.toFixed(2)} ms / request`,
      );
    };
    const load0 = os.loadavg()[0] ?? 0;
    await lookalikeRun('lists, no filter', false);
    await lookalikeRun('lists, female', true);
    if (!noExact) {
      await hide();
      try {
        await lookalikeRun('exact KNN (lists set aside), no filter', false);
        await lookalikeRun('exact KNN (lists set aside), female', true);
      } finally {
        await restore();
      }
    }
    await lookalikeRun('lists, no filter (again)', false);
    await lookalikeRun('lists, female (again)', true);
    const load1 = os.loadavg()[0] ?? 0;
    await admin.end();
    await stopServer();
    const recall = await measureRecall();
    const f1 = (n: number) => n.toFixed(1);
    const lines = [
      `## Lookalikes, ${clients} clients, ${size.toLocaleString('en-US')} profiles (${new Date().toISOString()})`,
      '',
      `\`npm run bench:discovery -- --size ${size} --backend ${backend} --database <kept> --lookalikes --requests ${perQuery}${noExact ? ' --no-exact' : ''}\`: one request per random target (${RECALL_TARGETS} targets), ${clients} concurrent clients, every body unique (no cache); ${noExact ? 'no exact-KNN latency runs (--no-exact)' : "the exact rows with the centres set aside (the untrained index's GiST KNN, as before migration 0027), in the same run"}. Load average (1 min) ${load0.toFixed(1)} at the start, ${load1.toFixed(1)} at the end. ms, client side; CPU per request from /proc.`,
      '',
      '| Search | n | p50 | p95 | p99 | server CPU | db CPU |',
      '|---|---|---|---|---|---|---|',
      ...rows.map(
        (r) =>
          `| ${r.name} | ${r.n} | ${f1(r.p50)} | ${f1(r.p95)} | ${f1(r.p99)} | ${r.cpu.toFixed(2)} | ${r.db.toFixed(2)} |`,
      ),
      '',
      ...recallLines(recall),
    ];
    const out = path.resolve(import.meta.dirname, 'results', `discovery-${backend}-${size}-lookalikes.md`);
    writeResults(out, lines);
    log(`wrote ${path.relative(process.cwd(), out)}`);
    throw new SeedOnly();
  }

  if (serviceOnly) {
    const measured: {
      label: string;
      rows: { name: string; p50: number; p95: number; cpu: number; db: number }[];
    }[] = [];
    const measure = async (label: string, pid: number, cached = false) => {
      await settled(pid);
      // The bodies repeat from run to run (the counter starts at 0): an earlier run's cached answers would be
      // served free and fast, so the kept database's cache is emptied first.
      if (url && !cached) {
        const pg = (await import('pg')).default;
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query('DELETE FROM discovery_search_cache');
        await c.end();
      }
      for (const q of queries) await run(q.body); // warm-up: plans, caches, connections
      const rows: { name: string; p50: number; p95: number; cpu: number; db: number }[] = [];
      for (const q of queries) {
        const times: number[] = [];
        const cpu0 = cpuMs(pid);
        const db0 = databaseCpu(dbName);
        for (let i = 0; i < serviceOnly; i++) times.push(await run(q.body));
        const cpu = (cpuMs(pid) - cpu0) / serviceOnly;
        const db = databaseCpuSince(dbName, db0) / serviceOnly;
        times.sort((a, b) => a - b);
        rows.push({ name: q.name, p50: pct(times, 50), p95: pct(times, 95), cpu, db });
        log(
          `${label.padEnd(7)} ${q.name.padEnd(58)} p50 ${pct(times, 50).toFixed(2).padStart(6)} ms  server CPU ${cpu.toFixed(2)} ms, db CPU ${db.toFixed(2)} ms / request`,
        );
      }
      measured.push({ label, rows });
    };
    const load0 = os.loadavg()[0] ?? 0;
    if (before) {
      const firstBefore = counter;
      await measure('before', current.pid);
      // Its cached answers too, so that both sides of the comparison show what a cache hit costs.
      counter = firstBefore;
      await measure('before cached', current.pid, true);
      await stopServer();
      current = await serve(after, 'after');
      ({ base, token } = current);
    }
    const first = counter;
    await measure(before ? 'after' : 'HEAD', current.pid);
    // The same bodies again: every answer from the 24 h cache (no search, no debit): what a request costs
    // around the search (HTTP, authentication, the balance-and-cache read, members, serialisation, gzip).
    counter = first;
    await measure('cached', current.pid, true);
    const load1 = os.loadavg()[0] ?? 0;
    const f2 = (n: number) => n.toFixed(2);
    const median = (xs: number[]) =>
      pct(
        [...xs].sort((a, b) => a - b),
        50,
      );
    const head = measured.map(
      (m) => `${m.label} p50 | ${m.label} p95 | ${m.label} server CPU | ${m.label} db CPU`,
    );
    const lines = [
      `## One client, ${serviceOnly} requests per query (ms; CPU per request from /proc)`,
      '',
      `\`npm run bench:discovery -- --size ${size} --backend ${backend} --database <kept> --service-only ${serviceOnly}${before ? ` --before ${before}` : ''}${after !== ROOT ? ` --after ${after}` : ''}\`, ${new Date().toISOString()}; load average (1 min) ${load0.toFixed(1)} at the start, ${load1.toFixed(1)} at the end.`,
      '',
      `| # | Query | ${head.join(' | ')} |`,
      `|---|---|${head.map(() => '---|---|---|---|').join('')}`,
      ...queries.map(
        (q, i) =>
          `| ${i + 1} | ${q.name} | ${measured
            .map((m) => {
              const r = m.rows[i]!;
              return `${f2(r.p50)} | ${f2(r.p95)} | ${f2(r.cpu)} | ${f2(r.db)}`;
            })
            .join(' | ')} |`,
      ),
      `| | **median of the rows** | ${measured.map((m) => `**${f2(median(m.rows.map((r) => r.p50)))}** | ${f2(median(m.rows.map((r) => r.p95)))} | **${f2(median(m.rows.map((r) => r.cpu)))}** | ${f2(median(m.rows.map((r) => r.db)))}`).join(' | ')} |`,
      '',
    ];
    const out = path.resolve(import.meta.dirname, 'results', `discovery-${backend}-${size}-one-client.md`);
    writeResults(out, lines);
    log(`wrote ${path.relative(process.cwd(), out)}`);
    throw new SeedOnly();
  }

  // Warm-up: each query once (plans, caches).
  for (const q of queries) await run(q.body);

  const results: {
    name: string;
    n: number;
    p50: number;
    p95: number;
    p99: number;
    mean: number;
    body: DiscoverySearchBody;
  }[] = [];
  const all: number[] = [];
  await settled(current.pid);
  const loadStart = os.loadavg()[0] ?? 0;
  const cpuStart = cpuMs(current.pid);
  const dbStart = databaseCpu(dbName);
  const started = Date.now();
  for (const q of queries) {
    const times: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (next < perQuery) {
          next++;
          times.push(await run(q.body));
        }
      }),
    );
    times.sort((a, b) => a - b);
    all.push(...times);
    const r = {
      name: q.name,
      n: times.length,
      p50: pct(times, 50),
      p95: pct(times, 95),
      p99: pct(times, 99),
      mean: times.reduce((s, x) => s + x, 0) / times.length,
      body: q.body,
    };
    results.push(r);
    log(
      `${q.name.padEnd(58)} p50 ${r.p50.toFixed(1).padStart(7)}  p95 ${r.p95.toFixed(1).padStart(7)}  p99 ${r.p99.toFixed(1).padStart(7)} ms`,
    );
  }
  const wall = (Date.now() - started) / 1000;
  const serverCpu = (cpuMs(current.pid) - cpuStart) / all.length;
  const dbCpu = databaseCpuSince(dbName, dbStart) / all.length;
  const loadEnd = os.loadavg()[0] ?? 0;
  all.sort((a, b) => a - b);
  const overall = { p50: pct(all, 50), p95: pct(all, 95), p99: pct(all, 99), n: all.length };
  log(
    `overall p50 ${overall.p50.toFixed(1)}  p95 ${overall.p95.toFixed(1)}  p99 ${overall.p99.toFixed(1)} ms over ${overall.n} requests in ${wall.toFixed(1)} s; server CPU ${serverCpu.toFixed(2)} ms, db CPU ${dbCpu.toFixed(2)} ms / request`,
  );

  // ── the floor: the same searches' bare page query through pg from this process, same clients, same mix ──
  const floor = await (async () => {
    if (!url) return undefined;
    const pg = (await import('pg')).default;
    const built = await openDatabase({ url, dataDir, poolSize: 2 });
    const pool = new pg.Pool({ connectionString: url, max: clients, options: '-c jit=off' });
    try {
      const local = createLocalProvider(built.db, built.backend);
      const statements: { sql: string; parameters: readonly unknown[] }[][] = [];
      for (const q of queries) {
        const list = [];
        for (let k = 0; k < perQuery; k++) {
          const page = (await local.queries(discoverySearchBody.parse(unique(q.body, k)))).page;
          list.push(page.compile(built.db));
        }
        statements.push(list);
      }
      for (const list of statements) await pool.query(list[0]!.sql, [...list[0]!.parameters]); // warm-up
      const t0 = Date.now();
      let n = 0;
      for (const list of statements) {
        let next = 0;
        await Promise.all(
          Array.from({ length: clients }, async () => {
            while (next < list.length) {
              const c = list[next++]!;
              await pool.query(c.sql, [...c.parameters]);
              n++;
            }
          }),
        );
      }
      const seconds = (Date.now() - t0) / 1000;
      return { n, seconds, perSecond: n / seconds };
    } finally {
      await pool.end();
      await built.close();
    }
  })();
  const endpointPerSecond = all.length / wall;
  if (floor)
    log(
      `floor: bare page query through pg, ${clients} clients: ${floor.perSecond.toFixed(0)} queries/s; endpoint ${endpointPerSecond.toFixed(0)} req/s = ${(endpointPerSecond / floor.perSecond).toFixed(2)}×`,
    );

  // ── one client: the service time of each query without queueing behind the other clients ───────────────
  const single: { name: string; p50: number; p95: number }[] = [];
  for (const q of queries) {
    const times: number[] = [];
    for (let i = 0; i < 10; i++) times.push(await run(q.body));
    times.sort((a, b) => a - b);
    single.push({ name: q.name, p50: pct(times, 50), p95: pct(times, 95) });
  }
  const singleAll = single.map((x) => x.p50).sort((a, b) => a - b);
  log(`one client: median of the per-query p50s ${pct(singleAll, 50).toFixed(1)} ms`);

  // ── plans of the queries that miss (the server stopped first: the embedded database is one process's) ──
  await stopServer();
  database = await openDatabase({ url, dataDir, poolSize: 2 });
  const local = createLocalProvider(database.db, database.backend);
  const misses = results.filter((r) => r.p95 > TARGET_P95 || (backend === 'postgres' && r.p99 > TARGET_P99));
  const plans: string[] = [];
  for (const r of misses) {
    const q = await local.queries(discoverySearchBody.parse(r.body));
    const page = await sql<{ 'QUERY PLAN': string }>`EXPLAIN (ANALYZE, BUFFERS) ${q.page}`.execute(
      database.db,
    );
    const count = await sql<{ 'QUERY PLAN': string }>`EXPLAIN (ANALYZE, BUFFERS) ${q.count}`.execute(
      database.db,
    );
    plans.push(
      `### ${r.name}\n\nPage query:\n\n\`\`\`\n${page.rows.map((x) => x['QUERY PLAN']).join('\n')}\n\`\`\`\n\nCapped count (what an exact total costs; the API runs it only as described above):\n\n\`\`\`\n${count.rows.map((x) => x['QUERY PLAN']).join('\n')}\n\`\`\`\n`,
    );
  }

  await database.close();
  const recall = await measureRecall();
  database = await openDatabase({ url, dataDir, poolSize: 2 });

  // ── the results file ──────────────────────────────────────────────────────────────────────────────────────
  const page50 = results[results.length - 1]!;
  const page1 = results[PAGE1_OF]!;
  const ratio = page50.p95 / page1.p95;
  const f = (n: number) => n.toFixed(1);
  const met = (ok: boolean) => (ok ? 'met' : '**missed**');
  const mem = `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`;
  const serverVersion =
    backend === 'postgres'
      ? (await sql<{ v: string }>`SELECT current_setting('server_version') AS v`.execute(database.db))
          .rows[0]!.v
      : 'PGlite (PostgreSQL 17, WASM, one connection)';
  const lines = [
    `# Discovery benchmark — ${backend}, ${size.toLocaleString('en-US')} profiles`,
    '',
    `## ${clients} clients, ${new Date().toISOString()}: the server of ${checkoutName(after)}`,
    '',
    `- Date: ${new Date().toISOString()}`,
    `- Machine: ${os.cpus().length} CPUs (\`nproc\` ${os.availableParallelism()}), ${mem} RAM, ${os.cpus()[0]?.model ?? 'unknown CPU'}; Node ${process.version}; ${serverVersion}.`,
    `- The machine is shared: other engineers were running test suites and builds on the same 2 cores during the run (load average ${(os.loadavg()[0] ?? 0).toFixed(1)} at the end of it), so absolute numbers are noisy and pessimistic.`,
    `- Method: \`npm run bench:discovery -- --size ${size} --backend ${backend}\`: fresh database, the real server in its own process, HTTP from the bench process (bearer auth, credit debit and cache write per request), ${clients} concurrent clients, ${perQuery} requests per query after one warm-up each; every body unique so the 24 h cache never answers.`,
    reuse
      ? '- Seeding: none in this run (`--database`: a kept database, seeded earlier).'
      : `- Seeding ${size.toLocaleString('en-US')} profiles (generator + index build + ANALYZE): **${(seedMs / 1000).toFixed(1)} s**.`,
    '- `total`: when the planner expects more than 10,000 matches the API does not count (10,000, `totalCapped: true`); otherwise it counts up to 10,001 rows, on PostgreSQL for at most 10 ms (else the estimate) and on PGlite only when at most 2,000 matches are expected (else the estimate).',
    `- This run: load average (1 min) ${loadStart.toFixed(1)} at the start of the ${clients}-client loop, ${loadEnd.toFixed(1)} at its end; ${overall.n} requests in ${wall.toFixed(1)} s = **${endpointPerSecond.toFixed(0)} req/s**; server CPU ${serverCpu.toFixed(2)} ms and database CPU ${dbCpu.toFixed(2)} ms per request (/proc; the database's misses backends the server's pool closed during the loop).`,
    floor
      ? `- Floor, same run: the same mix's bare page query (compiled by the provider, no count, no credits) through \`pg\` from the bench process, ${clients} clients: ${floor.n} queries in ${floor.seconds.toFixed(1)} s = **${floor.perSecond.toFixed(0)} queries/s**; endpoint / floor = **${(endpointPerSecond / floor.perSecond).toFixed(2)}×** (target ≥ 0.5 — ${met(endpointPerSecond / floor.perSecond >= 0.5)}).`
      : '- Floor: measured on PostgreSQL only.',
    '',
    '## Latency per query (ms, client-side, including HTTP and the credit transaction)',
    '',
    '| # | Query | n | p50 | p95 | p99 | mean |',
    '|---|---|---|---|---|---|---|',
    ...results.map(
      (r, i) => `| ${i + 1} | ${r.name} | ${r.n} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.p99)} | ${f(r.mean)} |`,
    ),
    `| | **overall** | ${overall.n} | **${f(overall.p50)}** | **${f(overall.p95)}** | **${f(overall.p99)}** | |`,
    '',
    '## One client (no queueing): the service time of each query (ms, 10 requests each)',
    '',
    '| # | Query | p50 | p95 |',
    '|---|---|---|---|',
    ...single.map((r, i) => `| ${i + 1} | ${r.name} | ${f(r.p50)} | ${f(r.p95)} |`),
    '',
    '## Targets',
    '',
    backend === 'pglite'
      ? `- p95 ≤ ${TARGET_P95} ms (100,000 profiles on PGlite): overall p95 ${f(overall.p95)} ms — ${met(overall.p95 <= TARGET_P95)}; queries over: ${misses.length} of ${results.length}.`
      : `- p95 ≤ ${TARGET_P95} ms and p99 ≤ ${TARGET_P99} ms: overall p95 ${f(overall.p95)} ms — ${met(overall.p95 <= TARGET_P95)}, p99 ${f(overall.p99)} ms — ${met(overall.p99 <= TARGET_P99)}; queries over: ${misses.length} of ${results.length}.`,
    `- Page 50 no slower than page 1 by more than 2×: p95 ${f(page50.p95)} vs ${f(page1.p95)} ms (${ratio.toFixed(2)}×) — ${met(ratio <= 2)}.`,
    `- Seeding 1,000,000 profiles ≤ 3 minutes: ${size === 1_000_000 && !reuse ? `${(seedMs / 1000).toFixed(1)} s — ${met(seedMs <= 180_000)}` : 'not seeded in this run'}.`,
    `- Lookalike recall ≥ ${TARGET_RECALL} (the exact top 15 found, ${RECALL_TARGETS} random targets): ${recall.none.recall.toFixed(3)} without a filter — ${met(recall.none.recall >= TARGET_RECALL)}, ${recall.female.recall.toFixed(3)} with \`female\` — ${met(recall.female.recall >= TARGET_RECALL)}.`,
    '',
    '## Lookalike recall',
    '',
    ...recallLines(recall),
    ...(plans.length
      ? ['## Plans of the queries over target', '', ...plans]
      : ['## Plans', '', 'Every query met the target; no plans to show.']),
  ];
  const out = path.resolve(import.meta.dirname, 'results', `discovery-${backend}-${size}.md`);
  writeResults(out, lines);
  log(`wrote ${path.relative(process.cwd(), out)}`);
} catch (error) {
  if (!(error instanceof SeedOnly)) {
    console.error(error);
    exitCode = 1;
  }
} finally {
  await stopServer();
  await database.close().catch(() => undefined);
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
