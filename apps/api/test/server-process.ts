import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every file under `dir`, sorted, relative to root. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .flatMap((entry) => {
      const rel = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(rel) : [rel];
    })
    .sort();
}

let bundled: Promise<string> | undefined;

/**
 * The server compiled to plain JavaScript as `npm start` runs it (scripts/build-api.mjs's esbuild settings: the
 * workspace's TypeScript bundled, installed packages left as imports), built once per content of the api and
 * contract sources and kept under node_modules/.cache. Starting `--import tsx apps/api/src/server.ts` loaded
 * every module through tsx's loader: 10–20 s of CPU per process on a busy 2-core machine, for each of the
 * dozen processes a pass starts; the bundle starts in about a second.
 */
export function serverBundle(): Promise<string> {
  bundled ??= (async () => {
    const sources = [...filesUnder('apps/api/src'), ...filesUnder('packages/contract/src')].filter(
      (file) => !file.endsWith('.test.ts'),
    );
    const hash = crypto.createHash('sha256');
    for (const file of [...sources, 'apps/api/package.json', 'packages/contract/package.json']) {
      hash
        .update(file)
        .update('\0')
        .update(fs.readFileSync(path.join(root, file)))
        .update('\0');
    }
    const cache = path.join(root, 'node_modules/.cache/reach-api-server');
    const outdir = path.join(cache, hash.digest('hex').slice(0, 16));
    const entry = path.join(outdir, 'server.js');
    if (fs.existsSync(entry)) return entry;
    const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
    const installed = Object.keys({
      ...read('apps/api/package.json').dependencies,
      ...read('packages/contract/package.json').dependencies,
    }).filter((name) => !name.startsWith('@reach/'));
    // Built beside and renamed into place: the other worker may be building the same sources.
    const building = `${outdir}.${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
    await build({
      entryPoints: {
        server: path.join(root, 'apps/api/src/server.ts'),
        // The tracked links' click worker, beside server.js as scripts/build-api.mjs builds it.
        'click-worker': path.join(root, 'apps/api/src/modules/attribution/click-worker.ts'),
      },
      outdir: building,
      bundle: true,
      splitting: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: true,
      external: installed.flatMap((name) => [name, `${name}/*`]),
      logLevel: 'warning',
    });
    fs.writeFileSync(path.join(building, 'package.json'), '{ "type": "module" }\n');
    try {
      fs.renameSync(building, outdir);
    } catch {
      fs.rmSync(building, { recursive: true, force: true });
      if (!fs.existsSync(entry)) throw new Error(`could not build ${entry}`);
    }
    return entry;
  })();
  return bundled;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export type ServerProcess = {
  url: string;
  /** The child's process id. */
  pid: number;
  /** Everything the process printed. */
  output(): string;
  /** Whether the process has not exited (a crash shows here). */
  running(): boolean;
  /**
   * Sends a signal and waits for the process to exit (SIGKILL: a crash, nothing runs on the way out); answers
   * its exit code (null when the signal ended it).
   */
  kill(signal: NodeJS.Signals): Promise<number | null>;
};

type StartOptions = {
  /** What node runs, relative to the repository (default: the server bundle, with source maps). */
  args?: string[];
  /**
   * The whole environment (PATH added) instead of the test process's with the test server's defaults: for
   * runs that must see only what a user would set, as `npm start` in production.
   */
  bare?: boolean;
  /** How long it may take to answer its health check (default 90 s). */
  startTimeoutMs?: number;
};

/**
 * The real server (`apps/api/src/server.ts`, compiled as `npm start` runs it: serverBundle) in a child process,
 * for tests that crash and restart it; or, with `args`, another entry point (the production build, start.mjs).
 * `env` chooses the database: DATA_DIR for PGlite, or DATABASE_URL. Resolves once its health check answers.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: StartOptions = {},
): Promise<ServerProcess> {
  // A port found free can be taken before the server binds it (another test's server or client socket: both
  // passes run at once): the server then exits with EADDRINUSE, and is started again on another port.
  for (let attempt = 1; ; attempt++) {
    try {
      return await spawnServerProcess(await freePort(), env, options);
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === 3) throw error;
    }
  }
}

class PortTaken extends Error {}

async function spawnServerProcess(
  port: number,
  env: Record<string, string>,
  options: StartOptions,
): Promise<ServerProcess> {
  let log = '';
  const base = options.bare
    ? { PATH: process.env.PATH ?? '' }
    : {
        ...process.env,
        NODE_ENV: 'test',
        // The demo accounts and the dev outbox the tests use: said outright, not left to NODE_ENV's default.
        DEV_TOOLS: '1',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_AUTH_MAX: '10000',
        JOBS_POLL_MS: '50',
      };
  const args = options.args ?? ['--enable-source-maps', await serverBundle()];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...base,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.startTimeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null) {
      const message = `server exited early:\n${log}`;
      throw log.includes(`EADDRINUSE: address already in use 127.0.0.1:${port}`)
        ? new PortTaken(message)
        : new Error(message);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${log}`);
    }
    try {
      // Bounded: whatever holds a taken port may never answer.
      if ((await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(2_000) })).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid ?? -1,
    output: () => log,
    running: () => child.exitCode === null && child.signalCode === null,
    async kill(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill(signal);
      return exited;
    },
  };
}

/** A small JSON client for a running server. */
export function httpClient(url: string, token?: string) {
  return async <T = Record<string, unknown>>(method: string, route: string, body?: unknown, headers = {}) => {
    const res = await fetch(`${url}/api/v1${route}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as T };
  };
}
