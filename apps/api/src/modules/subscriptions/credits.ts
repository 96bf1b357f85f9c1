import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { grantCredits } from '../discovery/credits';

/**
 * Adds a plan's monthly discovery credits to a business, in the caller's transaction (with the invoice that
 * pays for them): one row of the credit ledger written with the balance change, idempotent by `key`, so a
 * replayed invoice grants nothing twice.
 */
export async function grantMonthlyCredits(
  trx: Transaction<DB>,
  userId: number,
  amount: number,
  reason: string,
  key: string,
): Promise<void> {
  if (amount <= 0) return;
  await grantCredits(trx, userId, amount, reason, key);
}
