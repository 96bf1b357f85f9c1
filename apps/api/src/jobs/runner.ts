import crypto from 'node:crypto';
import os from 'node:os';
import { setTimeout as sleep, setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';
import { type AppContext, runWithLog } from '../context';
import type { DB, JobRow } from '../db/schema';
import {
  type JobDefinition,
  JobInterrupted,
  JobLeaseLost,
  type JobRun,
  occurrenceKey,
  recurringPayload,
} from './job';

export type JobRunnerOptions = {
  jobs: readonly JobDefinition<unknown>[];
  /** How long an idle worker waits before looking for due jobs again. */
  pollMs: number;
  /** How long a claimed job stays locked without a heartbeat. */
  leaseMs: number;
  /** Defaults to host:pid:random, unique per runner. */
  workerId?: string;
  /**
   * Take over at once every job left 'running' (instead of waiting for its lease to run out). Only right
   * when no other process can be working on the database: the embedded PGlite, which one process owns.
   */
  reclaimOrphansOnStart?: boolean;
  /**
   * Run the pending occurrence of each recurring job at start, even if it is due later, as the old in-process
   * scheduler ran every task on start. Only for one process (no REDIS_URL): with replicas, each restart would
   * run the tasks again for all of them.
   */
  runRecurringOnStart?: boolean;
  /** How often a running worker makes sure each recurring job has an occurrence pending (default a minute). */
  recurringCheckMs?: number;
  /** Delay before retry number `attempt` (1-based) of a failed job. */
  retryDelayMs?: (attempt: number) => number;
};

export type JobRunner = {
  workerId: string;
  /** Starts polling in the background. */
  start(): void;
  /** Stops polling; a running job finishes its current step and goes back to the queue. */
  stop(): Promise<void>;
  /** Claims and runs one due job; false when there was none. */
  runOnce(): Promise<boolean>;
};

/** Exponential backoff from `baseMs` after the first attempt, doubled after each, at most 10 minutes. */
export const backoff = (baseMs: number) => (attempt: number) =>
  Math.min(baseMs * 2 ** (attempt - 1), 10 * 60_000);

const defaultRetryDelay = backoff(5_000);

/**
 * Claims the oldest due job of one of `kinds` for `workerId`: a queued job whose time has come, or a running
 * one whose lease ran out (its worker died). FOR UPDATE SKIP LOCKED makes concurrent claims pick different
 * jobs, so any number of workers, in any number of processes, can share the table. Counts the attempt.
 * Only kinds the worker knows are claimed, so during a rolling deploy an older worker leaves newer kinds alone.
 */
export async function claimNextJob(
  db: Kysely<DB>,
  workerId: string,
  leaseMs: number,
  kinds: readonly string[],
) {
  if (!kinds.length) return undefined;
  const { rows } = await sql<JobRow>`
    UPDATE jobs
    SET status = 'running',
        locked_by = ${workerId},
        locked_until = now() + ${leaseMs}::integer * interval '1 millisecond',
        attempts = attempts + 1,
        updated_at = now()
    WHERE id = (
      SELECT id FROM jobs
      WHERE kind IN (${sql.join(kinds)})
        AND ((status = 'queued' AND run_at <= now()) OR (status = 'running' AND locked_until < now()))
      ORDER BY run_at, id
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING *`.execute(db);
  return rows[0];
}

/**
 * Runs durable background jobs in the api process (started by server.ts next to the scheduler). Failed
 * jobs are retried with exponential backoff up to their max_attempts, then marked failed and their
 * onFailed hook runs. A job whose worker crashed is taken over when its lease expires.
 */
export function createJobRunner(ctx: AppContext, options: JobRunnerOptions): JobRunner {
  const db = ctx.db;
  const workerId =
    options.workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  const byKind = new Map(options.jobs.map((job) => [job.kind, job]));
  const kinds = [...byKind.keys()];
  const retryDelay = options.retryDelayMs ?? defaultRetryDelay;
  const lease = sql<Date>`now() + ${options.leaseMs}::integer * interval '1 millisecond'`;
  const now = sql<Date>`now()`;
  let controller = new AbortController();
  let loop: Promise<void> | null = null;

  const mine = (id: number, executor: Kysely<DB> = db) =>
    executor
      .updateTable('jobs')
      .where('id', '=', id)
      .where('locked_by', '=', workerId)
      .where('status', '=', 'running');

  async function heartbeat(jobId: number) {
    const row = await mine(jobId)
      .set({ locked_until: lease, updated_at: now })
      .returning('id')
      .executeTakeFirst();
    if (!row) throw new JobLeaseLost(jobId);
  }

  /**
   * Ends a job this worker holds (done or failed) and, for an occurrence of a recurring job, queues the next one
   * in the same transaction: only the worker that still holds the occurrence queues its successor, and the
   * successor's key (kind, due time) makes a second insert of it a no-op. False when the job was not ours any more.
   */
  async function finish(
    job: JobRow,
    values: { status: 'done' | 'failed'; last_error: string | null },
    definition?: JobDefinition<unknown>,
  ): Promise<boolean> {
    const end = (executor: Kysely<DB>) =>
      mine(job.id, executor)
        .set({ ...values, locked_by: null, locked_until: null, updated_at: now })
        .returning('id')
        .executeTakeFirst();
    const every = definition?.recurring?.everyMs;
    const occurrence = every ? recurringPayload.safeParse(job.payload) : undefined;
    if (!every || !occurrence?.success) return !!(await end(db));
    return db.transaction().execute(async (trx) => {
      if (!(await end(trx))) return false;
      const due = nextDue(new Date(occurrence.data.due), every, Date.now());
      await queueOccurrence(trx, job.kind, job.max_attempts, due);
      // A day of past occurrences is kept to look at; older ones go.
      await trx
        .deleteFrom('jobs')
        .where('kind', '=', job.kind)
        .where('status', 'in', ['done', 'failed'])
        .where('unique_key', 'like', 'recurring:%')
        .where('updated_at', '<', sql<Date>`now() - interval '1 day'`)
        .execute();
      return true;
    });
  }

  /**
   * Queues the first occurrence of each recurring job, due now (on the `everyMs` grid), unless one is already
   * queued or running: the partial unique index jobs_one_pending_recurring makes replicas starting together
   * queue it once. Run on start, then every minute, so a task whose chain of occurrences broke (a kind
   * unknown to the replica that ended it) is queued again on its next period.
   */
  async function queueRecurring(onStart: boolean) {
    const recurring = options.jobs.filter((definition) => definition.recurring);
    for (const definition of recurring) {
      const every = definition.recurring!.everyMs;
      const due = new Date(Math.floor(Date.now() / every) * every);
      await queueOccurrence(db, definition.kind, definition.maxAttempts ?? 5, due);
    }
    if (onStart && options.runRecurringOnStart && recurring.length) {
      // Brought forward, not added: it keeps its due time, so the next one is still due a period after it.
      await db
        .updateTable('jobs')
        .set({ run_at: now, updated_at: now })
        .where('status', '=', 'queued')
        .where(
          'kind',
          'in',
          recurring.map((definition) => definition.kind),
        )
        .where('unique_key', 'like', 'recurring:%')
        .where('run_at', '>', now)
        .execute();
    }
  }

  async function fail(job: JobRow, error: string, definition?: JobDefinition<unknown>, payload?: unknown) {
    const row = await finish(job, { status: 'failed', last_error: error.slice(0, 2000) }, definition);
    ctx.log.error({ jobId: job.id, kind: job.kind, attempts: job.attempts, error }, 'job failed for good');
    if (!row || !definition?.onFailed || payload === undefined) return;
    try {
      await definition.onFailed(ctx, payload, error);
    } catch (hookError) {
      ctx.log.error({ err: hookError, jobId: job.id }, 'onFailed hook of a job failed');
    }
  }

  async function execute(job: JobRow) {
    const definition = byKind.get(job.kind);
    if (!definition) return fail(job, `Unknown job kind "${job.kind}"`);
    const parsed = definition.payload.safeParse(job.payload);
    if (!parsed.success) return fail(job, `Invalid payload: ${parsed.error.message}`);
    // attempts was counted when claimed: above the limit means the worker died on its last allowed run.
    if (job.attempts > job.max_attempts) {
      return fail(job, job.last_error ?? 'The job was interrupted too many times.', definition, parsed.data);
    }
    const run: JobRun = {
      jobId: job.id,
      attempt: job.attempts,
      signal: controller.signal,
      heartbeat: () => heartbeat(job.id),
    };
    try {
      // What the handler logs through ctx.log carries the job's id and kind.
      const log = ctx.log.child({ jobId: job.id, kind: job.kind });
      await runWithLog(log, () => definition.handler(ctx, parsed.data, run));
      await finish(job, { status: 'done', last_error: null }, definition);
    } catch (error) {
      if (error instanceof JobLeaseLost) {
        ctx.log.warn({ jobId: job.id, workerId }, 'job taken over by another worker');
        return;
      }
      if (error instanceof JobInterrupted) {
        // A clean stop is not a failed attempt: give the attempt back and let the next worker continue.
        await mine(job.id)
          .set({
            status: 'queued',
            attempts: sql<number>`greatest(attempts - 1, 0)`,
            locked_by: null,
            locked_until: null,
            run_at: now,
            updated_at: now,
          })
          .execute();
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      if (job.attempts >= job.max_attempts) return fail(job, message, definition, parsed.data);
      ctx.log.warn(
        { err: error, jobId: job.id, kind: job.kind, attempt: job.attempts },
        'job failed, will retry',
      );
      await mine(job.id)
        .set({
          status: 'queued',
          last_error: message.slice(0, 2000),
          locked_by: null,
          locked_until: null,
          run_at: sql<Date>`now() + ${retryDelay(job.attempts)}::integer * interval '1 millisecond'`,
          updated_at: now,
        })
        .execute();
    }
  }

  async function runOnce() {
    const job = await claimNextJob(db, workerId, options.leaseMs, kinds);
    if (!job) return false;
    await execute(job);
    return true;
  }

  return {
    workerId,
    runOnce,
    start() {
      if (loop) return;
      controller = new AbortController();
      const { signal } = controller;
      loop = (async () => {
        if (options.reclaimOrphansOnStart) {
          await db
            .updateTable('jobs')
            .set({ locked_until: sql<Date>`now() - interval '1 second'` })
            .where('status', '=', 'running')
            .execute()
            .catch((err) => ctx.log.error({ err }, 'could not reclaim orphaned jobs'));
        }
        const ensureRecurring = (onStart: boolean) =>
          queueRecurring(onStart).catch((err) =>
            ctx.log.error({ err }, 'could not queue the recurring jobs'),
          );
        await ensureRecurring(true);
        let recurringCheckedAt = Date.now();
        while (!signal.aborted) {
          if (Date.now() - recurringCheckedAt >= (options.recurringCheckMs ?? 60_000)) {
            recurringCheckedAt = Date.now();
            await ensureRecurring(false);
          }
          let ran = false;
          try {
            ran = await runOnce();
          } catch (err) {
            ctx.log.error({ err }, 'job worker error');
          }
          if (!ran && !signal.aborted) await sleep(options.pollMs, undefined, { signal }).catch(() => {});
          // Between jobs too, let the server read requests (PGlite work never waits on I/O by itself).
          else await yieldToEventLoop();
        }
      })();
    },
    async stop() {
      controller.abort();
      await loop;
      loop = null;
    },
  };
}

/**
 * When the occurrence after one due at `due` is due: `everyMs` later, or, when that time has passed already
 * (every replica was down, or the run was long), the last time on the same grid that is not in the future, so
 * missed occurrences are caught up by one run instead of one each.
 */
export function nextDue(due: Date, everyMs: number, nowMs: number): Date {
  const next = due.getTime() + everyMs;
  if (next > nowMs) return new Date(next);
  return new Date(due.getTime() + Math.floor((nowMs - due.getTime()) / everyMs) * everyMs);
}

/** Queues an occurrence of a recurring job; a no-op when it is queued already or another one is pending. */
async function queueOccurrence(db: Kysely<DB>, kind: string, maxAttempts: number, due: Date) {
  await db
    .insertInto('jobs')
    .values({
      kind,
      payload: JSON.stringify({ due: due.toISOString() }),
      max_attempts: maxAttempts,
      run_at: due,
      unique_key: occurrenceKey(kind, due),
    })
    // Any unique index: this key (the same occurrence), or jobs_one_pending_recurring (one already pending).
    .onConflict((oc) => oc.doNothing())
    .execute();
}
