/**
 * Mixed signed-in load (issue 17 "API" and "Memory"): the four roles' everyday reads with about a tenth writes,
 * against the real server in the production configuration (NODE_ENV=production, JSON request logs at info
 * written to a file, no dev tools) on a scratch PostgreSQL database with the demo data. Reports throughput,
 * latency and errors, and the server's resident memory sampled through the run, for the targets: ≥ 1,500 req/s
 * with p99 ≤ 100 ms and no error at 32 connections; RSS flat (± 10 %) over a 30-minute run.
 *
 *   npm run mixed -w @reach/bench -- [--seconds 60] [--connections 32] [--checkout <dir>] [--out <file>]
 *     [--compiled] [--node-flags '<flags>'] [--socket [--socket-dir /var/run/postgresql]]
 *
 * `--compiled` runs the checkout's compiled api (`apps/api/dist/server.js`, built first) with plain
 * node, as production does, instead of the sources through tsx's loader; `--node-flags` adds node flags to the
 * measured server (e.g. '--max-semi-space-size=8'). Beside the RSS, the V8 heap (used and committed) and the
 * memory outside it (external: Buffers) are sampled from the server's own Prometheus metrics. `--socket` connects
 * the server to PostgreSQL through its Unix-domain socket (in `--socket-dir`) instead of TCP loopback.
 *
 * One autocannon instance per role, each cycling through its role's requests on its share of the connections
 * (pro business 12, trial business 6, creator 10, admin 4): a role's p99 is that of its own requests, and the
 * run's p99 is at most the largest of them (if every role has at most 1 % of its requests above x, so has the
 * whole). A long run goes in segments of 10 minutes, each after a new sign-in: access tokens live 15. The demo data is written by a first start in development mode (DEV_TOOLS), which then stops.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  cpuMs,
  databaseCpu,
  databaseCpuSince,
  login,
  machine,
  option,
  overUnixSocket,
  productionSecrets,
  resultsDir,
  root,
  scratchPostgres,
  settled,
  startServer,
} from './lib';

const seconds = Number(option('seconds', '60'));
const connections = Number(option('connections', '32'));
const out = path.resolve(root, option('out', path.join(resultsDir, 'mixed-load.md')));
/** Another checkout's server (e.g. a git worktree of a baseline commit) under the same load. */
const checkout = path.resolve(option('checkout', root));
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TARGET_RPS = 1_500;
const TARGET_P99_MS = 100;
const RSS_SAMPLE_MS = 10_000;
const compiled = process.argv.includes('--compiled');
const nodeFlags = option('node-flags', '').split(' ').filter(Boolean);
/** The server on PostgreSQL's Unix socket in this directory instead of TCP loopback (`--socket`). */
const socketDir = process.argv.includes('--socket') ? option('socket-dir', '/var/run/postgresql') : '';
/** The scrape token of the measured server's /metrics (its heap figures). */
const METRICS_TOKEN = crypto.randomBytes(16).toString('hex');
/** Access tokens live 15 minutes: the load runs in segments of at most 10, each after a new sign-in. */
const SEGMENT_SECONDS = 600;
/** RSS is compared window by window (the median of each), the first window starting after a minute's warm-up. */
const RSS_WINDOW_MS = 300_000;

type Request = { method: 'GET' | 'PUT' | 'POST'; path: string; body?: unknown };
type Role = { name: string; email: string; share: number; requests: (ids: Ids) => Request[] };
type Ids = { userId: number; campaignId?: number; preferences?: unknown };

