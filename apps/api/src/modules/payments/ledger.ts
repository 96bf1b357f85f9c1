import { API_MESSAGE } from '@reach/contract/messages';
import { formatUsd } from '@reach/contract/money';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB, LedgerKind } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/*
 * The double-entry ledger (DESIGN.md §4). Money moves between accounts in ledger transactions; each has a
 * unique idempotency key and postings that sum to zero (−amount on the account it leaves, +amount on the one
 * it enters). A movement is written in the caller's database transaction, with the state change that causes
 * it, so either both happen or neither does; repeating it with the same key changes nothing.
 *
 * Accounts (balance = sum of the account's postings):
 *   external:card                 money from (and refunded to) cards; negative, it is outside the platform
 *   external:payout               money paid out to influencers' banks
 *   campaign:<id>:budget          a campaign's funded budget, not yet paid nor refunded
 *   influencer:<userId>:balance   an influencer's earnings not yet withdrawn
 *   platform:revenue              plan payments
 * Only external accounts may go below zero; the others are refused (and a CHECK backs that up).
 */

export const ACCOUNT = {
  externalCard: 'external:card',
  externalPayout: 'external:payout',
  platformRevenue: 'platform:revenue',
  campaignBudget: (campaignId: number) => `campaign:${campaignId}:budget`,
  influencerBalance: (userId: number) => `influencer:${userId}:balance`,
} as const;

type Db = Kysely<DB>;

export type Movement = {
  /** Unique per movement; the same key again returns the first movement and moves nothing. */
  key: string;
  kind: LedgerKind;
  from: string;
  to: string;
  amountCents: number;
  description: string;
  businessId?: number | null;
  campaignId?: number | null;
  influencerUserId?: number | null;
  userId?: number | null;
  reference?: { type: string; id: number } | null;
  /** When it happened, if not now (the demo seed writes past history). */
  at?: Date;
};

export type MovementResult = { transactionId: number; created: boolean };

/** The account a movement would take below zero, with what it holds. */
export class InsufficientFundsError extends Error {
  constructor(
    readonly account: string,
    readonly availableCents: number,
    readonly requestedCents: number,
  ) {
    super(`${account} holds ${availableCents} cents, ${requestedCents} requested`);
  }
}

/** Runs `fn` in the caller's transaction, or in a new one. */
export async function inTransaction<T>(db: Db, fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db as Transaction<DB>);
  return db.transaction().execute(fn);
}

const allowsNegative = (account: string) => account.startsWith('external:');

/**
 * Moves money between two accounts, exactly once per key. Both accounts are locked (in name order, so two
 * movements never wait on each other crosswise) before the key is looked up: of concurrent calls with one key,
 * the first moves the money and the others, once it commits, find its transaction and return it.
 */
