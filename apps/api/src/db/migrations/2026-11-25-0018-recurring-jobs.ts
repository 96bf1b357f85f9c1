import { type Kysely, sql } from 'kysely';

/**
 * Recurring jobs (jobs/runner.ts: periodic work such as trial expiry, once across all replicas).
 *
 * unique_key: a job queued under a key is queued once. An occurrence of a recurring job is keyed
 * `recurring:<kind>@<due time>`, so the worker that finishes one and schedules the next cannot schedule it twice.
 * jobs_one_pending_recurring: at most one queued or running occurrence of each recurring kind, so replicas that
 * start together schedule the first occurrence once, and two occurrences of a task never overlap.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE jobs ADD COLUMN unique_key text;
    CREATE UNIQUE INDEX jobs_unique_key_idx ON jobs (unique_key);
    CREATE UNIQUE INDEX jobs_one_pending_recurring ON jobs (kind)
      WHERE status IN ('queued', 'running') AND unique_key LIKE 'recurring:%';
  `.execute(db);
}