/** Every tenth request of a role writes (its notification settings saved as they are, its notifications marked read). */
const ROLES: Role[] = [
  {
    name: 'business (pro)',
    email: 'pro@reach.local',
    share: 12,
    requests: ({ userId, campaignId, preferences }) => [
      { method: 'GET', path: '/api/v1/my/user' },
      { method: 'GET', path: '/api/v1/dashboard/businesses/menu' },
      { method: 'GET', path: '/api/v1/dashboard/businesses' },
      { method: 'GET', path: '/api/v1/campaigns/business?items=10' },
      { method: 'GET', path: '/api/v1/influencers?items=20' },
      { method: 'PUT', path: '/api/v1/my/notification-preferences', body: preferences },
      { method: 'GET', path: '/api/v1/my/connections?items=10' },
      { method: 'GET', path: `/api/v1/campaign/${campaignId}` },
      { method: 'GET', path: `/api/v1/my/notifications/${userId}` },
      { method: 'PUT', path: '/api/v1/my/notification-preferences', body: preferences },
      { method: 'GET', path: '/api/v1/my/payments/charges' },
      { method: 'GET', path: '/api/v1/campaigns/business?items=10&page=2' },
      { method: 'GET', path: '/api/v1/dashboard/businesses/results' },
      { method: 'GET', path: '/api/v1/my/user' },
      { method: 'GET', path: '/api/v1/influencers?items=20&page=2' },
      { method: 'GET', path: '/api/v1/my/connections?items=10&page=2' },
      { method: 'GET', path: '/api/v1/dashboard/businesses/menu' },
      { method: 'GET', path: '/api/v1/my/payments/campaigns' },
      { method: 'GET', path: '/api/v1/my/subscription' },
      { method: 'POST', path: '/api/v1/notifications/read', body: { all: true } },
    ],
  },
  {
    name: 'business (trial)',
    email: 'trial@reach.local',
    share: 6,
    requests: ({ preferences }) => [
      { method: 'GET', path: '/api/v1/my/user' },
      { method: 'GET', path: '/api/v1/dashboard/businesses/menu' },
      { method: 'GET', path: '/api/v1/dashboard/businesses' },
      { method: 'GET', path: '/api/v1/campaigns/business?items=10' },
      { method: 'GET', path: '/api/v1/influencers?items=20' },
      { method: 'GET', path: '/api/v1/my/subscription' },
      { method: 'GET', path: '/api/v1/my/connections?items=10' },
      { method: 'GET', path: '/api/v1/my/user' },
      { method: 'GET', path: '/api/v1/campaign-types/all' },
      { method: 'PUT', path: '/api/v1/my/notification-preferences', body: preferences },
    ],
  },
  {
    name: 'creator',
    email: 'influencer@reach.local',
    share: 10,
    requests: ({ userId, preferences }) => [
      { method: 'GET', path: '/api/v1/my/user' },
      { method: 'GET', path: '/api/v1/dashboard/influencers/menu' },
      { method: 'GET', path: '/api/v1/dashboard/influencers' },
      { method: 'GET', path: '/api/v1/campaigns/browse?items=10' },
      { method: 'GET', path: '/api/v1/my/connections?items=10' },
      { method: 'PUT', path: '/api/v1/my/notification-preferences', body: preferences },
      { method: 'GET', path: '/api/v1/my/balance' },
      { method: 'GET', path: '/api/v1/my/earnings' },
      { method: 'GET', path: `/api/v1/my/notifications/${userId}` },
      { method: 'PUT', path: '/api/v1/my/notification-preferences', body: preferences },
      { method: 'GET', path: '/api/v1/campaigns/browse?items=10&page=2' },
      { method: 'GET', path: '/api/v1/my/user' },
      { method: 'GET', path: '/api/v1/my/balance/history' },
      { method: 'GET', path: '/api/v1/my/connections/businesses' },
      { method: 'GET', path: '/api/v1/dashboard/influencers/menu' },
      { method: 'GET', path: '/api/v1/my/payouts' },
      { method: 'GET', path: '/api/v1/campaigns/browse?items=10' },
      { method: 'GET', path: '/api/v1/my/balance' },
      { method: 'GET', path: '/api/v1/dashboard/influencers' },
      { method: 'POST', path: '/api/v1/notifications/read', body: { all: true } },
    ],
  },
  {
    name: 'admin',
    email: 'admin@reach.local',
    share: 4,
    requests: () => [
      { method: 'GET', path: '/api/v1/my/user' },
      { method: 'GET', path: '/api/v1/dashboard/admin/menu' },
      { method: 'GET', path: '/api/v1/dashboard/admin' },
      { method: 'GET', path: '/api/v1/users?items=20' },
      { method: 'GET', path: '/api/v1/dashboard/admin/totals' },
      { method: 'GET', path: '/api/v1/admin/keywords' },
      { method: 'GET', path: '/api/v1/users?items=20&page=2' },
      { method: 'GET', path: '/api/v1/admin/analytics/page-views' },
      { method: 'GET', path: '/api/v1/my/user' },
      { method: 'POST', path: '/api/v1/notifications/read', body: { all: true } },
    ],
  },
];

