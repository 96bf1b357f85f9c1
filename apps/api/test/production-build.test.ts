import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { backend } from './harness';

/**
 * What `npm start` runs in production: the api compiled by scripts/build-api.mjs, started with plain `node` (no
 * loader). It must answer its health check and stop cleanly on SIGTERM. A package bundled by mistake (an
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
      const deadline = Date.now() + 120_000;
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
  }, 180_000);
});
