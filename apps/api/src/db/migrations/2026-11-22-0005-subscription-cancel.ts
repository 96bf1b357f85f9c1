import { type Kysely, sql } from 'kysely';

/** A paid subscription can be cancelled at the end of its period. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE subscriptions ADD COLUMN cancel_at_period_end boolean NOT NULL DEFAULT false`.execute(
    db,
  );
}
