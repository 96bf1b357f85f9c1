import type {
  BalanceHistoryPage,
  balanceHistoryQuery,
  ChargesPage,
  chargesQuery,
  EarningsPage,
  earningsQuery,
  FundingPage,
  fundingQuery,
  PayoutsPage,
  payoutsQuery,
  RefundsPage,
  refundsQuery,
} from '@reach/contract/payments';
import { type Expression, sql } from 'kysely';
import type { z } from 'zod';
import type { BusinessActor } from '../../actor';
import type { AppContext } from '../../context';
import { StatementShapes } from '../../db/statement-shapes';
import { pageWithTotal } from '../../lib/paged';
import { campaignMoney } from './funding';
import { canFund } from './policy';
import {
  type BalanceEntryRow,
  CHARGE_FIELDS,
  PAYOUT_FIELDS,
  presentBalanceEntry,
  presentCharge,
  presentFunding,
  presentPayout,
  presentRefund,
} from './presenter';

/*
 * The payments lists: filtered, sorted and paged in SQL, each returning {data, total}, each scoped to the
 * caller (a business its own charges, refunds and campaigns; an influencer its own balance and payouts).
 */

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** `to` is a whole day: everything before the next midnight (UTC). */
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);
const offset = (q: { page: number; items: number }) => (q.page - 1) * q.items;

/**
 * The lists' statements, built and compiled once per shape: which filters are set, the sort and its direction
 * (in the key); the caller, the filters' values and the page are values.
 */
const statements = new StatementShapes();

export async function listCharges(
  ctx: AppContext,
  userId: number,
  q: z.output<typeof chargesQuery>,
): Promise<ChargesPage> {
  const { db } = ctx;
  const values = {
    userId,
    status: q.status || undefined,
    purpose: q.purpose || undefined,
    campaign: q.campaign || undefined,
    from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined,
    to: q.to ? dayAfter(q.to) : undefined,
  };
  const base = (v: typeof values) => {
    let b = db
      .selectFrom('charges as ch')
      .leftJoin('campaigns as c', 'c.id', 'ch.campaign_id')
      .where('ch.user_id', '=', v.userId);
    if (v.status) b = b.where('ch.status', '=', v.status);
    if (v.purpose) b = b.where('ch.purpose', '=', v.purpose);
    if (v.campaign) b = b.where('ch.campaign_id', '=', v.campaign);
    if (v.from) b = b.where('ch.created_at', '>=', v.from);
    if (v.to) b = b.where('ch.created_at', '<', v.to);
    return b;
  };
  const sort: Expression<unknown> = q.sortBy === 'amount' ? sql`ch.amount_cents` : sql`ch.created_at`;
  const { rows, total } = await pageWithTotal(db, statements, {
    key: 'charges',
    sort: `${q.sortBy}|${q.sortDesc}`,
    values,
    request: q,
    base,
    page: (b) =>
      b
        .select(CHARGE_FIELDS.map((c) => `ch.${c}` as const))
        .select('c.title as campaign_title')
        .orderBy(sort, q.sortDesc)
        .orderBy('ch.id', q.sortDesc),
  });
  return { data: rows.map(presentCharge), total };
}

