import { type Kysely, sql } from 'kysely';

/**
 * At most one live subscription per business, held by the schema rather than by a check in code: concurrent
 * plan changes used to leave several `active` rows (issue 11). Rows that are not `canceled` (trialing,
 * active — the free tier too — and past_due) are live; older duplicates left by that race are closed first,
 * keeping each business's newest live row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE subscriptions s
    SET status = 'canceled', canceled_at = coalesce(s.canceled_at, now()), updated_at = now()
    WHERE s.status <> 'canceled'
      AND EXISTS (
        SELECT 1 FROM subscriptions n WHERE n.user_id = s.user_id AND n.status <> 'canceled' AND n.id > s.id
      )`.execute(db);
  await sql`
    CREATE UNIQUE INDEX subscriptions_one_live_per_user ON subscriptions (user_id) WHERE status <> 'canceled'
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX subscriptions_one_live_per_user`.execute(db);
}
