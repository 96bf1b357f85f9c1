import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, DEMO_PASSWORD, prepareServerDatabase } from './harness';
import { type ServerProcess, startServerProcess } from './server-process';

/*
 * The server survives its database going away: the real server process, under a steady load of writes and
 * reads, has every PostgreSQL session of its database terminated twice (what a restart or a failover does to
 * it). The process must stay up, answer health checks again within 5 s, answer the requests caught in the
 * outage with a JSON error instead of hanging, and every write it acknowledged must be in the database.
 */

const WORKERS = 8;
const MAX_LOAD_MS = 20_000;
const TERMINATE_AT_MS = [3_000, 9_000];
const REQUEST_TIMEOUT_MS = 15_000;

type Outcome = { status: number | 'timeout' | 'network'; startedAt: number; ms: number; json: boolean };

let dataDir: string;
let scratch: Awaited<ReturnType<typeof prepareServerDatabase>> | undefined;
let server: ServerProcess | undefined;

beforeAll(async () => {
  if (backend !== 'postgres') return;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reach-db-restart-'));
  // A copy of the demo every test file starts from (seeded once per run, maybe by this file: hence the longer
  // timeout): the server only adds to the index what DISCOVERY_SEED_SIZE asks for beyond the demo's.
  scratch = await prepareServerDatabase(dataDir, { demo: true });
}, 120_000);
afterAll(async () => {
  await server?.kill('SIGTERM');
  await scratch?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** One request with a deadline: a hung request shows as 'timeout', not as a stuck test. */
async function call(url: string, method: string, route: string, token?: string, body?: unknown) {
  const startedAt = Date.now();
  try {
    const res = await fetch(`${url}/api/v1${route}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    let parsed: Record<string, unknown> | undefined;
    try {
      parsed = JSON.parse(text);
    } catch {}
    const outcome: Outcome = { status: res.status, startedAt, ms: Date.now() - startedAt, json: !!parsed };
    return { outcome, body: parsed ?? {} };
  } catch (error) {
    const status = (error as Error).name === 'TimeoutError' ? 'timeout' : 'network';
    return { outcome: { status, startedAt, ms: Date.now() - startedAt, json: false } as Outcome, body: {} };
  }
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.skipIf(backend !== 'postgres')('the server when its PostgreSQL sessions are terminated', () => {
  it('stays up, recovers within 5 s and keeps every acknowledged write', { timeout: 180_000 }, async () => {
    if (!scratch?.url) throw new Error('no scratch database');
    const databaseName = new URL(scratch.url).pathname.slice(1);
    // Development rather than test mode: the test mode's logger is silent, and the log is checked below.
    server = await startServerProcess({
      NODE_ENV: 'development',
      DISCOVERY_SEED_SIZE: '2000',
      DATA_DIR: dataDir,
      DATABASE_URL: scratch.url,
    });
    const { url } = server;
    const login = await call(url, 'POST', '/auth/login', undefined, {
      email: 'pro@reach.local',
      password: DEMO_PASSWORD,
    });
    expect(login.outcome.status).toBe(200);
    const token = login.body.access_token as string;

    const outcomes: Outcome[] = [];
    const campaignIds: number[] = [];
    const listIds: number[] = [];
    let stop = false;
    const started = Date.now();
    const worker = async (w: number) => {
      for (let i = 0; !stop && Date.now() - started < MAX_LOAD_MS; i++) {
        // A write in a transaction (a campaign and its status history), then a single-statement one, each
        // followed by a read of what it created.
        if (i % 2 === 0) {
          const created = await call(url, 'POST', '/campaigns', token, {
            type_id: 2,
            title: `Restart ${w}-${i}`,
            start_date: day(1),
            end_date: day(10),
            description: 'Written while the database drops its sessions.',
            total_budget_cents: 10_000,
            amount_per_post_cents: 1_000,
            max_posts_per_influencer: 1,
          });
          outcomes.push(created.outcome);
          if (created.outcome.status === 201) {
            campaignIds.push(created.body.id as number);
            outcomes.push((await call(url, 'GET', `/campaign/${created.body.id}`, token)).outcome);
          }
        } else {
          const created = await call(url, 'POST', '/discovery/list', token, {
            name: `Restart ${w}-${i}-${Math.random().toString(36).slice(2, 8)}`,
          });
          outcomes.push(created.outcome);
          if (created.outcome.status === 201) listIds.push(created.body.id as number);
          outcomes.push((await call(url, 'GET', '/my/user', token)).outcome);
        }
        // A server that is gone refuses at once: no need to spin on it.
        if (outcomes.at(-1)?.status === 'network') await new Promise((r) => setTimeout(r, 100));
      }
    };
    const load = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));

    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const outages: { at: number; terminated: number; recoveredMs: number }[] = [];
    try {
      for (const at of TERMINATE_AT_MS) {
        await new Promise((r) => setTimeout(r, Math.max(0, started + at - Date.now())));
        const killedAt = Date.now();
        const killed = await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [databaseName],
        );
        // The health check answers 200 again once a fresh connection has been made.
        let recoveredMs = Number.POSITIVE_INFINITY;
        while (Date.now() - killedAt < 5_000) {
          const health = await call(url, 'GET', '/health');
          if (health.outcome.status === 200) {
            recoveredMs = Date.now() - killedAt;
            break;
          }
          await new Promise((r) => setTimeout(r, 25));
        }
        outages.push({ at: killedAt - started, terminated: killed.rowCount ?? 0, recoveredMs });
      }
      await new Promise((r) => setTimeout(r, 3_000));
    } finally {
      stop = true;
      await load;
      await admin.end();
    }

    const count = (filter: (o: Outcome) => boolean) => outcomes.filter(filter).length;
    const failed = outcomes.filter((o) => typeof o.status !== 'number' || o.status >= 300);
    // Failures that ended between a termination and a second after the health check recovered.
    const inOutage = (o: Outcome) =>
      outages.some((x) => {
        const ended = o.startedAt + o.ms - started;
        return ended >= x.at && ended <= x.at + x.recoveredMs + 1_000;
      });
    const statuses = new Map<string, number>();
    for (const o of failed) statuses.set(String(o.status), (statuses.get(String(o.status)) ?? 0) + 1);
    const byStatus = [...statuses].map(([status, n]) => `${status}×${n}`);
    console.info(
      [
        `${outcomes.length} requests in ${((Date.now() - started) / 1000).toFixed(1)} s by ${WORKERS} workers,`,
        `${campaignIds.length} campaigns and ${listIds.length} lists acknowledged,`,
        `${failed.length} failed (${byStatus.join(', ') || 'none'}; ${count((o) => failed.includes(o) && inOutage(o))} around the terminations),`,
        `slowest answer ${Math.max(...outcomes.map((o) => o.ms))} ms;`,
        ...outages.map(
          (o, i) =>
            `termination ${i + 1} at ${(o.at / 1000).toFixed(1)} s: ${o.terminated} sessions, health 200 again after ${o.recoveredMs} ms;`,
        ),
      ].join(' '),
    );

    expect(server.running()).toBe(true);
    for (const outage of outages) {
      expect(outage.terminated).toBeGreaterThan(0);
      expect(outage.recoveredMs).toBeLessThan(5_000);
    }
    // Nothing hung or broke the connection: every failure is an answer with a JSON error body.
    expect(failed.filter((o) => typeof o.status !== 'number' || !o.json)).toEqual([]);
    // Caught in the outage: a 503 the client may retry (never a 500, never a hang).
    expect(failed.every((o) => o.status === 503)).toBe(true);
    expect(campaignIds.length).toBeGreaterThan(20);
    expect(listIds.length).toBeGreaterThan(20);
    expect((await call(url, 'GET', '/health')).outcome.status).toBe(200);
    expect(server.output()).toMatch(/database connection lost/);
    expect(server.output()).not.toContain(scratch.url);
    await server.kill('SIGTERM');
    server = undefined;

    // Every acknowledged write is there.
    const check = new pg.Client({ connectionString: scratch.url });
    await check.connect();
    try {
      const campaigns = await check.query('SELECT id FROM campaigns WHERE id = ANY($1::bigint[])', [
        campaignIds,
      ]);
      expect(campaigns.rowCount).toBe(campaignIds.length);
      const lists = await check.query('SELECT id FROM discovery_lists WHERE id = ANY($1::bigint[])', [
        listIds,
      ]);
      expect(lists.rowCount).toBe(listIds.length);
    } finally {
      await check.end();
    }
  });
});
