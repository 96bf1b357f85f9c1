import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, defaultLogger } from '../src/app';
import { loadConfig } from '../src/config';
import { openSeededDatabase } from './harness';

/**
 * The request log through the server's own logger configuration, at info, into memory: one line per API
 * request carrying its request id, status and duration; none for the health probes nor for static files; with
 * LOG_SAMPLE_RATE=0 only the 5xx answers.
 */
type Line = Record<string, unknown>;
type Started = { app: FastifyInstance; lines: Line[] };

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

async function start(sampleRate: string): Promise<Started> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reach-request-log-'));
  // A built web app of its own: the SPA index and one hashed asset.
  const webDist = path.join(dataDir, 'web');
  fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>REACH</title>');
  fs.writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
  const { database, url, drop } = await openSeededDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_SAMPLE_RATE: sampleRate,
    ...(url ? { DATABASE_URL: url } : {}),
  });
  const lines: Line[] = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line)) };
  const app = await buildApp({
    config,
    database,
    logger: defaultLogger(config, stream),
    webDist,
    // A route that fails as a bug would: a 500 through the error handler.
    extraRoutes: (site) =>
      site.get('/api/v1/test-failure', { config: { public: true } }, async () => {
        throw new Error('a bug');
      }),
  });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await database.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, lines };
}

/** The lines logged while `run` ran. */
async function linesOf(started: Started, run: () => Promise<unknown>): Promise<Line[]> {
  const from = started.lines.length;
  await run();
  // onResponse runs after the answer is sent: let it finish.
  await new Promise((resolve) => setTimeout(resolve, 20));
  return started.lines.slice(from);
}

let all: Started;
let sampled: Started;
beforeAll(async () => {
  all = await start('1');
  sampled = await start('0');
});

describe('the request log', () => {
  it('writes one line per API request, with its request id, method, path without query, status, duration', async () => {
    let id = '';
    const lines = await linesOf(all, async () => {
      const res = await all.app.inject({ method: 'GET', url: '/api/v1/no-such-thing?token=secret-123' });
      expect(res.statusCode).toBe(404);
      id = String(res.headers['x-request-id']);
    });
    expect(lines).toHaveLength(1);
    const [line] = lines as [Line];
    expect(line).toMatchObject({
      level: 30,
      msg: 'request',
      reqId: id,
      method: 'GET',
      path: '/api/v1/no-such-thing',
      status: 404,
    });
    expect(typeof line.durationMs).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('secret-123');
  });

  it('takes the request id a caller sends', async () => {
    const lines = await linesOf(all, () =>
      all.app.inject({
        method: 'GET',
        url: '/api/v1/auth/providers',
        headers: { 'x-request-id': 'caller-id-0001' },
      }),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ reqId: 'caller-id-0001', path: '/api/v1/auth/providers', status: 200 });
  });

  it('writes nothing for the health probes, the SPA, its assets and uploads', async () => {
    const lines = await linesOf(all, async () => {
      for (const url of ['/api/v1/health', '/api/v1/health/live', '/api/v1/health/ready']) {
        expect((await all.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      }
      expect((await all.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
      const page = await all.app.inject({
        method: 'GET',
        url: '/campaigns',
        headers: { accept: 'text/html' },
      });
      expect(page.statusCode).toBe(200);
      expect((await all.app.inject({ method: 'GET', url: '/assets/app-1234.js' })).statusCode).toBe(200);
      expect((await all.app.inject({ method: 'GET', url: '/uploads/missing.png' })).statusCode).toBe(404);
    });
    expect(lines).toEqual([]);
  });

  it('logs a 5xx with the error, both carrying the request id', async () => {
    let id = '';
    const lines = await linesOf(all, async () => {
      const res = await all.app.inject({ method: 'GET', url: '/api/v1/test-failure' });
      expect(res.statusCode).toBe(500);
      id = String(res.headers['x-request-id']);
    });
    expect(lines.map((l) => l.msg)).toEqual(['unhandled error', 'request']);
    for (const line of lines) expect(line.reqId).toBe(id);
    expect(lines[1]).toMatchObject({ status: 500, path: '/api/v1/test-failure' });
  });

  it('with LOG_SAMPLE_RATE=0 writes no line for a 2xx or 4xx, but still the 5xx', async () => {
    const quiet = await linesOf(sampled, async () => {
      expect((await sampled.app.inject({ method: 'GET', url: '/api/v1/auth/providers' })).statusCode).toBe(
        200,
      );
      expect((await sampled.app.inject({ method: 'GET', url: '/api/v1/my/user' })).statusCode).toBe(401);
      expect((await sampled.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' })).statusCode).toBe(
        404,
      );
    });
    expect(quiet).toEqual([]);
    const failed = await linesOf(sampled, () =>
      sampled.app.inject({ method: 'GET', url: '/api/v1/test-failure' }),
    );
    expect(failed.map((l) => [l.msg, l.status])).toEqual([
      ['unhandled error', undefined],
      ['request', 500],
    ]);
  });
});
