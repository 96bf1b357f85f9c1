import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_MESSAGE } from '@reach/contract/messages';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { KNOWN_MIGRATIONS } from '../src/db/migrate';
import { connectRedis, type RedisConnection } from '../src/lib/redis';
import { backend, openSeededDatabase } from './harness';

/** The probes: liveness never touches the database; readiness names the check that failed. */
let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/**
 * Takes the database away from the app: PGlite is closed; a PostgreSQL database stops accepting connections
 * and its sessions are terminated (what an outage looks like to the pool).
 */
async function start(
  options: { redis?: RedisConnection } = {},
): Promise<{ app: FastifyInstance; cutDatabase(): Promise<void>; restoreDatabase(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reach-health-'));
  const { database, url, drop } = await openSeededDatabase();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}) });
  const app = await buildApp({
    config,
    database,
    redis: options.redis,
    logger: false,
    webDist: '/nonexistent',
  });
  await app.ready();
  let open = true;
  const asAdmin = async (work: (admin: pg.Client, name: string) => Promise<unknown>) => {
    const name = new URL(url!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await work(admin, name);
    } finally {
      await admin.end();
    }
  };
  const cutDatabase = async () => {
    if (!url) {
      if (open) await database.close();
      open = false;
      return;
    }
    await asAdmin(async (admin, name) => {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
    });
  };
  /** PostgreSQL only (a closed PGlite does not come back): the database accepts connections again. */
  const restoreDatabase = async () => {
    if (!url) throw new Error('restoreDatabase needs PostgreSQL');
    await asAdmin((admin, name) => admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`));
  };
  cleanup = async () => {
    await app.close();
    if (open) await database.close();
    open = false;
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, cutDatabase, restoreDatabase };
}

const get = async (app: FastifyInstance, url: string) => {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
};

describe('health probes', () => {
  it('live answers 200 ok, even with the database gone; ready answers 200 when all is in place', async () => {
    const { app, cutDatabase } = await start();
    expect(await get(app, '/api/v1/health/live')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await get(app, '/api/v1/health/ready')).toEqual({
      status: 200,
      body: { status: 'ok', checks: { database: 'ok', migrations: 'ok' } },
    });
    // The existing path keeps its answer.
    const health = await get(app, '/api/v1/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'ok', database: 'ok' });

    await cutDatabase();
    expect(await get(app, '/api/v1/health/live')).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('ready answers 503 naming the database when it cannot be reached', async () => {
    const { app, cutDatabase } = await start();
    await cutDatabase();
    const ready = await get(app, '/api/v1/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.error.code).toBe('unavailable');
    expect(ready.body.error.message).toMatch(/database/);
    expect(Object.keys(ready.body.error.fields)).toEqual(['database']);
  });

  // Issue 15 acceptance: readiness false while the database is away, true when it returns; liveness true all along.
  it.skipIf(backend !== 'postgres')(
    'ready goes 503 when PostgreSQL stops answering and 200 when it returns; live stays 200',
    async () => {
      const { app, cutDatabase, restoreDatabase } = await start();
      const probe = async () => ({
        live: (await get(app, '/api/v1/health/live')).status,
        ready: (await get(app, '/api/v1/health/ready')).status,
      });
      expect(await probe()).toEqual({ live: 200, ready: 200 });
      await cutDatabase();
      expect(await probe()).toEqual({ live: 200, ready: 503 });
      expect(await probe()).toEqual({ live: 200, ready: 503 });
      await restoreDatabase();
      // The pool reconnects on the next check: bounded wait, 10 s at most.
      const deadline = Date.now() + 10_000;
      let state = await probe();
      while (state.ready !== 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        state = await probe();
      }
      expect(state).toEqual({ live: 200, ready: 200 });
    },
    30_000,
  );

  it('ready answers 503 naming the migrations when one the code knows is not applied', async () => {
    const { app } = await start();
    const last = KNOWN_MIGRATIONS.at(-1) as string;
    await sql`delete from kysely_migration where name = ${last}`.execute(app.ctx.db);
    const ready = await get(app, '/api/v1/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.error.message).toMatch(/migrations/);
    expect(Object.keys(ready.body.error.fields)).toEqual(['migrations']);
    expect(ready.body.error.fields.migrations).toContain(last);
  });

  it('ready answers 503 naming Redis when the replicas share one (REDIS_URL) and it stops answering', async () => {
    const quiet = { error: () => {}, warn: () => {} };
    const redis = await connectRedis(
      process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      `reach-test-health-${process.pid}:`,
      quiet,
    );
    try {
      const { app } = await start({ redis });
      expect(await get(app, '/api/v1/health/ready')).toEqual({
        status: 200,
        body: { status: 'ok', checks: { database: 'ok', migrations: 'ok' } },
      });
      await redis.close();
      const ready = await get(app, '/api/v1/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.error.fields).toEqual({ redis: API_MESSAGE.redisUnreachable });
      expect(await get(app, '/api/v1/health/live')).toEqual({ status: 200, body: { status: 'ok' } });
    } finally {
      await redis.close();
    }
  });
});
