/**
 * API throughput under concurrent load (issue 17 "API"): the real server in the production configuration
 * (NODE_ENV=production, JSON request logs at info written to a file, no dev tools), run from the TypeScript
 * sources through tsx's loader (`node --import tsx apps/api/src/server.ts`: compiled once at start, the same
 * JavaScript at run time as `npm run build:api`'s bundle, and no shared apps/api/dist to race other builds
 * for), on PGlite (one connection) or `--backend postgres` (a scratch database, the server's pool of 10).
 *
 * In the same run, a baseline in its own process: a bare Fastify route that reads one row (the signed-in
 * business's user) by primary key — through `pg` (a pool of 10) on PostgreSQL, through PGlite's own query
 * on the embedded backend — and each endpoint's throughput as a ratio of it. Then development mode's pretty
 * request logging (pino-pretty, NODE_ENV=development, LOG_LEVEL=info) on two endpoints, to say what it costs.
 *
 * The demo data is written by a first start in development mode with DEV_TOOLS (production refuses them);
 * that process stops, and the measured servers start on the same database with the same signing key.
 *
 *   npm run bench:api -- [--backend pglite|postgres] [--seconds 10] [--connections 16]
 *     [--only my/user,influencers] [--dev 0] [--before <checkout> [--before-label text]] [--out file.md]
 *     [--cpu-prof <dir>] [--socket [--socket-dir /var/run/postgresql]]
 *
 * `--before <checkout>` (e.g. a git worktree of the commit before a change) measures that checkout's server
 * on the same seeded database in the same run, before this checkout's, so the two compare.
 *
 * `--socket` (PostgreSQL): this checkout's servers and a second bare route connect through PostgreSQL's
 * Unix-domain socket (in `--socket-dir`) instead of TCP loopback, while the `--before` server and the first bare
 * route stay on TCP; each server's ratios are to the bare route over its own transport. With `--before` this
 * same checkout, it measures the transport alone in one run.
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
  overUnixSocket,
  productionSecrets,
  resultsDir,
  root,
  scratchPostgres,
  settled,
} from './lib';

const backend = option('backend', 'pglite') as 'pglite' | 'postgres';
const seconds = Number(option('seconds', '10'));
const connections = Number(option('connections', '16'));
const only = option('only', '')
  .split(',')
  .filter((s) => s);
const withDev = option('dev', '1') !== '0';
const before = option('before', '');
/** A directory: the measured production server runs with `--cpu-prof` and writes its profile there. */
const cpuProf = option('cpu-prof', '');
/** This checkout's servers (and a second bare route) on PostgreSQL's Unix socket in this directory, not TCP. */
const socketDir = process.argv.includes('--socket') ? option('socket-dir', '/var/run/postgresql') : '';
const out = path.resolve(root, option('out', path.join(resultsDir, `api-throughput-${backend}.md`)));
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

if (backend !== 'pglite' && backend !== 'postgres') throw new Error('--backend pglite|postgres');
if (socketDir && backend !== 'postgres') throw new Error('--socket is for --backend postgres');

type Row = {
  name: string;
  rps: number;
  p50: number;
  p97_5: number;
  p99: number;
  errors: number;
  non2xx: number;
  load: string;
  /** CPU of the server process per request, µs. */
  serverUs: number;
  /** CPU of the database's backends per request, µs (PostgreSQL only). */
  dbUs: number;
};

/** The scratch PostgreSQL database's name (its backends' CPU is counted), set once it exists. */
let databaseName: string | undefined;

type Proc = { url: string; pid: number; stop(): Promise<void> };

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

