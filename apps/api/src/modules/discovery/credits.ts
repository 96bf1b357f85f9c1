import { API_MESSAGE } from '@reach/contract/messages';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/*
 * Discovery credits: the balance lives in users.credits; every change is one row of credit_transactions
 * (amount ±, balance_after, reason, key UNIQUE) written in the same transaction as the balance change.
 *
 *  - idempotent by key: a key already in the ledger changes nothing and returns the balance now;
 *  - a debit is one conditional UPDATE … WHERE credits >= n RETURNING, so concurrent debits can never take the
 *    balance below zero (the row lock serialises them; the loser sees the new balance and fails the check);
 *  - both take an advisory lock on the key first, so concurrent calls with one key move credits once.
 */

type Db = Kysely<DB> | Transaction<DB>;

async function inTransaction<T>(db: Db, fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Transaction<DB>) : db.transaction().execute(fn);
}

async function existing(trx: Transaction<DB>, key: string) {
  return trx.selectFrom('credit_transactions').select('id').where('key', '=', key).executeTakeFirst();
}

async function balance(trx: Transaction<DB>, userId: number): Promise<number> {
  const row = await trx.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirst();
  return row?.credits ?? 0;
}

/**
 * Takes `amount` credits from the user, or throws 402 not_enough_credits and changes nothing. One statement:
 * the conditional UPDATE and its ledger row (skipped when the key is already in the ledger).
 */
export async function debitCredits(
  db: Db,
  userId: number,
  amount: number,
  reason: string,
  key: string,
): Promise<{ balance: number; charged: boolean }> {
  if (!Number.isInteger(amount) || amount <= 0)
    throw new Error('debitCredits: amount must be a positive integer');
  return inTransaction(db, async (trx) => {
    // Concurrent debits with one key (the same search sent twice at once) queue here: without it, each
    // statement's snapshot misses the other's uncommitted ledger row, both debit, and the second insert
    // fails on the unique key (a 500). Once the first commits, the second sees its row and is free.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
    const { rows } = await sql<{ balance: number }>`
      WITH u AS (
        UPDATE users SET credits = credits - ${amount}
        WHERE id = ${userId} AND credits >= ${amount}
          AND NOT EXISTS (SELECT 1 FROM credit_transactions WHERE key = ${key})
        RETURNING credits
      ), l AS (
        INSERT INTO credit_transactions (user_id, amount, balance_after, reason, key)
        SELECT ${userId}, ${-amount}, credits, ${reason}, ${key} FROM u
      )
      SELECT credits AS balance FROM u`.execute(trx);
    if (rows[0]) return { balance: rows[0].balance, charged: true };
    if (await existing(trx, key)) return { balance: await balance(trx, userId), charged: false };
    throw new AppError(
      'not_enough_credits',
      API_MESSAGE.discoveryNotEnoughCredits(amount, await balance(trx, userId)),
    );
  });
}

/** Adds `amount` credits to the user (plan renewals, admin grants); a key already used grants nothing. */
export async function grantCredits(
  db: Db,
  userId: number,
  amount: number,
  reason: string,
  key: string,
): Promise<{ balance: number; granted: boolean }> {
  if (!Number.isInteger(amount) || amount <= 0)
    throw new Error('grantCredits: amount must be a positive integer');
  return inTransaction(db, async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
    if (await existing(trx, key)) return { balance: await balance(trx, userId), granted: false };
    const row = await trx
      .updateTable('users')
      .set((eb) => ({ credits: eb('credits', '+', amount) }))
      .where('id', '=', userId)
      .returning('credits')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('credit_transactions')
      .values({ user_id: userId, amount, balance_after: row.credits, reason, key })
      .execute();
    return { balance: row.credits, granted: true };
  });
}

export async function creditBalance(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirst();
  return row?.credits ?? 0;
}
