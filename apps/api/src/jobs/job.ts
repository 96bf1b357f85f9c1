import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';

/** What a running handler gets from its worker. */
export type JobRun = {
  jobId: number;
  /** 1 on the first run; a retry or a take-over after a crash counts up. */
  attempt: number;
  /** Aborted when the worker stops (shutdown): finish the current step, then throw JobInterrupted. */
  signal: AbortSignal;
  /** Renews the job's lease; throws JobLeaseLost when another worker has taken the job over. */
  heartbeat(): Promise<void>;
};

/** Thrown by a handler that stopped early because its worker is stopping: the job goes back to the queue. */
export class JobInterrupted extends Error {
  constructor() {
    super('The worker is stopping');
  }
}

/** The job's lease ran out and another worker owns it now: this worker must stop touching it. */
export class JobLeaseLost extends Error {
  constructor(jobId: number) {
    super(`Lost the lease of job ${jobId}`);
  }
}

/**
 * A kind of background job: its id, the shape of its payload, and a handler that must be idempotent — a
 * job can run again after a crash or a retry, possibly after part of its work was committed.
 */
export type JobDefinition<P> = {
  kind: string;
  payload: z.ZodType<P>;
  /** Runs before the job fails for good (default 5). */
  maxAttempts?: number;
  handler(ctx: AppContext, payload: P, run: JobRun): Promise<void>;
  /** Called once when the job has failed for good, to leave what it was working on in a clear state. */
  onFailed?(ctx: AppContext, payload: P, error: string): Promise<void>;
  /**
   * A recurring job (defineRecurringJob): the runner keeps one occurrence of it queued, and the worker that
   * ends an occurrence (done, or failed for good) queues the next, `everyMs` after the ended one was due.
   */
  recurring?: { everyMs: number };
};

export function defineJob<P>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}

/** The payload of a recurring job's occurrence: when it was due (ISO), which keys it. */
export const recurringPayload = z.object({ due: z.iso.datetime() });
export type RecurringPayload = z.infer<typeof recurringPayload>;

/** The key of a recurring job's occurrence: one row per (task, due time), whichever replica queues it. */
export function occurrenceKey(kind: string, due: Date): string {
  return `recurring:${kind}@${due.toISOString()}`;
}

/**
 * Periodic work done once across all replicas (trial expiry, payment retries, cache purges): a job kind whose
 * occurrences the runner queues itself, one at a time (jobs/runner.ts). `run` must be idempotent: an
 * occurrence can run again after a crash, and it may run late (when every replica was down at its time).
 */
export function defineRecurringJob(definition: {
  kind: string;
  everyMs: number;
  /** Runs of one occurrence before it fails for good and the next one is queued (default 3). */
  maxAttempts?: number;
  run(ctx: AppContext, run: JobRun): Promise<unknown>;
}): JobDefinition<RecurringPayload> {
  return {
    kind: definition.kind,
    payload: recurringPayload,
    maxAttempts: definition.maxAttempts ?? 3,
    recurring: { everyMs: definition.everyMs },
    async handler(ctx, _payload, run) {
      await definition.run(ctx, run);
    },
  };
}

/** Queues a job; pass a transaction to queue it atomically with the rows it will work on. */
export async function enqueue<P>(
  db: Kysely<DB>,
  job: JobDefinition<P>,
  payload: P,
  options: { runAt?: Date } = {},
): Promise<number> {
  const row = await db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      payload: JSON.stringify(job.payload.parse(payload)),
      max_attempts: job.maxAttempts ?? 5,
      ...(options.runAt ? { run_at: options.runAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
