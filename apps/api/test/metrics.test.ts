import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp, defaultLogger } from '../src/app';
import { loadConfig } from '../src/config';
import { runWithLog } from '../src/context';
import { defineJob, enqueue } from '../src/jobs/job';
import { createJobRunner } from '../src/jobs/runner';
import { METRICS_CACHE_MS } from '../src/lib/metrics';
import {
  backend,
  client,
  createTestApp,
  loginAs,
  openSeededDatabase,
  signUpAndLogin,
  type TestApp,
  testCard,
} from './harness';

/*
 * Prometheus metrics at /metrics (token-protected, or on an internal port) and the request id on every log
 * line a service writes during a request. On both backends: the scrape reads pool, job queue, credit ledger,
 * payments (and mail, when its queue table exists) from this app's database.
 */

const TOKEN = 'metrics-token-0123456789';
const V = '/api/v1';

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a text exposition. */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[key as string] = value as string;
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the sample with exactly these labels (undefined when there is none). */
function sampleOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  return samples.find(
    (s) =>
      s.name === name &&
      Object.keys(s.labels).length === Object.keys(labels).length &&
      Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  )?.value;
}

let t: TestApp;
let port: number;
const tokens = {} as Record<'pro' | 'trial', string>;
const as = (role: 'pro' | 'trial') => client(t.app, tokens[role]);

async function scrape(app: FastifyInstance = t.app) {
  const res = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return { text: res.body, samples: parse(res.body) };
}

beforeAll(async () => {
  t = await createTestApp({ demo: true, env: { METRICS_TOKEN: TOKEN } });
  tokens.pro = await loginAs(t.app, 'pro@reach.local');
  tokens.trial = await loginAs(t.app, 'trial@reach.local');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
  // The first file of a run to need the demo seeds its template (about a minute on a quiet 2-core machine,
  // several when other runs share it).
}, 600_000);
afterAll(() => t?.close());

