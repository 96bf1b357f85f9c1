// `npx tsx bench/src/memory.ts [--builds before=<dir>,after=apps/api/dist] [--backends pglite,postgres]
//   [--idle 30] [--size 100000] [--repeat 3] [--node-flags label=--flag,…] [--out bench/results/memory.md]`
// The resident memory (RSS) of the production server, idle. Per backend, one database is seeded first (the
// migrations, reference data and a --size-profile local discovery index, written by the first build's
// `discovery-seed.js`); then each build (a directory holding the compiled `server.js`, as `npm run build:api`
// writes it) starts with plain `node` in production mode (JSON logs, no dev tools) on its own copy of it (a
// copied PGlite data dir, or `CREATE DATABASE … TEMPLATE`), answers a few requests (health, readiness, the web
// app, a sign-up, a refused sign-in), idles `--idle` seconds, and its VmRSS / VmHWM are read from /proc. Every
// build and backend runs in the same invocation, one after the other, so the figures compare. The idle RSS of
// one start varies by up to ~30 MB with the garbage collector's timing (whether V8 shrank its young generation
// before the reading), so each build runs `--repeat` times, the builds alternating, and the median is reported
// with the range. `--node-flags after-semi4=--max-semi-space-size=4` starts the build labelled after-semi4 with
// that node flag (a build directory may be listed under several labels).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, machine, option, productionSecrets, root, scratchPostgres } from './lib';

const builds = option('builds', 'after=apps/api/dist')
  .split(',')
  .map((pair) => {
    const [label, dir] = pair.split('=') as [string, string];
    return { label, entry: path.resolve(root, dir, 'server.js') };
  });
const backends = option('backends', 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
const idleSeconds = Number(option('idle', '30'));
const size = option('size', '100000');
const repeat = Number(option('repeat', '3'));
const nodeFlags = new Map(
  option('node-flags', '')
    .split(',')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return [pair.slice(0, at), pair.slice(at + 1).split(' ')] as const;
    }),
);
const out = path.resolve(root, option('out', 'bench/results/memory.md'));
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Reading = { rssMb: number; hwmMb: number; startMs: number };