export async function recordMovement(db: Db, m: Movement): Promise<MovementResult> {
  if (!Number.isSafeInteger(m.amountCents) || m.amountCents <= 0)
    throw new Error(`ledger amounts are positive whole cents, got ${m.amountCents}`);
  if (m.from === m.to) throw new Error('a ledger movement needs two different accounts');
  return inTransaction(db, async (trx) => {
    const accounts = [m.from, m.to].sort();
    await trx
      .insertInto('ledger_accounts')
      .values(accounts.map((account) => ({ account, allow_negative: allowsNegative(account) })))
      .onConflict((oc) => oc.column('account').doNothing())
      .execute();
    const locked = await trx
      .selectFrom('ledger_accounts')
      .select(['account', 'balance_cents', 'allow_negative'])
      .where('account', 'in', accounts)
      .orderBy('account')
      .forUpdate()
      .execute();

    const existing = await findByKey(trx, m);
    if (existing) return existing;

    const source = locked.find((a) => a.account === m.from)!;
    if (!source.allow_negative && source.balance_cents < m.amountCents)
      throw new InsufficientFundsError(m.from, source.balance_cents, m.amountCents);

    const inserted = await trx
      .insertInto('ledger_transactions')
      .values({
        idempotency_key: m.key,
        kind: m.kind,
        amount_cents: m.amountCents,
        description: m.description,
        business_id: m.businessId ?? null,
        campaign_id: m.campaignId ?? null,
        influencer_user_id: m.influencerUserId ?? null,
        user_id: m.userId ?? null,
        reference_type: m.reference?.type ?? null,
        reference_id: m.reference?.id ?? null,
        ...(m.at ? { created_at: m.at } : {}),
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    // The same key on other accounts, committed meanwhile: that movement stands.
    if (!inserted) return (await findByKey(trx, m))!;

    await trx
      .insertInto('ledger_postings')
      .values([
        {
          transaction_id: inserted.id,
          account: m.from,
          amount_cents: -m.amountCents,
          ...(m.at ? { created_at: m.at } : {}),
        },
        {
          transaction_id: inserted.id,
          account: m.to,
          amount_cents: m.amountCents,
          ...(m.at ? { created_at: m.at } : {}),
        },
      ])
      .execute();
    for (const [account, delta] of [
      [m.from, -m.amountCents],
      [m.to, m.amountCents],
    ] as const) {
      await trx
        .updateTable('ledger_accounts')
        .set((eb) => ({ balance_cents: eb('balance_cents', '+', delta), updated_at: sql`now()` }))
        .where('account', '=', account)
        .execute();
    }
    return { transactionId: inserted.id, created: true };
  });
}

/**
 * The movement already recorded under this key, if any. A key reused for a different movement (other
 * accounts, amount or kind) is a caller's bug that must not pass silently: 409.
 */
async function findByKey(db: Db, m: Movement): Promise<MovementResult | null> {
  const row = await db
    .selectFrom('ledger_transactions')
    .select(['id', 'kind', 'amount_cents'])
    .where('idempotency_key', '=', m.key)
    .executeTakeFirst();
  if (!row) return null;
  const postings = await db
    .selectFrom('ledger_postings')
    .select(['account', 'amount_cents'])
    .where('transaction_id', '=', row.id)
    .execute();
  const same =
    row.kind === m.kind &&
    row.amount_cents === m.amountCents &&
    postings.some((p) => p.account === m.from && p.amount_cents === -m.amountCents) &&
    postings.some((p) => p.account === m.to && p.amount_cents === m.amountCents);
  if (!same) throw new AppError('conflict', API_MESSAGE.idempotencyKeyReused);
  return { transactionId: row.id, created: false };
}

/** An account's balance in cents (0 for an account that never moved). */
export async function accountBalance(db: Db, account: string): Promise<number> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance_cents')
    .where('account', '=', account)
    .executeTakeFirst();
  return row?.balance_cents ?? 0;
}

export type PayInput = {
  campaignId: number;
  influencerUserId: number;
  amountCents: number;
  /** Unique per payment, e.g. `post:<id>`: the payment happens once whatever the retries or concurrent calls. */
  idempotencyKey: string;
  description: string;
  /** What the payment is for (e.g. { type: 'post', id }), kept on the ledger transaction. */
  reference?: { type: string; id: number } | null;
  /** When it happened, if not now (the demo seed). */
  at?: Date;
};

/**
 * Pays an influencer from a campaign's funded budget into their balance, exactly once per idempotency key.
 * Refuses (409, with the amount left) a payment the funded budget does not cover. Pass a transaction to write
 * it together with the change that causes it (e.g. approving a post); `created` is false when the key had
 * already paid.
 */
export async function payFromCampaignBudget(db: Db, input: PayInput): Promise<MovementResult> {
  return inTransaction(db, async (trx) => {
    const campaign = await trx
      .selectFrom('campaigns')
      .select(['id', 'business_id', 'title'])
      .where('id', '=', input.campaignId)
      .executeTakeFirst();
    if (!campaign) throw new AppError('not_found', API_MESSAGE.campaignNotFound);
    try {
      return await recordMovement(trx, {
        key: input.idempotencyKey,
        kind: 'post_payment',
        from: ACCOUNT.campaignBudget(campaign.id),
        to: ACCOUNT.influencerBalance(input.influencerUserId),
        amountCents: input.amountCents,
        description: input.description,
        businessId: campaign.business_id,
        campaignId: campaign.id,
        influencerUserId: input.influencerUserId,
        reference: input.reference ?? null,
        ...(input.at ? { at: input.at } : {}),
      });
    } catch (error) {
      if (error instanceof InsufficientFundsError)
        throw new AppError(
          'conflict',
          API_MESSAGE.budgetExhausted(formatUsd(error.availableCents), formatUsd(error.requestedCents)),
        );
      throw error;
    }
  });
}

/**
 * What is wrong with the ledger, if anything (tests assert an empty list after every test): all postings sum
 * to zero, each transaction balances with at least two postings, each account's balance is the sum of its
 * postings, and no account that must not go negative has.
 */
export async function ledgerProblems(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const total = await db
    .selectFrom('ledger_postings')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), sql<number>`0`).as('sum'))
    .executeTakeFirstOrThrow();
  if (Number(total.sum) !== 0) problems.push(`all postings sum to ${total.sum}, not 0`);
  const unbalanced = await sql<{ id: number; sum: number; n: number }>`
    SELECT t.id, coalesce(sum(p.amount_cents), 0) AS sum, count(p.id)::int AS n
    FROM ledger_transactions t LEFT JOIN ledger_postings p ON p.transaction_id = t.id
    GROUP BY t.id
    HAVING coalesce(sum(p.amount_cents), 0) <> 0 OR count(p.id) < 2
    OR sum(CASE WHEN p.amount_cents > 0 THEN p.amount_cents ELSE 0 END) <> t.amount_cents`.execute(db);
  for (const r of unbalanced.rows) problems.push(`transaction ${r.id} sums to ${r.sum} over ${r.n} postings`);
  const drift = await sql<{ account: string; balance_cents: number; sum: number }>`
    SELECT a.account, a.balance_cents, coalesce(sum(p.amount_cents), 0) AS sum
    FROM ledger_accounts a LEFT JOIN ledger_postings p ON p.account = a.account
    GROUP BY a.account, a.balance_cents
    HAVING a.balance_cents <> coalesce(sum(p.amount_cents), 0)`.execute(db);
  for (const r of drift.rows)
    problems.push(`account ${r.account} says ${r.balance_cents} but its postings sum to ${r.sum}`);
  const negative = await db
    .selectFrom('ledger_accounts')
    .select(['account', 'balance_cents'])
    .where('allow_negative', '=', false)
    .where('balance_cents', '<', 0)
    .execute();
  for (const r of negative) problems.push(`account ${r.account} is negative (${r.balance_cents})`);
  return problems;
}