describe('/metrics with METRICS_TOKEN', () => {
  it('takes a token of 16 characters or more, and an empty value as unset', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'too-short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    const unset = loadConfig({ METRICS_TOKEN: '', METRICS_PORT: '' });
    expect([unset.METRICS_TOKEN, unset.METRICS_PORT]).toEqual([undefined, undefined]);
  });

  it('refuses a scrape without the token, with a wrong one or another scheme', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token-0123456789',
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN}x`,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json().error.code).toBe('unauthenticated');
      expect(res.body).not.toContain('reach_http_requests_total');
    }
  });

  it('counts requests by route pattern, method and status, with latency buckets; never by raw URL', async () => {
    for (const id of [999_901, 999_902])
      expect((await as('pro').get(`${V}/campaign/${id}`)).status).toBe(404);
    for (let i = 0; i < 3; i++) expect((await as('pro').get(`${V}/my/user`)).status).toBe(200);
    expect((await as('pro').get(`${V}/no/such/thing/777001`)).status).toBe(404);
    const { text, samples } = await scrape();

    const campaign = { method: 'GET', route: `${V}/campaign/:id`, status: '404' };
    expect(sampleOf(samples, 'reach_http_requests_total', campaign)).toBe(2);
    expect(
      sampleOf(samples, 'reach_http_requests_total', { method: 'GET', route: `${V}/my/user`, status: '200' }),
    ).toBe(3);
    expect(
      sampleOf(samples, 'reach_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' }),
    ).toBe(1);
    // The ids and the unknown path are in no label of any series: one series per route, whatever the URL.
    // (Only labels: a value such as the heap size may contain those digits by chance.)
    const labelValues = samples.flatMap((s) => Object.values(s.labels));
    expect(labelValues.length).toBeGreaterThan(0);
    for (const raw of ['999901', '999902', '777001', 'no/such'])
      expect(labelValues.filter((value) => value.includes(raw))).toEqual([]);
    expect(text).not.toContain('/campaign/999901');

    const buckets = samples.filter(
      (s) => s.name === 'reach_http_request_duration_seconds_bucket' && s.labels.route === campaign.route,
    );
    expect(buckets.map((b) => b.labels.le)).toEqual([
      '0.005',
      '0.01',
      '0.025',
      '0.05',
      '0.1',
      '0.25',
      '0.5',
      '1',
      '2.5',
      '5',
      '10',
      '+Inf',
    ]);
    // Cumulative, ending with every request.
    for (let i = 1; i < buckets.length; i++)
      expect(buckets[i]?.value).toBeGreaterThanOrEqual(buckets[i - 1]?.value ?? 0);
    expect(buckets.at(-1)?.value).toBe(2);
    expect(sampleOf(samples, 'reach_http_request_duration_seconds_count', campaign)).toBe(2);
    expect(sampleOf(samples, 'reach_http_request_duration_seconds_sum', campaign)).toBeGreaterThan(0);
    // Node's process metrics and the build.
    expect(sampleOf(samples, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(samples.find((s) => s.name === 'reach_build_info')?.labels.backend).toBe(backend);
  });

  it('reports the database pool of this process', async () => {
    const { samples } = await scrape();
    // createTestApp opens PostgreSQL with a pool of 4; PGlite is one connection.
    expect(sampleOf(samples, 'reach_db_pool_max')).toBe(backend === 'postgres' ? 4 : 1);
    const total = sampleOf(samples, 'reach_db_pool_connections', { state: 'total' }) ?? -1;
    const idle = sampleOf(samples, 'reach_db_pool_connections', { state: 'idle' }) ?? -1;
    expect(total).toBeGreaterThanOrEqual(1);
    expect(total).toBeLessThanOrEqual(backend === 'postgres' ? 4 : 1);
    expect(idle).toBeGreaterThanOrEqual(0);
    expect(sampleOf(samples, 'reach_db_pool_connections', { state: 'in_use' })).toBe(total - idle);
    expect(sampleOf(samples, 'reach_db_pool_connections', { state: 'waiting' })).toBe(0);
  });

  it("counts as credits spent what discovery charged, not the demo seed's adjustment of the ledger", async () => {
    // The fresh demo's ledger: pro's back-dated plan months granted credits the seed then took back (a debit
    // that is no spending); nobody has searched yet.
    const { rows } = await sql<{ reason: string; amount: number }>`
      SELECT reason, amount FROM credit_transactions WHERE amount < 0`.execute(t.app.ctx.db);
    expect(rows).toEqual([{ reason: 'demo: used in earlier months', amount: -1_000 }]);
    const spent = (samples: Sample[]) =>
      samples
        .filter((s) => s.name === 'reach_discovery_credits_spent_total')
        .map((s) => ({ kind: s.labels.kind, value: s.value }));
    await sleep(METRICS_CACHE_MS + 50);
    expect(spent((await scrape()).samples)).toEqual([
      { kind: 'search', value: 0 },
      { kind: 'report', value: 0 },
    ]);

    // One charged search page: one credit, counted as a search.
    const search = await as('pro').post(`${V}/discovery/instagram/search`, {
      filter: { influencer: { language: 'en', followers: { min: 4_321 } } },
    });
    expect(search.status, JSON.stringify(search.body)).toBe(200);
    await sleep(METRICS_CACHE_MS + 50);
    expect(spent((await scrape()).samples)).toEqual([
      { kind: 'search', value: 1 },
      { kind: 'report', value: 0 },
    ]);
  });

  it('reads the job queue, discovery credits, payments by outcome and mail from the database', async () => {
    // Whatever an earlier scrape cached has expired by the baseline's.
    await sleep(METRICS_CACHE_MS + 50);
    const before = (await scrape()).samples;

    // Jobs: two queued (one due a minute ago, one next hour) and one failed for good.
    const now = t.clock.now.getTime();
    const job = (status: 'queued' | 'failed', runAt: number) => ({
      kind: 'metrics-probe',
      payload: '{}',
      status,
      run_at: new Date(runAt),
    });
    await t.app.ctx.db
      .insertInto('jobs')
      .values([job('queued', now - 60_000), job('queued', now + 3_600_000), job('failed', now - 120_000)])
      .execute();

    // A charged discovery search (a new one: not in the 24 h cache).
    const search = await as('pro').post(`${V}/discovery/instagram/search`, {
      filter: { influencer: { language: 'en', followers: { min: 1_234 } } },
    });
    expect(search.status, JSON.stringify(search.body)).toBe(200);

    // A declined funding charge, then one that succeeds with the default card.
    const campaign = await as('trial').post(`${V}/campaigns`, {
      type_id: 2,
      title: 'Metrics money',
      start_date: new Date().toISOString().slice(0, 10),
      end_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      description: 'Cash for a post.',
      total_budget_cents: 50_000,
      amount_per_post_cents: 10_000,
      max_posts_per_influencer: 3,
    });
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
    const id = campaign.body.id as number;
    const declinedCard = await as('trial').post(`${V}/my/paymentMethods`, {
      card: testCard('4000 0000 0000 0341'),
    });
    expect(declinedCard.status).toBe(201);
    expect(
      (await as('trial').post(`${V}/campaign/${id}/fund`, { payment_method_id: declinedCard.body.id }))
        .status,
    ).toBe(402);
    await as('trial').delete(`${V}/my/paymentMethods/${declinedCard.body.id}`);
    expect((await as('trial').post(`${V}/campaign/${id}/fund`, {})).status).toBe(200);

    await sleep(METRICS_CACHE_MS + 50);
    const after = (await scrape()).samples;
    const delta = (name: string, labels: Record<string, string> = {}) =>
      (sampleOf(after, name, labels) ?? 0) - (sampleOf(before, name, labels) ?? 0);

    expect(sampleOf(after, 'reach_jobs', { kind: 'metrics-probe', status: 'queued' })).toBe(2);
    expect(sampleOf(after, 'reach_jobs', { kind: 'metrics-probe', status: 'failed' })).toBe(1);
    expect(sampleOf(after, 'reach_jobs', { kind: 'metrics-probe', status: 'running' })).toBe(0);
    // The due job has waited a minute by the app's clock; the one due next hour is not late.
    expect(sampleOf(after, 'reach_jobs_queue_lag_seconds', { kind: 'metrics-probe' })).toBe(60);

    expect(delta('reach_discovery_searches_total')).toBe(1);
    expect(delta('reach_discovery_credits_spent_total', { kind: 'search' })).toBe(1);

    const funding = (outcome: string) => ({ kind: 'campaign_funding', outcome });
    expect(delta('reach_payments', funding('failed'))).toBe(1);
    expect(delta('reach_payments', funding('succeeded'))).toBe(1);
    expect(delta('reach_payments_amount_cents', funding('succeeded'))).toBe(50_000);
    expect(delta('reach_payments_amount_cents', funding('failed'))).toBe(50_000);
    expect(sampleOf(after, 'reach_payments', { kind: 'payout', outcome: 'paid' })).toBeGreaterThanOrEqual(0);

    // Mail: by status, from the durable mail queue's table when it exists (outreach's mail_messages).
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'mail_messages' AND column_name = 'status'`.execute(
      t.app.ctx.db,
    );
    const mail = after.filter((s) => s.name === 'reach_mail');
    if (rows[0]?.n) {
      const counts = await sql<{ status: string; n: number }>`
        SELECT status, count(*)::int AS n FROM mail_messages GROUP BY status`.execute(t.app.ctx.db);
      for (const status of ['queued', 'sent', 'failed'])
        expect(sampleOf(after, 'reach_mail', { status }), status).toBe(
          counts.rows.find((r) => r.status === status)?.n ?? 0,
        );
      // One more sent and one more failed show on the next scrape.
      for (const status of ['sent', 'failed'])
        await sql`INSERT INTO mail_messages (to_address, subject, text_body, status)
          VALUES ('metrics@example.com', 'Metrics', 'Body', ${status})`.execute(t.app.ctx.db);
      await sleep(METRICS_CACHE_MS + 50);
      const later = (await scrape()).samples;
      for (const status of ['sent', 'failed'])
        expect(
          (sampleOf(later, 'reach_mail', { status }) ?? 0) - (sampleOf(after, 'reach_mail', { status }) ?? 0),
          status,
        ).toBe(1);
    } else {
      expect(mail).toEqual([]);
    }
    expect(sampleOf(after, 'reach_metrics_query_failures_total', { query: 'jobs' })).toBeUndefined();
  });

  it('counts the open event streams, and not their duration as request latency', async () => {
    const opened = new Promise<http.ClientRequest>((resolve, reject) => {
      const request = http.get(
        `http://127.0.0.1:${port}${V}/my/events`,
        { headers: { authorization: `Bearer ${tokens.pro}` } },
        (res) => {
          expect(res.statusCode).toBe(200);
          res.once('data', () => resolve(request));
        },
      );
      request.on('error', reject);
    });
    const stream = await opened;
    expect(sampleOf((await scrape()).samples, 'reach_sse_connections')).toBe(1);
    stream.destroy();
    let open: number | undefined = 1;
    for (let i = 0; i < 100 && open !== 0; i++) {
      await sleep(20);
      open = sampleOf((await scrape()).samples, 'reach_sse_connections');
    }
    expect(open).toBe(0);
    const { samples } = await scrape();
    expect(samples.filter((s) => s.labels.route === `${V}/my/events`)).toEqual([]);
  });
});

