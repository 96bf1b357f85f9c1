import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob, enqueue } from '../src/jobs/job';
import { claimNextJob, createJobRunner } from '../src/jobs/runner';
import { backend, createTestApp, type TestApp } from './harness';

let t: TestApp;
const db = () => t.app.ctx.db;
const jobsOf = (kind: string) =>
  db().selectFrom('jobs').selectAll().where('kind', '=', kind).orderBy('id').execute();

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('claiming', () => {
  it('never hands the same job to two concurrent claims', async () => {
    const job = defineJob({
      kind: 'test-claim',
      payload: z.object({ n: z.number() }),
      handler: async () => {},
    });
    for (let n = 0; n < 20; n++) await enqueue(db(), job, { n });
    const claims = await Promise.all(
      Array.from({ length: 40 }, (_, i) => claimNextJob(db(), `worker-${i}`, 60_000, ['test-claim'])),
    );
    const claimed = claims.filter((c) => c !== undefined);
    expect(claimed).toHaveLength(20);
    expect(new Set(claimed.map((c) => c.id)).size).toBe(20);
    for (const c of claimed) expect(c).toMatchObject({ status: 'running', attempts: 1 });
    // Nothing is due any more: every job is leased.
    expect(await claimNextJob(db(), 'late', 60_000, ['test-claim'])).toBeUndefined();
  });

  it(`runs every job exactly once with two runners racing (${backend})`, async () => {
    const runs = new Map<number, number>();
    const job = defineJob({
      kind: 'test-race',
      payload: z.object({ n: z.number() }),
      handler: async (_ctx, { n }) => {
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await sleep(3);
      },
    });
    for (let n = 0; n < 40; n++) await enqueue(db(), job, { n });
    const runners = [1, 2].map((i) =>
      createJobRunner(t.app.ctx, { jobs: [job], pollMs: 5, leaseMs: 60_000, workerId: `racer-${i}` }),
    );
    for (const r of runners) r.start();
    const end = Date.now() + 20_000;
    while ((await jobsOf('test-race')).some((j) => j.status !== 'done') && Date.now() < end) await sleep(20);
    await Promise.all(runners.map((r) => r.stop()));
    expect([...runs.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, n) => n));
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect((await jobsOf('test-race')).every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
  });

  it('leaves kinds it does not know to other workers', async () => {
    const known = defineJob({ kind: 'test-known', payload: z.object({}), handler: async () => {} });
    const unknown = defineJob({ kind: 'test-newer', payload: z.object({}), handler: async () => {} });
    await enqueue(db(), unknown, {});
    const runner = createJobRunner(t.app.ctx, { jobs: [known], pollMs: 5, leaseMs: 1000 });
    expect(await runner.runOnce()).toBe(false);
    expect((await jobsOf('test-newer'))[0]).toMatchObject({ status: 'queued', attempts: 0 });
  });
});

