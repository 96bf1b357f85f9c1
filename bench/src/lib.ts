import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const resultsDir = path.join(root, 'bench', 'results');

/**
 * The secrets a production server refuses to generate for itself (it has no dev tools): a signing key and
 * the app secret, made once per bench run and given to every server of it (the seeding start and the measured
 * one must agree).
 */
export const productionSecrets = {
  JWT_PRIVATE_KEY: crypto
    .generateKeyPairSync('ed25519')
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString(),
  APP_SECRET: crypto.randomBytes(32).toString('hex'),
};

/** `--name value` options of a bench script. */
export function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 && process.argv[at + 1] ? (process.argv[at + 1] as string) : fallback;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** What the results were measured on: every results file starts with it. */
export function machine(): string {
  const cpus = os.cpus();
  return [
    `- Date: ${new Date().toISOString()}`,
    `- Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ${os.type()} ${os.release()}`,
    `- Node ${process.version}`,
  ].join('\n');
}

export type Server = { url: string; pid: number; stop(): Promise<void> };

/** What a bench changes in how the server runs, beyond its environment. */
export type ServerOptions = {
  /** Its DATA_DIR, kept when it stops (e.g. an embedded database seeded beforehand); else a fresh one, removed. */
  dataDir?: string;
  /** Node flags before the script, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
  /** Where its output goes (a long run's request log lines); else kept in memory for an early exit's message. */
  logFile?: string;
  /**
   * Run the compiled api (`apps/api/dist/server.js` of `checkout`, built by `npm run build:api`) with plain node,
   * as `npm start` and a supervisor do in production, instead of the TypeScript sources through tsx's loader
   * (whose transform thread and module cache add to the process's memory).
   */
  compiled?: boolean;
};

/**
 * The real server as `npm start` runs it (production mode, logs quiet), on a loopback port, on a fresh
 * PGlite data dir or on `databaseUrl`, with the demo data. `checkout` runs another checkout of the repository
 * (e.g. a git worktree of a baseline commit, with its own apps/web/dist) instead of this one.
 */
export async function startServer(
  env: Record<string, string> = {},
  checkout = root,
  { dataDir: givenDataDir, nodeArgs = [], logFile, compiled = false }: ServerOptions = {},
): Promise<Server> {
  const port = await freePort();
  const dataDir = givenDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'reach-bench-'));
  let log = '';
  const output = logFile ? fs.openSync(logFile, 'a') : 'pipe';
  const child: ChildProcess = spawn(
    process.execPath,
    compiled
      ? [...nodeArgs, '--enable-source-maps', 'apps/api/dist/server.js']
      : [...nodeArgs, '--import', 'tsx', 'apps/api/src/server.ts'],
    {
      cwd: checkout,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        // The demo accounts and generated keys, as `npm start` has them.
        DEV_TOOLS: '1',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        RATE_LIMIT_AUTH_MAX: '100000',
        ...env,
      },
      stdio: ['ignore', output, output],
    },
  );
  if (typeof output === 'number') fs.closeSync(output);
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const running = () => child.exitCode === null && child.signalCode === null;
  /** SIGTERM lets it close its database (and write its --cpu-prof profile); a server that never started is killed. */
  async function stop(signal: NodeJS.Signals = 'SIGTERM') {
    if (running()) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await exited;
    }
    if (!givenDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const url = `http://127.0.0.1:${port}`;
  const tail = () => (logFile ? fs.readFileSync(logFile, 'utf8').slice(-4000) : log);
  // Generous: on a loaded machine the first start (migrations, demo seed) can take minutes.
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (!running()) {
      await stop();
      throw new Error(`server exited early:\n${tail()}`);
    }
    if (Date.now() > deadline) {
      await stop('SIGKILL');
      throw new Error(`server did not start:\n${tail()}`);
    }
    try {
      // A server busy starting may hold the connection: each poll gives up after 2 s.
      if ((await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(2000) })).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, pid: child.pid ?? 0, stop: () => stop() };
}

export async function login(url: string, email: string, password = 'reach-demo-2026'): Promise<string> {
  const res = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A new empty PostgreSQL database on `adminUrl`'s server (dropped by the returned function). */
export async function scratchPostgres(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const pg = (await import('pg')).default;
  const name = `reach_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * The same PostgreSQL database through the server's Unix-domain socket in `dir` instead of TCP: pg
 * (pg-connection-string) takes a socket directory from the URL's `host` parameter, e.g.
 * `postgres://postgres@localhost:5432/reach?host=/var/run/postgresql` (the port names the socket file).
 */
export function overUnixSocket(url: string, dir = '/var/run/postgresql'): string {
  const u = new URL(url);
  u.searchParams.set('host', dir);
  return u.toString();
}

/** CPU time (user + system, ms) a process has used, from /proc (Linux); `unreadable` when it cannot be read. */
export function cpuMs(pid: number | undefined, unreadable = 0): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state …": comm may hold spaces, so the fields are read after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / USER_HZ;
  } catch {
    return unreadable;
  }
}
const USER_HZ = 100;

/** CPU time of each PostgreSQL backend serving `database` now (their process title names it), by process id. */
export function databaseCpu(database: string | undefined): Map<number, number> {
  const cpu = new Map<number, number>();
  if (!database) return cpu;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.startsWith('postgres:') && title.includes(` ${database} `))
        cpu.set(Number(entry), cpuMs(Number(entry)));
    } catch {}
  }
  return cpu;
}

/**
 * The CPU the database's backends spent since `before`: those alive now, from their reading then (0 for new
 * ones). A backend that ended meanwhile is not counted: an idle pooled connection closing (another server's),
 * never the busy ones of the server under load.
 */
export function databaseCpuSince(database: string | undefined, before: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of databaseCpu(database)) total += ms - (before.get(pid) ?? 0);
  return total;
}

/**
 * Waits (up to a minute) until the process is idle: under 5 % of a core over a second. A fresh server runs its
 * start-up work (the periodic tasks, the rest of the discovery index) for a while, which would count as the
 * requests' CPU.
 */
export async function settled(pid: number) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const before = cpuMs(pid);
    await new Promise((r) => setTimeout(r, 1000));
    if (cpuMs(pid) - before < 50) return;
  }
}
