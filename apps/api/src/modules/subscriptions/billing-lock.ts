import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/*
 * One business's billing changes (plan change, cancellation, renewal, trial expiry, provider webhooks) run one
 * at a time: each takes this transaction-scoped advisory lock on the business's user id before it reads the
 * subscription it is about to change. Under READ COMMITTED a statement run after the lock is granted sees
 * whatever the previous holder committed, which row locks on "the latest subscription" did not give: a waiter
 * locked the row it had already chosen, the old one. Advisory locks take no row, so discovery searches
 * (which update users.credits) never wait on a plan change.
 */

/** Namespace of the two-key advisory lock ('REAC'), so it cannot collide with other advisory locks. */
const BILLING_LOCK = 0x52454143;

/** Waits for the business's billing lock, held until the transaction ends. */
export async function lockBilling(trx: Kysely<DB>, userId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${BILLING_LOCK}, ${userId}::int)`.execute(trx);
}

/**
 * Takes the business's billing lock if it is free, without waiting: false while another billing change of
 * the same business is running (a double click), which the caller answers at once instead of holding a
 * pooled connection while it waits.
 */
export async function tryLockBilling(trx: Kysely<DB>, userId: number): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`
    SELECT pg_try_advisory_xact_lock(${BILLING_LOCK}, ${userId}::int) AS locked`.execute(trx);
  return rows[0]?.locked === true;
}