describe('retries and failures', () => {
  it('retries a failing job, then succeeds', async () => {
    let calls = 0;
    const job = defineJob({
      kind: 'test-flaky',
      payload: z.object({}),
      handler: async () => {
        calls++;
        if (calls < 3) throw new Error(`flake ${calls}`);
      },
    });
    await enqueue(db(), job, {});
    const runner = createJobRunner(t.app.ctx, {
      jobs: [job],
      pollMs: 5,
      leaseMs: 1000,
      retryDelayMs: () => 0,
    });
    expect(await runner.runOnce()).toBe(true);
    expect((await jobsOf('test-flaky'))[0]).toMatchObject({
      status: 'queued',
      attempts: 1,
      last_error: 'flake 1',
    });
    expect(await runner.runOnce()).toBe(true);
    expect(await runner.runOnce()).toBe(true);
    expect((await jobsOf('test-flaky'))[0]).toMatchObject({ status: 'done', attempts: 3, last_error: null });
  });

  it('backs off before a retry', async () => {
    const job = defineJob({
      kind: 'test-backoff',
      payload: z.object({}),
      handler: async () => {
        throw new Error('down');
      },
    });
    await enqueue(db(), job, {});
    const runner = createJobRunner(t.app.ctx, { jobs: [job], pollMs: 5, leaseMs: 1000 });
    expect(await runner.runOnce()).toBe(true);
    // The default first retry waits 5 s: nothing is due now.
    expect(await runner.runOnce()).toBe(false);
    const [row] = await jobsOf('test-backoff');
    const { rows } = await sql<{ wait: number }>`
      SELECT extract(epoch FROM (run_at - now())) AS wait FROM jobs WHERE id = ${row!.id}`.execute(db());
    expect(Number(rows[0]?.wait)).toBeGreaterThan(3);
    expect(Number(rows[0]?.wait)).toBeLessThanOrEqual(5);
  });

  it('fails for good after max_attempts and runs onFailed once', async () => {
    const failed: string[] = [];
    const job = defineJob({
      kind: 'test-broken',
      payload: z.object({ id: z.number() }),
      maxAttempts: 2,
      handler: async () => {
        throw new Error('always broken');
      },
      onFailed: async (_ctx, { id }, error) => {
        failed.push(`${id}: ${error}`);
      },
    });
    await enqueue(db(), job, { id: 7 });
    const runner = createJobRunner(t.app.ctx, {
      jobs: [job],
      pollMs: 5,
      leaseMs: 1000,
      retryDelayMs: () => 0,
    });
    expect(await runner.runOnce()).toBe(true);
    expect(await runner.runOnce()).toBe(true);
    expect(await runner.runOnce()).toBe(false);
    expect((await jobsOf('test-broken'))[0]).toMatchObject({
      status: 'failed',
      attempts: 2,
      last_error: 'always broken',
      locked_by: null,
    });
    expect(failed).toEqual(['7: always broken']);
  });

  it('fails a job whose worker died on its last attempt', async () => {
    const failed: string[] = [];
    const job = defineJob({
      kind: 'test-crashy',
      payload: z.object({}),
      maxAttempts: 1,
      handler: async () => {},
      onFailed: async (_ctx, _payload, error) => {
        failed.push(error);
      },
    });
    const id = await enqueue(db(), job, {});
    // Claimed by a worker that died: attempt 1 of 1 used, lease expired.
    expect((await claimNextJob(db(), 'dead-worker', 60_000, ['test-crashy']))?.id).toBe(id);
    await sql`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE id = ${id}`.execute(db());
    const runner = createJobRunner(t.app.ctx, { jobs: [job], pollMs: 5, leaseMs: 1000 });
    expect(await runner.runOnce()).toBe(true);
    expect((await jobsOf('test-crashy'))[0]).toMatchObject({ status: 'failed', attempts: 2 });
    expect(failed).toEqual(['The job was interrupted too many times.']);
  });

  it('refuses a payload that does not match its schema', async () => {
    const job = defineJob({
      kind: 'test-payload',
      payload: z.object({ n: z.number() }),
      handler: async () => {},
    });
    await db()
      .insertInto('jobs')
      .values({ kind: 'test-payload', payload: JSON.stringify({ n: 'nope' }) })
      .execute();
    const runner = createJobRunner(t.app.ctx, { jobs: [job], pollMs: 5, leaseMs: 1000 });
    expect(await runner.runOnce()).toBe(true);
    const [row] = await jobsOf('test-payload');
    expect(row?.status).toBe('failed');
    expect(row?.last_error).toMatch(/^Invalid payload/);
  });

  it('stops working on a job another worker took over', async () => {
    let after = 0;
    const job = defineJob({
      kind: 'test-stolen',
      payload: z.object({}),
      handler: async (ctx, _payload, run) => {
        // Meanwhile the lease ran out and another worker claimed the job.
        await ctx.db.updateTable('jobs').set({ locked_by: 'thief' }).where('id', '=', run.jobId).execute();
        await run.heartbeat();
        after++;
      },
    });
    await enqueue(db(), job, {});
    const runner = createJobRunner(t.app.ctx, { jobs: [job], pollMs: 5, leaseMs: 1000 });
    expect(await runner.runOnce()).toBe(true);
    expect(after).toBe(0);
    // Left as the new owner has it.
    expect((await jobsOf('test-stolen'))[0]).toMatchObject({ status: 'running', locked_by: 'thief' });
  });
});