async function waitFor(url: string, child: ChildProcess, tail: () => string) {
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited early:\n${tail()}`);
    if (Date.now() > deadline) throw new Error(`${url}: did not start:\n${tail()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
}

function stopper(child: ChildProcess) {
  return async () => {
    // Ended by a signal, a process keeps exitCode null: signalCode says it is gone.
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  };
}

/**
 * The API server of `checkout` on `dataDir` (and `databaseUrl` on PostgreSQL). Its output goes to `logFile`
 * (the request log lines of production are written there, as a log shipper would read them).
 */
async function startApi(
  checkout: string,
  dataDir: string,
  env: Record<string, string>,
  logFile: string,
  databaseUrl?: string,
): Promise<Proc> {
  const port = await freePort();
  const fd = fs.openSync(logFile, 'a');
  const profile =
    cpuProf && env.NODE_ENV === 'production' ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(cpuProf)}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: checkout,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      // These endpoints do not read the discovery index: 5,000 profiles, written before the server listens.
      DISCOVERY_SEED_SIZE: '5000',
      RATE_LIMIT_AUTH_MAX: '100000',
      ...productionSecrets,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    stdio: ['ignore', fd, fd],
  });
  fs.closeSync(fd);
  const url = `http://127.0.0.1:${port}`;
  const tail = () => fs.readFileSync(logFile, 'utf8').slice(-4000);
  await waitFor(`${url}/api/v1/health`, child, tail);
  return { url, pid: child.pid ?? 0, stop: stopper(child) };
}