describe('without METRICS_TOKEN, with METRICS_PORT; the request id in service logs', () => {
  let app: FastifyInstance;
  let metricsPort: number;
  let cleanup = async () => {};

  beforeAll(async () => {
    metricsPort = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reach-metrics-'));
    const { database, url, drop } = await openSeededDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      METRICS_PORT: String(metricsPort),
      ...(url ? { DATABASE_URL: url } : {}),
    });
    app = await buildApp({ config, database, logger: false, webDist: '/nonexistent' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    cleanup = async () => {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }, 180_000);
  afterAll(() => cleanup());

  it('/metrics is a 404 on the app, and served without a token on 127.0.0.1:METRICS_PORT', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }, { accept: 'text/html' }]) {
      const res = await app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    const samples = parse(await res.text());
    expect(
      sampleOf(samples, 'reach_http_requests_total', { method: 'GET', route: '/metrics', status: '404' }),
    ).toBe(3);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);
    await app.close();
    // Closed with the app.
    await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
  }, 60_000);
});

describe('the request id in every log line of a request', () => {
  type Line = Record<string, unknown>;
  let app: FastifyInstance;
  const lines: Line[] = [];
  let cleanup = async () => {};

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reach-log-context-'));
    const { database, url, drop } = await openSeededDatabase();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}) });
    const stream = { write: (line: string) => void lines.push(JSON.parse(line)) };
    app = await buildApp({
      config,
      database,
      logger: defaultLogger(config, stream),
      webDist: '/nonexistent',
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    cleanup = async () => {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }, 180_000);
  afterAll(() => cleanup());

  it("a service's line (ctx.log) during a request carries that request's reqId; a job's its jobId", async () => {
    const { refresh } = await signUpAndLogin(app, 'business');
    const api = client(app);
    const rotated = await api.post(`${V}/auth/refresh`, { refresh_token: refresh });
    expect(rotated.status).toBe(200);
    // Reusing the rotated token: the auth service warns through ctx.log, after reading the body (over a real
    // socket: the body arrives by stream events) and a query.
    const reuse = await fetch(
      `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}${V}/auth/refresh`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': 'reuse-request-0001' },
        body: JSON.stringify({ refresh_token: refresh }),
      },
    );
    expect(reuse.status).toBe(401);
    await sleep(20);
    const warning = lines.find((l) => l.msg === 'refresh token reuse detected; token family revoked');
    expect(warning).toMatchObject({ level: 40, reqId: 'reuse-request-0001' });
    const ofRequest = lines.filter((l) => l.reqId === 'reuse-request-0001').map((l) => l.msg);
    expect(ofRequest).toEqual(['refresh token reuse detected; token family revoked', 'request']);

    // A job's handler: its lines carry the job's id and kind.
    const probe = defineJob({
      kind: 'log-probe',
      payload: z.object({}),
      handler: async (ctx) => {
        await sleep(1);
        ctx.log.info('from a job handler');
      },
    });
    const jobId = await enqueue(app.ctx.db, probe, {});
    expect(await createJobRunner(app.ctx, { jobs: [probe], pollMs: 5, leaseMs: 60_000 }).runOnce()).toBe(
      true,
    );
    expect(lines.find((l) => l.msg === 'from a job handler')).toMatchObject({ jobId, kind: 'log-probe' });

    // Outside a request: the app's logger, no reqId; inside runWithLog: the logger given.
    app.ctx.log.info('outside any request');
    await runWithLog(app.ctx.log.child({ jobId: 4242 }), async () => {
      await sleep(1);
      app.ctx.log.info('inside a job');
    });
    expect(lines.find((l) => l.msg === 'outside any request')).not.toHaveProperty('reqId');
    expect(lines.find((l) => l.msg === 'inside a job')).toMatchObject({ jobId: 4242 });
    expect(lines.find((l) => l.msg === 'inside a job')).not.toHaveProperty('reqId');
  });
});

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
