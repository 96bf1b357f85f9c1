import { CAMPAIGN_TYPE } from '@reach/contract/campaigns';
import type { PostFigures } from '@reach/contract/reports';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { postFigures } from '../reports/figures';

/** An approved post of an active campaign: its figures as the EMV formula reads them, and when it was posted. */
export type ActivePost = PostFigures & { submitted_at: Date };

/** The approved posts of the business's active campaigns (index posts (business_id, status, submitted_at)). */
export async function activeApprovedPosts(db: Kysely<DB>, businessId: number): Promise<ActivePost[]> {
  const rows = await db
    .selectFrom('posts as p')
    .innerJoin('campaigns as k', 'k.id', 'p.campaign_id')
    .select([
      'p.platform',
      'p.likes',
      'p.comments',
      'p.shares',
      'p.saves',
      'p.video_views',
      'p.impressions',
      'p.reach',
      'p.submitted_at',
    ])
    .where('p.business_id', '=', businessId)
    .where('p.status', '=', 'approved')
    .where('k.business_id', '=', businessId)
    .where('k.status', '=', 'active')
    .execute();
  return rows.map((r) => ({ ...postFigures(r), submitted_at: new Date(r.submitted_at) }));
}

/*
 * The dashboards' read model for issue 14: a business's results across its active campaigns and the platform's
 * money totals. Each is one statement (one round trip); the presenters turn the rows into the answers.
 */

/** One figure's three sums: over everything read, this period, the period before. */
export type Sums = { total: number; current: number; previous: number };

export type BusinessResultRows = {
  activeCampaigns: number;
  clicks: Sums;
  /** Post payments out of the active campaigns' budgets, by the date paid. */
  spendCents: Sums;
  /** Product campaigns: the product's value × each creator with an active (accepted or completed) connection. */
  productValueCents: number;
  /** Conversions (count) and revenue (minor units) per currency. */
  conversions: { currency: string; count: Sums; amount: Sums }[];
};

type ResultRow = {
  metric: 'campaigns' | 'clicks' | 'conversions' | 'spend' | 'product';
  currency: string | null;
  total: string | number;
  cur: string | number;
  prev: string | number;
  amount_total: string | number;
  amount_cur: string | number;
  amount_prev: string | number;
};

const sums = (total: unknown, current: unknown, previous: unknown): Sums => ({
  total: Number(total ?? 0),
  current: Number(current ?? 0),
  previous: Number(previous ?? 0),
});

/**
 * The business's active campaigns and, across them: counted clicks (bots and repeats within 30 minutes left
 * out), attributed conversions and their revenue per currency, spend (post payments out of the campaigns'
 * budgets in the ledger) and product value — in total, since `thisWeekFrom` and in [`previousWeekFrom`,
 * `thisWeekFrom`). Every part is scoped by the business id and reads an index range per campaign: the totals of
 * clicks and conversions from their per-creator rollups (attribution_click_totals, attribution_conversion_totals,
 * written with each click and conversion: a campaign's million clicks are not counted again), the two weeks from the raw
 * rows of the last 14 days (link_clicks (campaign_id, clicked_at), conversions (campaign_id, occurred_at)),
 * spend from ledger_transactions (campaign_id, kind).
 */
export async function businessResultRows(
  db: Kysely<DB>,
  businessId: number,
  thisWeekFrom: Date,
  previousWeekFrom: Date,
): Promise<BusinessResultRows> {
  const cur = (column: string) => sql`${sql.ref(column)} >= ${thisWeekFrom}`;
  const prev = (column: string) =>
    sql`${sql.ref(column)} >= ${previousWeekFrom} AND ${sql.ref(column)} < ${thisWeekFrom}`;
  const { rows } = await sql<ResultRow>`
    WITH active AS (
      SELECT id FROM campaigns WHERE business_id = ${businessId} AND status = 'active'
    )
    SELECT 'campaigns' AS metric, NULL AS currency, count(*)::int AS total, 0 AS cur, 0 AS prev,
           0 AS amount_total, 0 AS amount_cur, 0 AS amount_prev
      FROM active
    UNION ALL
    SELECT 'clicks', NULL,
           (SELECT coalesce(sum(unique_clicks), 0) FROM attribution_click_totals
             WHERE campaign_id IN (SELECT id FROM active) AND business_id = ${businessId})::bigint,
           (count(*) FILTER (WHERE ${cur('clicked_at')}))::int,
           (count(*) FILTER (WHERE ${prev('clicked_at')}))::int,
           0, 0, 0
      FROM link_clicks
     WHERE campaign_id IN (SELECT id FROM active) AND business_id = ${businessId} AND is_unique AND NOT is_bot
       AND clicked_at >= ${previousWeekFrom}
    UNION ALL
    SELECT 'conversions', coalesce(t.currency, w.currency), coalesce(t.n, 0), coalesce(w.n_cur, 0),
           coalesce(w.n_prev, 0), coalesce(t.amount, 0), coalesce(w.a_cur, 0), coalesce(w.a_prev, 0)
      FROM (
        SELECT currency, sum(conversions)::bigint AS n, sum(revenue_cents)::bigint AS amount
          FROM attribution_conversion_totals
         WHERE campaign_id IN (SELECT id FROM active) AND business_id = ${businessId}
         GROUP BY currency
      ) t
      FULL JOIN (
        SELECT currency,
               (count(*) FILTER (WHERE ${cur('occurred_at')}))::int AS n_cur,
               (count(*) FILTER (WHERE ${prev('occurred_at')}))::int AS n_prev,
               coalesce(sum(amount_cents) FILTER (WHERE ${cur('occurred_at')}), 0)::bigint AS a_cur,
               coalesce(sum(amount_cents) FILTER (WHERE ${prev('occurred_at')}), 0)::bigint AS a_prev
          FROM conversions
         WHERE campaign_id IN (SELECT id FROM active) AND business_id = ${businessId}
           AND influencer_user_id IS NOT NULL AND occurred_at >= ${previousWeekFrom}
         GROUP BY currency
      ) w ON w.currency = t.currency
    UNION ALL
    SELECT 'spend', NULL, coalesce(sum(amount_cents), 0)::bigint,
           coalesce(sum(amount_cents) FILTER (WHERE ${cur('created_at')}), 0)::bigint,
           coalesce(sum(amount_cents) FILTER (WHERE ${prev('created_at')}), 0)::bigint,
           0, 0, 0
      FROM ledger_transactions
     WHERE campaign_id IN (SELECT id FROM active) AND kind = 'post_payment' AND business_id = ${businessId}
    UNION ALL
    SELECT 'product', NULL, coalesce(sum(k.product_amount_cents), 0)::bigint, 0, 0, 0, 0, 0
      FROM connections cn
      JOIN campaigns k ON k.id = cn.campaign_id
     WHERE cn.campaign_id IN (SELECT id FROM active) AND cn.business_id = ${businessId}
       AND cn.status IN ('accepted', 'completed')
       AND k.type_id IN (${CAMPAIGN_TYPE.product}, ${CAMPAIGN_TYPE.combination})
       AND k.product_amount_cents > 0
  `.execute(db);
  const one = (metric: ResultRow['metric']) => rows.find((r) => r.metric === metric);
  const clicks = one('clicks');
  const spend = one('spend');
  return {
    activeCampaigns: Number(one('campaigns')?.total ?? 0),
    clicks: sums(clicks?.total, clicks?.cur, clicks?.prev),
    spendCents: sums(spend?.total, spend?.cur, spend?.prev),
    productValueCents: Number(one('product')?.total ?? 0),
    conversions: rows
      .filter((r) => r.metric === 'conversions' && r.currency !== null)
      .map((r) => ({
        currency: r.currency as string,
        count: sums(r.total, r.cur, r.prev),
        amount: sums(r.amount_total, r.amount_cur, r.amount_prev),
      }))
      .sort((a, b) => a.currency.localeCompare(b.currency)),
  };
}