/** The baseline: a bare Fastify app with one route reading one row by primary key, in its own process. */
async function startBaseline(databaseUrl: string | undefined, userId: number): Promise<Proc> {
  const port = await freePort();
  const script = databaseUrl
    ? `
    import Fastify from 'fastify';
    import pg from 'pg';
    const pool = new pg.Pool({ connectionString: ${JSON.stringify(databaseUrl)}, max: 10 });
    const app = Fastify({ logger: false });
    app.get('/users/:id', async (request) => {
      const { rows } = await pool.query('SELECT id, email, type, status FROM users WHERE id = $1', [Number(request.params.id)]);
      return rows[0];
    });
    await app.listen({ host: '127.0.0.1', port: ${port} });`
    : `
    import Fastify from 'fastify';
    import { PGlite } from '@electric-sql/pglite';
    const db = await PGlite.create('memory://');
    await db.exec("CREATE TABLE users (id bigint PRIMARY KEY, email text NOT NULL, type text NOT NULL, status text NOT NULL); " +
      "INSERT INTO users SELECT g, 'user' || g || '@reach.local', 'business', 'active' FROM generate_series(1, 1000) g");
    const app = Fastify({ logger: false });
    app.get('/users/:id', async (request) => {
      const { rows } = await db.query('SELECT id, email, type, status FROM users WHERE id = $1', [Number(request.params.id)]);
      return rows[0];
    });
    await app.listen({ host: '127.0.0.1', port: ${port} });`;
  let log = '';
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: path.join(root, 'apps/api'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/users/${userId}`, child, () => log);
  return { url, pid: child.pid ?? 0, stop: stopper(child) };
}

/**
 * Autocannon against `url`; with `pid`, the CPU that process (and, on PostgreSQL, the scratch database's
 * backends) spent per answered request: on a machine shared with other work, a cost that the queueing
 * behind other processes does not change, unlike req/s.
 */
async function cannon(
  name: string,
  url: string,
  request: { method?: string; body?: string; headers?: Record<string, string> } = {},
  pid?: number,
): Promise<Row> {
  const options = {
    url,
    connections,
    method: (request.method ?? 'GET') as 'GET',
    body: request.body,
    headers: request.headers ?? {},
  };
  // A second of load first (compiled code, pooled connections), not counted; then an idle server.
  await autocannon({ ...options, duration: 1 });
  if (pid) await settled(pid);
  const cpuBefore = pid ? cpuMs(pid) : 0;
  const dbBefore = databaseCpu(databaseName);
  const result = await autocannon({ ...options, duration: seconds });
  const row = {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    load: loadAverage(),
    serverUs: pid ? Math.round(((cpuMs(pid) - cpuBefore) * 1000) / Math.max(1, result.requests.total)) : 0,
    dbUs: databaseName
      ? Math.round((databaseCpuSince(databaseName, dbBefore) * 1000) / Math.max(1, result.requests.total))
      : 0,
  };
  console.log(
    `${name}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, non-2xx ${row.non2xx}, CPU/request server ${row.serverUs} µs + database ${row.dbUs} µs, load ${row.load}`,
  );
  return row;
}

type As = 'business' | 'influencer' | 'admin';

/**
 * An endpoint under load. `{userId}` and `{campaignId}` in the path are the signed-in user's id and the
 * business's first campaign; `body: 'preferences'` sends the user's notification settings as they are.
 */
type Endpoint = {
  name: string;
  path: string;
  as?: As;
  list?: boolean;
  method?: 'PUT' | 'POST';
  body?: unknown;
};

const ENDPOINTS: Endpoint[] = [
  { name: 'health (no auth, no database)', path: '/api/v1/health' },
  { name: 'GET /my/user (business)', path: '/api/v1/my/user', as: 'business' },
  { name: 'GET /dashboard/businesses/menu', path: '/api/v1/dashboard/businesses/menu', as: 'business' },
  {
    name: 'GET /campaigns/business?items=10',
    path: '/api/v1/campaigns/business?items=10',
    as: 'business',
    list: true,
  },
  { name: 'GET /influencers?items=20', path: '/api/v1/influencers?items=20', as: 'business', list: true },
  {
    name: 'GET /my/connections?items=10 (business)',
    path: '/api/v1/my/connections?items=10',
    as: 'business',
    list: true,
  },
  {
    name: 'GET /campaigns/browse?items=10 (influencer)',
    path: '/api/v1/campaigns/browse?items=10',
    as: 'influencer',
    list: true,
  },
  { name: 'GET /my/balance (influencer)', path: '/api/v1/my/balance', as: 'influencer' },
  // The rest of the mixed load's cycles (bench/src/mixed-load.ts), one by one.
  { name: 'GET /dashboard/businesses', path: '/api/v1/dashboard/businesses', as: 'business' },
  {
    name: 'GET /dashboard/businesses/results',
    path: '/api/v1/dashboard/businesses/results',
    as: 'business',
  },
  { name: 'GET /dashboard/influencers', path: '/api/v1/dashboard/influencers', as: 'influencer' },
  {
    name: 'GET /dashboard/influencers/menu',
    path: '/api/v1/dashboard/influencers/menu',
    as: 'influencer',
  },
  {
    name: 'GET /my/notifications/{id} (business)',
    path: '/api/v1/my/notifications/{userId}',
    as: 'business',
  },
  {
    name: 'PUT /my/notification-preferences (business)',
    path: '/api/v1/my/notification-preferences',
    as: 'business',
    method: 'PUT',
    body: 'preferences',
  },
  {
    name: 'POST /notifications/read (business)',
    path: '/api/v1/notifications/read',
    as: 'business',
    method: 'POST',
    body: { all: true },
  },
  { name: 'GET /my/payments/charges', path: '/api/v1/my/payments/charges', as: 'business' },
  { name: 'GET /my/payments/campaigns', path: '/api/v1/my/payments/campaigns', as: 'business' },
  { name: 'GET /my/subscription', path: '/api/v1/my/subscription', as: 'business' },
  { name: 'GET /campaign/{id}', path: '/api/v1/campaign/{campaignId}', as: 'business' },
  { name: 'GET /campaign-types/all', path: '/api/v1/campaign-types/all', as: 'business' },
  { name: 'GET /my/earnings', path: '/api/v1/my/earnings', as: 'influencer' },
  { name: 'GET /my/balance/history', path: '/api/v1/my/balance/history', as: 'influencer' },
  { name: 'GET /my/payouts', path: '/api/v1/my/payouts', as: 'influencer' },
  {
    name: 'GET /my/connections/businesses',
    path: '/api/v1/my/connections/businesses',
    as: 'influencer',
  },
  { name: 'GET /dashboard/admin/menu', path: '/api/v1/dashboard/admin/menu', as: 'admin' },
  { name: 'GET /dashboard/admin', path: '/api/v1/dashboard/admin', as: 'admin' },
  { name: 'GET /users?items=20 (admin)', path: '/api/v1/users?items=20', as: 'admin', list: true },
  { name: 'GET /dashboard/admin/totals', path: '/api/v1/dashboard/admin/totals', as: 'admin' },
  { name: 'GET /admin/keywords', path: '/api/v1/admin/keywords', as: 'admin' },
  {
    name: 'GET /admin/analytics/page-views',
    path: '/api/v1/admin/analytics/page-views',
    as: 'admin',
  },
];

type Measured = { label: string; server: Proc; tokens: Record<As, string> };

async function signIn(label: string, server: Proc): Promise<Measured> {
  return {
    label,
    server,
    tokens: {
      business: await login(server.url, 'pro@reach.local'),
      influencer: await login(server.url, 'influencer@reach.local'),
      admin: await login(server.url, 'admin@reach.local'),
    },
  };
}

/** `e`'s path with its placeholders filled in, and its body, for the signed-in user of `token`. */
async function resolve(url: string, token: string | undefined, e: Endpoint) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const get = async (p: string) => (await fetch(`${url}${p}`, { headers })).json() as Promise<unknown>;
  let p = e.path;
  if (p.includes('{userId}'))
    p = p.replace('{userId}', String(((await get('/api/v1/my/user')) as { id: number }).id));
  if (p.includes('{campaignId}')) {
    const page = (await get('/api/v1/campaigns/business?items=1')) as { data: { id: number }[] };
    p = p.replace('{campaignId}', String(page.data[0]?.id));
  }
  const body = e.body === 'preferences' ? await get('/api/v1/my/notification-preferences') : e.body;
  return { path: p, body: body === undefined ? undefined : JSON.stringify(body) };
}

async function measure({ server, tokens }: Measured, e: Endpoint): Promise<Row> {
  const token = e.as ? tokens[e.as] : undefined;
  const { path: p, body } = await resolve(server.url, token, e);
  const request = {
    method: e.method ?? 'GET',
    body,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
  };
  // One check that the answer is a 2xx before the load (a 401 would be fast and meaningless).
  const probe = await fetch(`${server.url}${p}`, request);
  if (!probe.ok) throw new Error(`${e.method ?? 'GET'} ${p}: ${probe.status} ${await probe.text()}`);

  return cannon(e.name, `${server.url}${p}`, request, server.pid);
}

async function userIdOf(url: string, token: string): Promise<number> {
  const res = await fetch(`${url}/api/v1/my/user`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { id: number }).id;
}

async function main() {
  const endpoints = ENDPOINTS.filter((e) => only.length === 0 || only.some((o) => e.path.includes(o)));
  const pg = backend === 'postgres' ? await scratchPostgres(adminUrl) : undefined;
  databaseName = pg ? new URL(pg.url).pathname.slice(1) : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reach-bench-api-'));
  const logFile = path.join(dataDir, 'server.log');
  const procs: Proc[] = [];
  const started = (p: Proc) => {
    procs.push(p);
    return p;
  };
  const runs: { label: string; rows: Row[] }[] = [];
  let baseline: Row | undefined;
  /** With --socket: the bare route through the Unix socket, the baseline of this checkout's rows. */
  let socketBaseline: Row | undefined;
  const devRows: Row[] = [];
  try {
    // 1. The demo data, written by a development start (DEV_TOOLS), then that process stops. With `--before`,
    // by that older checkout: this one's migrations then apply on top, as an upgrade would.
    console.log('seeding the demo data…');
    const seeding = started(
      await startApi(
        before ? path.resolve(before) : root,
        dataDir,
        { NODE_ENV: 'development', DEV_TOOLS: '1', LOG_LEVEL: 'warn' },
        logFile,
        pg?.url,
      ),
    );
    const userId = await userIdOf(seeding.url, await login(seeding.url, 'pro@reach.local'));
    await seeding.stop();

    // 2. The baseline.
    const bare = started(await startBaseline(pg?.url, userId));
    baseline = await cannon(
      'baseline: bare Fastify, one row by primary key',
      `${bare.url}/users/${userId}`,
      {},
      bare.pid,
    );
    await bare.stop();
    if (socketDir && pg) {
      const bareSocket = started(await startBaseline(overUnixSocket(pg.url, socketDir), userId));
      socketBaseline = await cannon(
        'baseline: bare Fastify, one row by primary key (Unix socket)',
        `${bareSocket.url}/users/${userId}`,
        {},
        bareSocket.pid,
      );
      await bareSocket.stop();
    }
    /** What this checkout's servers connect to: the Unix socket with --socket. */
    const ownUrl = socketDir && pg ? overUnixSocket(pg.url, socketDir) : pg?.url;

    // 3. The servers in production, both running, measured in turn endpoint by endpoint so that each pair
    // shares the machine's load of the moment. The `--before` checkout starts first (it knows no migration this
    // one may add); on PGlite each has its own copy of the seeded data directory (one process per directory).
    const production = { NODE_ENV: 'production', LOG_LEVEL: 'info' };
    const servers: Measured[] = [];
    if (before) {
      const beforeDir = backend === 'pglite' ? `${dataDir}-before` : dataDir;
      if (beforeDir !== dataDir) fs.cpSync(dataDir, beforeDir, { recursive: true });
      const server = started(await startApi(path.resolve(before), beforeDir, production, logFile, pg?.url));
      servers.push(await signIn('before', server));
    }
    servers.push(
      await signIn('this checkout', started(await startApi(root, dataDir, production, logFile, ownUrl))),
    );
    for (const s of servers) runs.push({ label: s.label, rows: [] });
    for (const e of endpoints) {
      for (const [i, s] of servers.entries()) {
        console.log(`${s.label}:`);
        runs[i]?.rows.push(await measure(s, e));
      }
    }
    for (const s of servers) await s.server.stop();

    // 4. Development mode's pretty request logs, on two endpoints.
    if (withDev) {
      console.log('development mode (pino-pretty request logs)…');
      const dev = started(
        await startApi(root, dataDir, { NODE_ENV: 'development', LOG_LEVEL: 'info' }, logFile, ownUrl),
      );
      const signedIn = await signIn('development', dev);
      for (const e of endpoints.filter(
        (x) => x.path.endsWith('/my/user') || x.path.includes('campaigns/business'),
      ))
        devRows.push(await measure(signedIn, e));
      await dev.stop();
    }
  } finally {
    for (const p of procs) await p.stop();
    await pg?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(`${dataDir}-before`, { recursive: true, force: true });
  }

  const tcpBase = baseline as Row;
  // Each row against the bare route over its own transport (`base`): with --socket, this checkout's rows have
  // the Unix socket's.
  const ratio = (r: Row, base: Row) => (r.rps / base.rps).toFixed(3);
  // What the ratio would be if CPU were the only limit: the baseline's CPU per request over the endpoint's.
  const cpuRatio = (r: Row, base: Row) =>
    r.serverUs + r.dbUs > 0 ? ((base.serverUs + base.dbUs) / (r.serverUs + r.dbUs)).toFixed(3) : '—';
  const targetOf = (name: string) => {
    const e = ENDPOINTS.find((x) => x.name === name);
    const parts: string[] = [];
    if (backend === 'postgres' && e?.path.endsWith('/my/user')) parts.push('≥ 0.3×');
    if (backend === 'postgres' && e?.list) parts.push('≥ 0.1×');
    if (backend === 'pglite' && e?.as) parts.push('≥ 300 req/s');
    return parts.join(', ') || '—';
  };
  const met = (r: Row, base: Row) => {
    const e = ENDPOINTS.find((x) => x.name === r.name);
    if (!e?.as) return '';
    if (backend === 'pglite') return r.rps >= 300 ? 'met' : 'missed';
    if (e.path.endsWith('/my/user')) return r.rps >= 0.3 * base.rps ? 'met' : 'missed';
    if (e.list) return r.rps >= 0.1 * base.rps ? 'met' : 'missed';
    return '';
  };
  const table = (rows: Row[], withTarget: boolean, base = tcpBase) => [
    `| Endpoint | req/s | × baseline | server CPU µs/req | database CPU µs/req | × baseline by CPU | p50 ms | p97.5 ms | p99 ms | errors | non-2xx | load avg 1/5/15 |${withTarget ? ' target | |' : ''}`,
    `|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|${withTarget ? '---|---|' : ''}`,
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.rps} | ${ratio(r, base)} | ${r.serverUs} | ${backend === 'postgres' ? r.dbUs : '(in the server)'} | ${cpuRatio(r, base)} | ${r.p50} | ${r.p97_5} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${r.load} |${withTarget ? ` ${targetOf(r.name)} | ${met(r, base)} |` : ''}`,
    ),
  ];
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    [
      `# API throughput — ${backend === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}`,
      '',
      machine(),
      `- Load average at the end of the run (1/5/15 min): ${loadAverage()}; each row has its own, read when its load ended. The machine is shared with other work: compare within a run.`,
      `- Load: autocannon, ${connections} connections, ${seconds} s per endpoint, one server process, demo data (discovery index of 5,000 profiles); the load generator runs on the same machine as the server and shares its 2 cores.`,
      '- Server: production configuration (NODE_ENV=production, JSON request logs at info to a file, no dev tools), `node --import tsx apps/api/src/server.ts`.',
      `- Baseline (same run, own process): a bare Fastify route reading one users row by primary key ${backend === 'postgres' ? `through \`pg\` (pool of 10, like the server) on the same database${socketDir ? ' over TCP loopback' : ''}` : "through PGlite's query (in-memory database, one connection like the server)"}: **${tcpBase.rps} req/s** (p50 ${tcpBase.p50} ms, p99 ${tcpBase.p99} ms, load ${tcpBase.load}; CPU per request: its process ${tcpBase.serverUs} µs${backend === 'postgres' ? `, the database's backends ${tcpBase.dbUs} µs` : ''}).`,
      ...(socketBaseline
        ? [
            `- The same bare route through PostgreSQL's Unix socket (\`${socketDir}\`), the baseline of this checkout's servers, which connect the same way (\`--socket\`; ${before ? 'the before server on TCP' : 'no other server'}): **${socketBaseline.rps} req/s** (p50 ${socketBaseline.p50} ms, p99 ${socketBaseline.p99} ms, load ${socketBaseline.load}; CPU per request: its process ${socketBaseline.serverUs} µs, the database's backends ${socketBaseline.dbUs} µs).`,
          ]
        : []),
      "- CPU per request: the server process's user + system time (/proc) over the requests answered, and on PostgreSQL that of the scratch database's backends (found by their process title); unlike req/s it does not depend on how much of the 2 cores other work leaves. \"× baseline by CPU\" is the baseline's CPU per request over the endpoint's: the ratio if CPU were the only limit.",
      '',
      ...runs.flatMap((run) => [
        `## ${run.label === 'this checkout' ? (before ? 'After (this checkout)' : 'Results') : `Before (${option('before-label', before)})`}`,
        '',
        ...(before
          ? [
              'Both servers run side by side on the same seeded data and are measured in turn, endpoint by endpoint.',
              '',
            ]
          : []),
        ...table(
          run.rows,
          run.label === 'this checkout',
          run.label === 'this checkout' ? (socketBaseline ?? tcpBase) : tcpBase,
        ),
        '',
      ]),
      ...(devRows.length
        ? [
            '## Development mode: pretty request logs',
            '',
            'The same server with NODE_ENV=development and LOG_LEVEL=info: every request line goes through the pino-pretty transport (a worker thread formatting colours and times).',
            '',
            ...table(devRows, false, socketBaseline ?? tcpBase),
            '',
          ]
        : []),
    ].join('\n'),
  );
  console.log(`wrote ${path.relative(process.cwd(), out)}`);
  if ([...runs.flatMap((r) => r.rows), ...devRows].some((r) => r.errors > 0 || r.non2xx > 0))
    process.exitCode = 1;
}

await main();