export async function listRefunds(
  ctx: AppContext,
  userId: number,
  q: z.output<typeof refundsQuery>,
): Promise<RefundsPage> {
  let base = ctx.db
    .selectFrom('refunds as r')
    .innerJoin('charges as ch', 'ch.id', 'r.charge_id')
    .leftJoin('campaigns as c', 'c.id', 'r.campaign_id')
    .where('r.user_id', '=', userId);
  if (q.status) base = base.where('r.status', '=', q.status);
  if (q.campaign) base = base.where('r.campaign_id', '=', q.campaign);
  if (q.from) base = base.where('r.created_at', '>=', new Date(`${q.from}T00:00:00Z`));
  if (q.to) base = base.where('r.created_at', '<', dayAfter(q.to));
  const sort: Expression<unknown> = q.sortBy === 'amount' ? sql`r.amount_cents` : sql`r.created_at`;
  const [rows, total] = await Promise.all([
    base
      .selectAll('r')
      .select(['c.title as campaign_title', 'ch.card_brand', 'ch.card_last4'])
      .orderBy(sort, q.sortDesc)
      .orderBy('r.id', q.sortDesc)
      .limit(q.items)
      .offset(offset(q))
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map(presentRefund), total: Number(total.n) };
}

/** The business's cash and combination campaigns (not deleted) with what each was funded, spent and refunded. */
export async function listFunding(
  ctx: AppContext,
  actor: BusinessActor,
  q: z.output<typeof fundingQuery>,
): Promise<FundingPage> {
  const funded = sql<number>`coalesce((SELECT sum(t.amount_cents) FROM ledger_transactions t
    WHERE t.campaign_id = c.id AND t.kind = 'campaign_funding'), 0)`;
  const toFund = sql<number>`CASE WHEN c.status IN ('draft', 'active', 'paused') AND c.total_budget_cents IS NOT NULL
    THEN greatest(c.total_budget_cents - ${funded}, 0) ELSE 0 END`;
  const values = { businessId: actor.businessId, search: q.search ? like(q.search) : undefined };
  const base = (v: typeof values) => {
    let b = ctx.db
      .selectFrom('campaigns as c')
      .where('c.business_id', '=', v.businessId)
      .where('c.type_id', 'in', [2, 3]);
    if (q.state === 'needs_funding') b = b.where(toFund, '>', 0);
    else if (q.state === 'funded')
      b = b
        .where('c.status', 'in', ['draft', 'active', 'paused'])
        .where(toFund, '=', 0)
        .where(funded, '>', 0);
    else if (q.state === 'closed') b = b.where('c.status', 'in', ['completed', 'archived']);
    if (v.search) b = b.where('c.title', 'ilike', v.search);
    return b;
  };
  const sorts: Record<typeof q.sortBy, Expression<unknown>> = {
    name: sql`lower(c.title)`,
    total_budget: sql`c.total_budget_cents`,
    to_fund: toFund,
    created_at: sql`c.created_at`,
  };
  // The page and its total in one statement, built once per shape (the state in the key, as it changes the
  // count's text too; the sort).
  const { rows, total } = await pageWithTotal(ctx.db, statements, {
    key: `funding|${q.state ?? ''}`,
    sort: `${q.sortBy}|${q.sortDesc}`,
    values,
    request: q,
    base,
    page: (b) =>
      b
        .select(['c.id', 'c.title', 'c.status', 'c.type_id', 'c.total_budget_cents', 'c.business_id'])
        .orderBy(sorts[q.sortBy], (ob) => (q.sortDesc === 'desc' ? ob.desc() : ob.asc()).nullsLast())
        .orderBy('c.id', q.sortDesc),
  });
  const money = await campaignMoney(
    ctx.db,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((r) => {
      const m = money.get(r.id) ?? { funded: 0, spent: 0, refunded: 0 };
      return presentFunding(r, m, canFund(actor, r, m));
    }),
    total,
  };
}

const ENTRY_KINDS = {
  earning: 'post_payment',
  payout: 'payout',
  payout_reversal: 'payout_reversal',
} as const;

/** Money in and out of the influencer's balance: payments for posts, withdrawals and returned withdrawals. */
export async function listBalanceHistory(
  ctx: AppContext,
  userId: number,
  q: z.output<typeof balanceHistoryQuery>,
): Promise<BalanceHistoryPage> {
  const { db } = ctx;
  const values = {
    userId,
    kind: q.kind ? ENTRY_KINDS[q.kind] : undefined,
    from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined,
    to: q.to ? dayAfter(q.to) : undefined,
  };
  const base = (v: typeof values) => {
    let b = db
      .selectFrom('ledger_transactions as t')
      .leftJoin('campaigns as c', 'c.id', 't.campaign_id')
      .leftJoin('businesses as b', 'b.id', 't.business_id')
      .where('t.influencer_user_id', '=', v.userId)
      .where('t.kind', 'in', ['post_payment', 'payout', 'payout_reversal']);
    if (v.kind) b = b.where('t.kind', '=', v.kind);
    if (v.from) b = b.where('t.created_at', '>=', v.from);
    if (v.to) b = b.where('t.created_at', '<', v.to);
    return b;
  };
  const sort: Expression<unknown> = q.sortBy === 'amount' ? sql`t.amount_cents` : sql`t.created_at`;
  const { rows, total } = await pageWithTotal(db, statements, {
    key: 'balance',
    sort: `${q.sortBy}|${q.sortDesc}`,
    values,
    request: q,
    base,
    page: (b) =>
      b
        .select([
          't.id',
          't.kind',
          't.description',
          't.amount_cents',
          't.created_at',
          't.campaign_id',
          'c.title as campaign_title',
          'b.business_name',
        ])
        .orderBy(sort, q.sortDesc)
        .orderBy('t.id', q.sortDesc),
  });
  return {
    data: rows.map((r) => presentBalanceEntry(r as BalanceEntryRow)),
    total,
  };
}

/** What each campaign paid the influencer, one row per campaign. */
export async function listEarnings(
  ctx: AppContext,
  userId: number,
  q: z.output<typeof earningsQuery>,
): Promise<EarningsPage> {
  const { db } = ctx;
  const values = { userId, search: q.search ? like(q.search) : undefined };
  const base = (v: typeof values) => {
    const b = db
      .selectFrom('ledger_transactions as t')
      .leftJoin('campaigns as c', 'c.id', 't.campaign_id')
      .leftJoin('businesses as b', 'b.id', 't.business_id')
      .where('t.influencer_user_id', '=', v.userId)
      .where('t.kind', '=', 'post_payment')
      .where('t.campaign_id', 'is not', null);
    return v.search ? b.where('c.title', 'ilike', v.search) : b;
  };
  const sorts = {
    last_paid_at: sql`max(t.created_at)`,
    earned: sql`sum(t.amount_cents)`,
    name: sql`lower(c.title)`,
  } as const;
  const { rows, total } = await pageWithTotal(db, statements, {
    key: 'earnings',
    sort: `${q.sortBy}|${q.sortDesc}`,
    values,
    request: q,
    base,
    page: (b) =>
      b
        .select([
          't.campaign_id',
          'c.title',
          'b.business_name',
          (eb) => eb.fn.countAll<number>().as('payments'),
          (eb) => eb.fn.sum<number>('t.amount_cents').as('earned'),
          (eb) => eb.fn.max('t.created_at').as('last_paid_at'),
        ])
        .groupBy(['t.campaign_id', 'c.title', 'b.business_name'])
        .orderBy(sorts[q.sortBy], (ob) => (q.sortDesc === 'desc' ? ob.desc() : ob.asc()).nullsLast())
        .orderBy('t.campaign_id', q.sortDesc),
    // Its rows are groups and its total the campaigns paid: counted on their own.
    count: (b) => b.select((eb) => eb.fn.count<number>('t.campaign_id').distinct().as('n')),
  });
  return {
    data: rows.map((r) => ({
      campaign_id: r.campaign_id!,
      title: r.title,
      business_name: r.business_name,
      payments: Number(r.payments),
      earned_cents: Number(r.earned),
      last_paid_at: new Date(r.last_paid_at as Date).toISOString(),
    })),
    total,
  };
}

export async function listPayouts(
  ctx: AppContext,
  userId: number,
  q: z.output<typeof payoutsQuery>,
): Promise<PayoutsPage> {
  const { db } = ctx;
  const values = {
    userId,
    status: q.status || undefined,
    from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined,
    to: q.to ? dayAfter(q.to) : undefined,
  };
  const base = (v: typeof values) => {
    let b = db.selectFrom('payouts as p').where('p.user_id', '=', v.userId);
    if (v.status) b = b.where('p.status', '=', v.status);
    if (v.from) b = b.where('p.created_at', '>=', v.from);
    if (v.to) b = b.where('p.created_at', '<', v.to);
    return b;
  };
  const sort: Expression<unknown> = q.sortBy === 'amount' ? sql`p.amount_cents` : sql`p.created_at`;
  const { rows, total } = await pageWithTotal(db, statements, {
    key: 'payouts',
    sort: `${q.sortBy}|${q.sortDesc}`,
    values,
    request: q,
    base,
    page: (b) =>
      b
        .select(PAYOUT_FIELDS.map((c) => `p.${c}` as const))
        .orderBy(sort, q.sortDesc)
        .orderBy('p.id', q.sortDesc),
  });
  return { data: rows.map(presentPayout), total };
}
