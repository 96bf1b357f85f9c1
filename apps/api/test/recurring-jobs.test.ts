import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRecurringJob, occurrenceKey } from '../src/jobs/job';
import { claimNextJob, createJobRunner, nextDue } from '../src/jobs/runner';
import { RECURRING_JOBS } from '../src/scheduler';
import { backend, createTestApp, type TestApp } from './harness';

/*
 * Periodic work as recurring jobs (jobs/runner.ts): one occurrence pending per task, run by one worker, whose end
 * queues the next one once. Several runners on one database stand for several replicas.
 */

let t: TestApp;
const db = () => t.app.ctx.db;
const HOUR = 3_600_000;
const occurrences = (kind: string) =>
  db().selectFrom('jobs').selectAll().where('kind', '=', kind).orderBy('run_at').orderBy('id').execute();

async function until(check: () => Promise<boolean>, what: string, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('nextDue', () => {
  const due = new Date('2026-11-25T06:00:00.000Z');
  it.each([
    ['on time: one period later', due.getTime() + 5_000, '2026-11-25T06:01:00.000Z'],
    ['just before the next', due.getTime() + 59_999, '2026-11-25T06:01:00.000Z'],
    ['late: the last missed one, now', due.getTime() + 60_000, '2026-11-25T06:01:00.000Z'],
    [
      'very late: one catch-up run, not one per missed period',
      due.getTime() + 10 * 60_000 + 30_000,
      '2026-11-25T06:10:00.000Z',
    ],
  ])('%s', (_name, now, expected) => {
    expect(nextDue(due, 60_000, now).toISOString()).toBe(expected);
  });
});

describe(`recurring jobs (${backend})`, () => {
  it('the periodic tasks of the api are recurring jobs', () => {
    expect(RECURRING_JOBS.map((j) => [j.kind, j.recurring?.everyMs])).toEqual([
      ['expire-trials', 60_000],
      ['settle-payments', 60_000],
      ['purge-discovery-cache', HOUR],
    ]);
  });

  it('three runners starting together run an occurrence due once exactly once, and queue one next', async () => {
    const runs: string[] = [];
    const job = defineRecurringJob({
      kind: 'test-recurring-once',
      everyMs: HOUR,
      run: async () => {
        runs.push('run');
        await sleep(50);
      },
    });
    const runners = [1, 2, 3].map((i) =>
      createJobRunner(t.app.ctx, { jobs: [job], pollMs: 5, leaseMs: 60_000, workerId: `replica-${i}` }),
    );
    for (const r of runners) r.start();
    await until(async () => (await occurrences(job.kind)).some((o) => o.status === 'done'), 'the run');
    // Every runner has polled many times more since.
    await sleep(300);
    await Promise.all(runners.map((r) => r.stop()));

    expect(runs).toEqual(['run']);
    const rows = await occurrences(job.kind);
    expect(rows.map((o) => o.status)).toEqual(['done', 'queued']);
    const first = Math.floor(rows[0]!.created_at.getTime() / HOUR) * HOUR;
    expect(rows.map((o) => o.unique_key)).toEqual([
      occurrenceKey(job.kind, new Date(first)),
      occurrenceKey(job.kind, new Date(first + HOUR)),
    ]);
    expect(rows[1]!.run_at.getTime()).toBe(first + HOUR);
    expect(rows[1]!.payload).toEqual({ due: new Date(first + HOUR).toISOString() });

    // A replica started later queues nothing: an occurrence is pending.
    const late = createJobRunner(t.app.ctx, { jobs: [job], pollMs: 5, leaseMs: 60_000 });
    late.start();
    await sleep(100);
    await late.stop();
    expect(await occurrences(job.kind)).toHaveLength(2);
    expect(runs).toEqual(['run']);
  });

  it('an occurrence whose worker died is taken over when its lease runs out, and its next is queued once', async () => {
    const runs: number[] = [];
    const job = defineRecurringJob({
      kind: 'test-recurring-crash',
      // Hourly: the next occurrence is due at the next full hour, not within the test (with every minute, a
      // test started in a minute's last seconds saw the next one come due and run too).
      everyMs: HOUR,
      run: async (_ctx, run) => {
        runs.push(run.attempt);
      },
    });
    // The first occurrence is queued, then a worker claims it and "dies" (never heartbeats nor ends it).
    const due = new Date(Math.floor(Date.now() / HOUR) * HOUR);
    await db()
      .insertInto('jobs')
      .values({
        kind: job.kind,
        payload: JSON.stringify({ due: due.toISOString() }),
        max_attempts: 3,
        run_at: due,
        unique_key: occurrenceKey(job.kind, due),
      })
      .execute();
    const dead = await claimNextJob(db(), 'dead-worker', 1000, [job.kind]);
    expect(dead).toMatchObject({ status: 'running', locked_by: 'dead-worker' });

    const other = createJobRunner(t.app.ctx, {
      jobs: [job],
      pollMs: 20,
      leaseMs: 1000,
      workerId: 'survivor',
    });
    other.start();
    await until(async () => (await occurrences(job.kind)).some((o) => o.status === 'done'), 'the take-over');
    await sleep(200);
    await other.stop();

    expect(runs).toEqual([2]);
    const rows = await occurrences(job.kind);
    expect(rows.map((o) => [o.status, o.attempts])).toEqual([
      ['done', 2],
      ['queued', 0],
    ]);
    const next = new Date(due.getTime() + HOUR);
    expect(rows[1]).toMatchObject({ run_at: next, unique_key: occurrenceKey(job.kind, next) });
  });

  it('one process (runRecurringOnStart) runs the pending occurrence on start, keeping the schedule', async () => {
    const runs: string[] = [];
    const job = defineRecurringJob({
      kind: 'test-recurring-on-start',
      everyMs: HOUR,
      run: async () => {
        runs.push('run');
      },
    });
    // The previous start ran the current hour's occurrence; the next is due at the next hour.
    const next = new Date((Math.floor(Date.now() / HOUR) + 1) * HOUR);
    await db()
      .insertInto('jobs')
      .values({
        kind: job.kind,
        payload: JSON.stringify({ due: next.toISOString() }),
        max_attempts: 3,
        run_at: next,
        unique_key: occurrenceKey(job.kind, next),
      })
      .execute();
    // With replicas (the default) a start leaves it for its time.
    const replica = createJobRunner(t.app.ctx, { jobs: [job], pollMs: 5, leaseMs: 60_000 });
    replica.start();
    await sleep(200);
    await replica.stop();
    expect(runs).toEqual([]);

    const single = createJobRunner(t.app.ctx, {
      jobs: [job],
      pollMs: 5,
      leaseMs: 60_000,
      runRecurringOnStart: true,
    });
    single.start();
    await until(async () => (await occurrences(job.kind)).some((o) => o.status === 'done'), 'the run');
    await single.stop();
    expect(runs).toEqual(['run']);
    const after = new Date(next.getTime() + HOUR);
    expect((await occurrences(job.kind)).map((o) => [o.status, o.unique_key])).toEqual([
      ['done', occurrenceKey(job.kind, next)],
      ['queued', occurrenceKey(job.kind, after)],
    ]);
  });

  it('a running worker queues an occurrence again when a task has none pending (a broken chain)', async () => {
    const job = defineRecurringJob({ kind: 'test-recurring-heal', everyMs: HOUR, run: async () => {} });
    const runner = createJobRunner(t.app.ctx, {
      jobs: [job],
      pollMs: 5,
      leaseMs: 60_000,
      recurringCheckMs: 50,
    });
    runner.start();
    await until(async () => (await occurrences(job.kind)).some((o) => o.status === 'done'), 'the first run');
    // The chain breaks: its pending occurrence is gone (as if ended by a replica that did not know the kind).
    await db().deleteFrom('jobs').where('kind', '=', job.kind).where('status', '=', 'queued').execute();
    // The current period's occurrence ran already (its key is taken): the next check queues nothing yet...
    await sleep(200);
    expect((await occurrences(job.kind)).map((o) => o.status)).toEqual(['done']);
    // ...and once that row is gone (a new period, in effect), the check queues one again.
    await db().deleteFrom('jobs').where('kind', '=', job.kind).execute();
    await until(async () => (await occurrences(job.kind)).length > 0, 'the occurrence queued again');
    await runner.stop();
  });

  it('an occurrence that fails for good still queues the next one', async () => {
    const job = defineRecurringJob({
      kind: 'test-recurring-fails',
      everyMs: HOUR,
      maxAttempts: 1,
      run: async () => {
        throw new Error('provider down');
      },
    });
    const runner = createJobRunner(t.app.ctx, { jobs: [job], pollMs: 5, leaseMs: 60_000 });
    runner.start();
    await until(async () => (await occurrences(job.kind)).some((o) => o.status === 'failed'), 'the failure');
    await runner.stop();
    const rows = await occurrences(job.kind);
    expect(rows.map((o) => [o.status, o.last_error])).toEqual([
      ['failed', 'provider down'],
      ['queued', null],
    ]);
  });
});
