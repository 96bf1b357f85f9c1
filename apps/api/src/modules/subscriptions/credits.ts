import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Adds a plan's monthly discovery credits to a business, in the caller's transaction (with the invoice that
 * pays for them, so a replayed invoice grants nothing twice).
 *
 * // integrates with discovery credits: the discovery capability's grantCredits(db, userId, amount, reason, key)
 * // (modules/discovery/credits.ts) records each grant in its credit ledger, idempotently by `key`; until it is
 * // wired here, this adds to users.credits atomically and keeps the reason in the audit log.
 */
export async function grantMonthlyCredits(
  trx: Transaction<DB>,
  userId: number,
  amount: number,
  reason: string,
  key: string,
): Promise<void> {
  if (amount <= 0) return;
  await trx
    .updateTable('users')
    .set((eb) => ({ credits: eb('credits', '+', amount) }))
    .where('id', '=', userId)
    .execute();
  await trx
    .insertInto('audit_log')
    .values({
      actor_id: null,
      action: 'credits.granted',
      subject_type: 'user',
      subject_id: userId,
      data: JSON.stringify({ amount, reason, key }),
    })
    .execute();
}