function status(pid: number): { rss: number; hwm: number } {
  const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

async function until(test: () => boolean | Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Starts `entry`, waits for it, sends the requests, idles, and reads its memory. */
async function measure(entry: string, env: Record<string, string>, flags: string[] = []): Promise<Reading> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const started = Date.now();
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', ...flags, entry], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DISCOVERY_SEED_SIZE: size,
      RATE_LIMIT_AUTH_MAX: '100000',
      ...productionSecrets,
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
  try {
    await until(
      async () => {
        if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
        return fetch(`${url}/api/v1/health`).then(
          (r) => r.ok,
          () => false,
        );
      },
      300_000,
      'the server',
    );
    const startMs = Date.now() - started;
    const email = `memory-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const requests: [string, string, unknown?][] = [
      ['GET', '/api/v1/health'],
      ['GET', '/api/v1/health/ready'],
      ['GET', '/'],
      ['GET', '/api/v1/auth/providers'],
      [
        'POST',
        '/api/v1/auth/sign-up',
        {
          email,
          password: 'a long memorable passphrase 2026',
          type: 'business',
          given_name: 'Mem',
          family_name: 'Ory',
        },
      ],
      ['POST', '/api/v1/auth/login', { email, password: 'not the password at all' }],
    ];
    for (const [method, route, body] of requests) {
      const res = await fetch(`${url}${route}`, {
        method,
        headers: body ? { 'content-type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : undefined,
      });
      await res.arrayBuffer();
      if (res.status >= 500 || (method === 'POST' && route.endsWith('sign-up') && res.status !== 201))
        throw new Error(`${method} ${route}: ${res.status}`);
    }
    await new Promise((r) => setTimeout(r, idleSeconds * 1000));
    const { rss, hwm } = status(child.pid as number);
    return { rssMb: rss, hwmMb: hwm, startMs };
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }
}

/** Runs a build's `discovery-seed.js` (migrations, reference data, the local index) on `env`'s database. */
function seed(dir: string, env: Record<string, string>) {
  execFileSync(process.execPath, [path.join(dir, 'discovery-seed.js'), '--size', size], {
    cwd: root,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

type Row = { build: string; backend: string; reading: Reading; load: string };
const rows: Row[] = [];
for (const backend of backends) {
  const seededDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reach-memory-'));
  const seeded = backend === 'postgres' ? await scratchPostgres(adminUrl) : undefined;
  const seedStarted = Date.now();
  try {
    seed(path.dirname(builds[0]!.entry), {
      DATA_DIR: seededDir,
      ...(seeded ? { DATABASE_URL: seeded.url } : {}),
    });
    console.log(`${backend}: seeded ${size} profiles in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s`);
    for (const [build, round] of Array.from({ length: repeat }, (_, i) =>
      builds.map((b) => [b, i] as const),
    ).flat()) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reach-memory-'));
      let copy: { url: string; drop(): Promise<void> } | undefined;
      if (seeded) copy = await copyDatabase(seeded.url);
      else fs.cpSync(seededDir, dataDir, { recursive: true });
      try {
        const reading = await measure(
          build.entry,
          { DATA_DIR: dataDir, ...(copy ? { DATABASE_URL: copy.url } : {}) },
          nodeFlags.get(build.label),
        );
        const load = os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ');
        rows.push({ build: build.label, backend, reading, load });
        console.log(JSON.stringify({ round, ...rows.at(-1) }));
      } finally {
        await copy?.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    await seeded?.drop();
    fs.rmSync(seededDir, { recursive: true, force: true });
  }
}

/** A new database made from `url`'s (CREATE DATABASE … TEMPLATE), dropped by the returned function. */
async function copyDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const pg = (await import('pg')).default;
  const template = new URL(url).pathname.slice(1);
  const name = `${template}_copy`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const copyUrl = new URL(url);
  copyUrl.pathname = `/${name}`;
  return {
    url: copyUrl.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
const mb = (n: number) => n.toFixed(0);
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const range = (xs: number[]) => `${mb(Math.min(...xs))}–${mb(Math.max(...xs))}`;
const groups = backends.flatMap((backend) =>
  builds.map((b) => ({
    build: b.label,
    backend,
    runs: rows.filter((r) => r.build === b.label && r.backend === backend),
  })),
);
const table = [
  `| build | backend | idle RSS (MB), median of ${repeat} | range | peak RSS (MB), median | ready in (s), median | load average (1, 5, 15 min) at each reading |`,
  '|---|---|---|---|---|---|---|',
  ...groups.map(({ build, backend, runs }) => {
    const rss = runs.map((r) => r.reading.rssMb);
    return `| ${build} | ${backend} | **${mb(median(rss))}** | ${range(rss)} | ${mb(median(runs.map((r) => r.reading.hwmMb)))} | ${(median(runs.map((r) => r.reading.startMs)) / 1000).toFixed(1)} | ${runs.map((r) => r.load).join('; ')} |`;
  }),
].join('\n');
const generated = [
  '<!-- generated by bench/src/memory.ts -->',
  machine(),
  `- Commit ${commit}; builds: ${builds.map((b) => `${b.label} = ${path.relative(root, path.dirname(b.entry))}${nodeFlags.has(b.label) ? ` (node ${nodeFlags.get(b.label)!.join(' ')})` : ''}`).join(', ')}`,
  `- ${size}-profile discovery index (seeded before), NODE_ENV=production, ${idleSeconds} s idle after the requests; ${repeat} starts per build and backend, the builds alternating`,
  '',
  table,
  '<!-- end generated -->',
].join('\n');
// The file's prose (method, per-dependency costs, conclusions) is kept; only the generated block is replaced.
const previous = fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : '';
const block = /<!-- generated by bench\/src\/memory\.ts -->[\s\S]*<!-- end generated -->/;
fs.writeFileSync(
  out,
  block.test(previous) ? previous.replace(block, generated) : `# Memory\n\n${generated}\n`,
);
console.log(table);