/** The platform's money figures (cents) in the period and the period before; null sums where there is none. */
export type PlatformTotalRows = Record<
  'gmv' | 'funded' | 'payouts' | 'subscription_revenue',
  { current: number; previous: number | null }
>;

type TotalsRow = Record<`${keyof PlatformTotalRows}_${'cur' | 'prev'}`, string | number | null>;

/**
 * Sums of the ledger's movements by kind, in one pass over ledger_transactions (from the previous period's
 * start when there is one): post payments (GMV), fundings less refunds of campaign budgets (funded), payouts
 * whose withdrawal the provider confirmed (payouts row `paid`; pending and failed ones left out) and plan
 * payments (subscription revenue). The current period has no upper bound; the previous one is [from, to).
 * Only the kinds summed are read, through the (kind, created_at) index (migration 0022), not the whole ledger.
 */
export async function platformTotalRows(
  db: Kysely<DB>,
  range: { from: Date | null; previousFrom: Date | null; previousTo: Date | null },
): Promise<PlatformTotalRows> {
  const cur = range.from ? sql`lt.created_at >= ${range.from}` : sql`true`;
  const prev =
    range.previousFrom && range.previousTo
      ? sql`lt.created_at >= ${range.previousFrom} AND lt.created_at < ${range.previousTo}`
      : sql`false`;
  const lowest = range.previousFrom ?? range.from;
  const figure = (name: string, condition: RawBuilder<unknown>, amount = sql`lt.amount_cents`) => sql`
    coalesce(sum(${amount}) FILTER (WHERE (${condition}) AND (${cur})), 0)::bigint AS ${sql.ref(`${name}_cur`)},
    coalesce(sum(${amount}) FILTER (WHERE (${condition}) AND (${prev})), 0)::bigint AS ${sql.ref(`${name}_prev`)}`;
  const { rows } = await sql<TotalsRow>`
    SELECT
      ${figure('gmv', sql`lt.kind = 'post_payment'`)},
      ${figure(
        'funded',
        sql`lt.kind IN ('campaign_funding', 'campaign_refund')`,
        sql`CASE WHEN lt.kind = 'campaign_refund' THEN -lt.amount_cents ELSE lt.amount_cents END`,
      )},
      ${figure('payouts', sql`lt.kind = 'payout' AND p.status = 'paid'`)},
      ${figure('subscription_revenue', sql`lt.kind = 'subscription_payment'`)}
    FROM ledger_transactions lt
    LEFT JOIN payouts p ON lt.kind = 'payout' AND lt.reference_type = 'payout' AND p.id = lt.reference_id
    WHERE lt.kind IN ('post_payment', 'campaign_funding', 'campaign_refund', 'payout', 'subscription_payment')
      AND ${lowest ? sql`lt.created_at >= ${lowest}` : sql`true`}
  `.execute(db);
  const row = rows[0];
  const hasPrevious = range.previousFrom !== null;
  const pair = (name: keyof PlatformTotalRows) => ({
    current: Number(row?.[`${name}_cur`] ?? 0),
    previous: hasPrevious ? Number(row?.[`${name}_prev`] ?? 0) : null,
  });
  return {
    gmv: pair('gmv'),
    funded: pair('funded'),
    payouts: pair('payouts'),
    subscription_revenue: pair('subscription_revenue'),
  };
}
