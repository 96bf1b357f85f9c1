import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runsBackendFreeFiles } from './harness';
import { type ServerProcess, startServerProcess } from './server-process';

/**
 * What `npm start` runs in production: the api compiled by scripts/build-api.mjs, started with plain `node` (no
 * loader), by scripts/start.mjs in its own process. It must answer its health check and stop cleanly on SIGTERM. A package bundled by mistake (an
 * undeclared dependency) fails the build itself, naming the package.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reach-build-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

// It runs the embedded database whatever the pass, so it runs in one pass only.
describe.runIf(runsBackendFreeFiles)('the production build', () => {
  it('builds, serves /api/v1/health with plain node, and exits 0 on SIGTERM', async () => {
    execFileSync(process.execPath, ['scripts/build-api.mjs'], { cwd: root, stdio: 'pipe' });
    // A fresh PGlite data dir (initdb, migrations, reference data): 1–3 minutes on a loaded 2-core machine.
    const server = await startServerProcess(
      {
        NODE_ENV: 'development',
        DEV_TOOLS: '1',
        SEED_DEMO: '0',
        DISCOVERY_SEED_SIZE: '0',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      { args: ['apps/api/dist/server.js'], bare: true, startTimeoutMs: 300_000 },
    );
    try {
      const health = (await (await fetch(`${server.url}/api/v1/health`)).json()) as {
        status?: string;
        version?: string;
      };
      expect(health, server.output()).toMatchObject({ status: 'ok' });
      // The version comes from the build (package version + commit), not a literal.
      expect(health.version).toMatch(/^\d+\.\d+\.\d+(\+[0-9a-f]+)?$/);
      await expectCleanStop(server);
    } finally {
      await server.kill('SIGKILL');
    }
  }, 360_000);

  it("`npm start` in production serves from start.mjs's own process (no child), and exits 0 on SIGTERM", async () => {
    // After the test above: the build is there (production rebuilds nothing) and the data dir is migrated.
    const { privateKey } = crypto.generateKeyPairSync('ed25519');
    const server = await startServerProcess(
      {
        NODE_ENV: 'production',
        JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        APP_SECRET: crypto.randomBytes(32).toString('hex'),
        DISCOVERY_SEED_SIZE: '0',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      { args: ['scripts/start.mjs'], bare: true, startTimeoutMs: 300_000 },
    );
    try {
      // The process answering is the one started: no process has it as its parent.
      const children = fs
        .readdirSync('/proc')
        .filter((entry) => /^\d+$/.test(entry))
        .filter((pid) => {
          try {
            // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so read after the last ')'.
            const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
            return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === server.pid;
          } catch {
            return false;
          }
        });
      expect(children, server.output()).toEqual([]);
      await expectCleanStop(server);
    } finally {
      await server.kill('SIGKILL');
    }
  }, 360_000);
});

/** SIGTERM stops the server within 10 s with exit code 0. */
async function expectCleanStop(server: ServerProcess) {
  const stopping = Date.now();
  expect(await server.kill('SIGTERM'), server.output()).toBe(0);
  expect(Date.now() - stopping).toBeLessThan(10_000);
}
