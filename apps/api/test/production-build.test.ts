import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { backend } from './harness';

/**
 * What `npm start` runs in production: the api compiled by scripts/build-api.mjs, started with plain `node` (no
 * loader), by scripts/start.mjs in its own process. It must answer its health check and stop cleanly on SIGTERM. A package bundled by mistake (an
 * undeclared dependency) fails the build itself, naming the package.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reach-build-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

// It runs the embedded database whatever the pass, so it runs once: in the PGlite pass.
describe.skipIf(backend === 'postgres')('the production build', () => {
  it('builds, serves /api/v1/health with plain node, and exits 0 on SIGTERM', async () => {
    execFileSync(process.execPath, ['scripts/build-api.mjs'], { cwd: root, stdio: 'pipe' });
    const port = await freePort();
    const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        DEV_TOOLS: '1',
        SEED_DEMO: '0',
        DISCOVERY_SEED_SIZE: '0',
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      let health: { status?: string; version?: string } | undefined;
      // A fresh PGlite data dir (initdb, migrations, reference data): 1–3 minutes on a loaded 2-core machine.
      const deadline = Date.now() + 300_000;
      while (!health && Date.now() < deadline && child.exitCode === null) {
        health = await fetch(`http://127.0.0.1:${port}/api/v1/health`)
          .then((r) => (r.ok ? (r.json() as Promise<{ status?: string; version?: string }>) : undefined))
          .catch(() => undefined);
        if (!health) await new Promise((r) => setTimeout(r, 250));
      }
      expect(health, output).toMatchObject({ status: 'ok' });
      // The version comes from the build (package version + commit), not a literal.
      expect(health?.version).toMatch(/^\d+\.\d+\.\d+(\+[0-9a-f]+)?$/);
      const stopping = Date.now();
      child.kill('SIGTERM');
      expect(await exited, output).toBe(0);
      expect(Date.now() - stopping).toBeLessThan(10_000);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 360_000);

  it("`npm start` in production serves from start.mjs's own process (no child), and exits 0 on SIGTERM", async () => {
    // After the test above: the build is there (production rebuilds nothing) and the data dir is migrated.
    const port = await freePort();
    const { privateKey } = crypto.generateKeyPairSync('ed25519');
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        APP_SECRET: crypto.randomBytes(32).toString('hex'),
        DISCOVERY_SEED_SIZE: '0',
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      let ok = false;
      const deadline = Date.now() + 300_000;
      while (!ok && Date.now() < deadline && child.exitCode === null) {
        ok = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (!ok) await new Promise((r) => setTimeout(r, 250));
      }
      expect(ok, output).toBe(true);
      // The process answering is the one started: no process has it as its parent.
      const children = fs
        .readdirSync('/proc')
        .filter((entry) => /^\d+$/.test(entry))
        .filter((pid) => {
          try {
            // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so read after the last ')'.
            const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
            return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === child.pid;
          } catch {
            return false;
          }
        });
      expect(children, output).toEqual([]);
      const stopping = Date.now();
      child.kill('SIGTERM');
      expect(await exited, output).toBe(0);
      expect(Date.now() - stopping).toBeLessThan(10_000);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 360_000);
});