async function getJson(url: string, token: string): Promise<unknown> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Each role's token and request cycle, every request tried once first (a 4xx would be fast and meaningless). */
async function prepare(url: string) {
  const prepared = [];
  for (const role of ROLES) {
    const token = await login(url, role.email);
    const user = (await getJson(`${url}/api/v1/my/user`, token)) as { id: number };
    const preferences = await getJson(`${url}/api/v1/my/notification-preferences`, token);
    const campaigns = (await getJson(`${url}/api/v1/campaigns/business?items=1`, token).catch(
      () => null,
    )) as {
      data?: { id: number }[];
    } | null;
    const requests = role.requests({ userId: user.id, campaignId: campaigns?.data?.[0]?.id, preferences });
    for (const r of requests) {
      const res = await fetch(`${url}${r.path}`, {
        method: r.method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(r.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: r.body === undefined ? undefined : JSON.stringify(r.body),
      });
      if (res.status >= 300)
        throw new Error(`${role.name} ${r.method} ${r.path}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }
    prepared.push({ role, token, requests });
  }
  return prepared;
}

const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

type Sample = {
  at: number;
  mb: number;
  heapUsed?: number;
  heapTotal?: number;
  external?: number;
  /** Seconds of garbage-collection pauses since the start, by kind (minor, major, incremental, weakcb). */
  gc?: Record<string, number>;
};

/** The server's RSS, and its V8 heap and external memory (MB) from its Prometheus metrics. */
async function sample(url: string, pid: number, at: number): Promise<Sample> {
  const mb = rssMb(pid);
  try {
    const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const text = await res.text();
    const metric = (name: string) => {
      const value = new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1];
      return value === undefined ? undefined : Number(value) / 2 ** 20;
    };
    return {
      at,
      mb,
      heapUsed: metric('nodejs_heap_size_used_bytes'),
      heapTotal: metric('nodejs_heap_size_total_bytes'),
      external: metric('nodejs_external_memory_bytes'),
      gc: Object.fromEntries(
        [...text.matchAll(/^nodejs_gc_duration_seconds_sum\{kind="(\w+)"\} (\S+)/gm)].map((m) => [
          m[1],
          Number(m[2]),
        ]),
      ),
    };
  } catch {
    return { at, mb };
  }
}

async function main() {
  const pg = await scratchPostgres(adminUrl);
  const database = new URL(pg.url).pathname.slice(1);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reach-bench-mixed-'));
  const logFile = path.join(dataDir, 'server.log');
  const env = {
    DATABASE_URL: socketDir ? overUnixSocket(pg.url, socketDir) : pg.url,
    DISCOVERY_SEED_SIZE: '5000',
    ...productionSecrets,
  };
  try {
    console.log('seeding the demo data…');
    if (compiled) {
      // Built now, so that the build is the checkout's sources as they are (the seeding server runs it too).
      console.log('building the api…');
      const build = spawnSync(process.execPath, ['scripts/build-api.mjs'], {
        cwd: checkout,
        stdio: 'inherit',
      });
      if (build.status !== 0) throw new Error('npm run build:api failed');
    }
    const seeding = await startServer(env, checkout, { dataDir, logFile, compiled });
    await seeding.stop();
    const server = await startServer(
      { ...env, NODE_ENV: 'production', DEV_TOOLS: '', LOG_LEVEL: 'info', METRICS_TOKEN },
      checkout,
      { dataDir, logFile, compiled, nodeArgs: nodeFlags },
    );
    try {
      await settled(server.pid);
      const started = Date.now();
      const rss: Sample[] = [await sample(server.url, server.pid, 0)];
      const sampler = setInterval(() => {
        void sample(server.url, server.pid, Date.now() - started).then((s) => rss.push(s));
      }, RSS_SAMPLE_MS);
      const cpuBefore = cpuMs(server.pid);
      const dbBefore = databaseCpu(database);
      const total = ROLES.reduce((n, r) => n + r.share, 0);
      const perRole = ROLES.map(() => ({ requests: 0, p50: 0, p99: 0, errors: 0, non2xx: 0 }));
      console.log(`mixed load: ${connections} connections for ${seconds} s…`);
      // In segments shorter than an access token's life, each with tokens from a new sign-in.
      for (let done = 0; done < seconds; done += SEGMENT_SECONDS) {
        const roles = await prepare(server.url);
        const results = await Promise.all(
          roles.map(({ role, token, requests }) =>
            autocannon({
              url: server.url,
              connections: Math.max(1, Math.round((connections * role.share) / total)),
              duration: Math.min(SEGMENT_SECONDS, seconds - done),
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              requests: requests.map((r) => ({
                method: r.method,
                path: r.path,
                ...(r.body === undefined ? {} : { body: JSON.stringify(r.body) }),
              })),
            }),
          ),
        );
        for (const [i, r] of results.entries()) {
          const sum = perRole[i] as (typeof perRole)[number];
          sum.requests += r.requests.total;
          sum.p50 = Math.max(sum.p50, r.latency.p50);
          sum.p99 = Math.max(sum.p99, r.latency.p99);
          sum.errors += r.errors + r.timeouts;
          sum.non2xx += r.non2xx;
        }
      }
      const elapsed = (Date.now() - started) / 1000;
      clearInterval(sampler);
      rss.push(await sample(server.url, server.pid, Date.now() - started));
      rss.sort((a, b) => a.at - b.at);
      const answered = perRole.reduce((n, r) => n + r.requests, 0);
      const serverUs = ((cpuMs(server.pid) - cpuBefore) * 1000) / answered;
      const dbUs = (databaseCpuSince(database, dbBefore) * 1000) / answered;
      const load = os.loadavg().map((l) => l.toFixed(2));
      write({ perRole, elapsed, serverUs, dbUs, rss, load, answered });
    } finally {
      await server.stop();
    }
  } finally {
    await pg.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function gcPerRequest(samples: Sample[], answered: number): string {
  const first = samples[0]?.gc;
  const last = samples.at(-1)?.gc;
  if (!first || !last || Object.keys(last).length === 0) return 'not read';
  return Object.entries(last)
    .map(([kind, s]) => `${kind} ${(((s - (first[kind] ?? 0)) * 1e6) / answered).toFixed(0)}`)
    .join(', ');
}

function write(m: {
  perRole: { requests: number; p50: number; p99: number; errors: number; non2xx: number }[];
  elapsed: number;
  serverUs: number;
  dbUs: number;
  rss: Sample[];
  load: string[];
  answered: number;
}) {
  const rps = m.answered / m.elapsed;
  const p99 = Math.max(...m.perRole.map((r) => r.p99));
  const errors = m.perRole.reduce((n, r) => n + r.errors, 0);
  const non2xx = m.perRole.reduce((n, r) => n + r.non2xx, 0);
  // RSS: the median of each window once warm, against the first window's.
  const warmup = Math.min(60_000, (seconds * 1000) / 2);
  const windows: number[] = [];
  for (let from = warmup; from < seconds * 1000; from += RSS_WINDOW_MS) {
    const inWindow = m.rss
      .filter((x) => x.at >= from && x.at < from + RSS_WINDOW_MS)
      .map((x) => x.mb)
      .sort((a, b) => a - b);
    if (inWindow.length) windows.push(inWindow[Math.floor(inWindow.length / 2)] as number);
  }
  const first = windows[0] ?? 0;
  const drift = Math.max(...windows.map((w) => Math.abs(w - first) / first));
  const warmSamples = m.rss.filter((x) => x.at >= warmup);
  const warm = warmSamples.map((x) => x.mb);
  const range = (values: (number | undefined)[]) => {
    const known = values.filter((v): v is number => v !== undefined);
    return known.length ? `${Math.min(...known).toFixed(0)}–${Math.max(...known).toFixed(0)}` : 'not read';
  };
  const total = ROLES.reduce((n, r) => n + r.share, 0);
  const verdict = (ok: boolean) => (ok ? 'met' : 'missed');
  const lines = [
    '# Mixed signed-in load — PostgreSQL',
    '',
    machine(),
    `- Load average at the end (1/5/15 min): ${m.load.join(' / ')}. The load generator runs on the same 2 cores as the server and the database.`,
    `- Server: ${checkout === root ? 'this checkout' : `the checkout at \`${checkout}\``}, ${compiled ? '`node --enable-source-maps apps/api/dist/server.js` (the compiled api, as in production)' : '`node --import tsx apps/api/src/server.ts` (the sources through tsx)'}${nodeFlags.length ? ` with \`${nodeFlags.join(' ')}\`` : ''}; PostgreSQL ${socketDir ? `through its Unix socket (\`${socketDir}\`)` : 'over TCP loopback'}.`,
    `- Method: \`npm run mixed -w @reach/bench -- --seconds ${seconds} --connections ${connections}${compiled ? ' --compiled' : ''}${nodeFlags.length ? ` --node-flags '${nodeFlags.join(' ')}'` : ''}${socketDir ? ' --socket' : ''}\`: the production server (JSON request logs at info to a file) on a scratch PostgreSQL database with the demo data; one autocannon instance per role cycling through its requests (about a tenth are writes: notification preferences saved as they are, notifications marked read), in segments of at most ${SEGMENT_SECONDS / 60} minutes each after a new sign-in (access tokens live 15 minutes). A role's p50 and p99 are the largest of its segments'.`,
    '',
    '| role | connections | requests in the cycle (writes) | requests | req/s | p50 ms | p99 ms | errors | non-2xx |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...m.perRole.map((r, i) => {
      const role = ROLES[i] as Role;
      const cycle = role.requests({ userId: 0 });
      return `| ${role.name} | ${Math.max(1, Math.round((connections * role.share) / total))} | ${cycle.length} (${cycle.filter((q) => q.method !== 'GET').length}) | ${r.requests} | ${Math.round(r.requests / m.elapsed)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`;
    }),
    `| **all** | ${connections} | | ${m.answered} | **${Math.round(rps)}** | | **≤ ${p99}** | **${errors}** | **${non2xx}** |`,
    '',
    `- Throughput ${Math.round(rps)} req/s over ${m.elapsed.toFixed(0)} s (target ≥ ${TARGET_RPS}: ${verdict(rps >= TARGET_RPS)}); p99 at most ${p99} ms (target ≤ ${TARGET_P99_MS}: ${verdict(p99 <= TARGET_P99_MS)}); ${errors} errors and ${non2xx} non-2xx answers over ${m.answered} requests (target 0: ${verdict(errors + non2xx === 0)}).`,
    `- CPU per request: server ${m.serverUs.toFixed(0)} µs, database backends ${m.dbUs.toFixed(0)} µs.`,
    `- Server RSS (MB), sampled every ${RSS_SAMPLE_MS / 1000} s: ${m.rss[0]?.mb.toFixed(0)} at the start; once warm (after ${warmup / 1000} s) between ${Math.min(...warm).toFixed(0)} and ${Math.max(...warm).toFixed(0)} (the heap grows and is collected); the medians of its ${RSS_WINDOW_MS / 60_000}-minute windows ${windows.map((w) => w.toFixed(0)).join(', ')}: at most ${(drift * 100).toFixed(1)} % from the first (target ± 10 % over 30 minutes: ${seconds >= 1800 ? verdict(drift <= 0.1) : `not judged, the run was ${seconds} s`}).`,
    `- Garbage-collection pauses of the main thread per request (µs, from the server's metrics over the run): ${gcPerRequest(m.rss, m.answered)}.`,
    `- Once warm, from the server's metrics (MB): V8 heap used ${range(warmSamples.map((x) => x.heapUsed))}, heap committed ${range(warmSamples.map((x) => x.heapTotal))}, external (Buffers) ${range(warmSamples.map((x) => x.external))}.`,
    '',
    '<details><summary>Samples (s: RSS MB / V8 heap used MB)</summary>',
    '',
    m.rss
      .map(
        (x) =>
          `${Math.round(x.at / 1000)}: ${x.mb.toFixed(0)}${x.heapUsed === undefined ? '' : ` / ${x.heapUsed.toFixed(0)}`}`,
      )
      .join(', '),
    '',
    '</details>',
    '',
  ];
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, lines.join('\n'));
  console.log(lines.slice(8).join('\n'));
  console.log(`wrote ${path.relative(root, out)}`);
}

await main();
