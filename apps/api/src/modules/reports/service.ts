import { ATTRIBUTION_RULE } from '@reach/contract/attribution';
import { CAMPAIGN_TYPE } from '@reach/contract/campaigns';
import { API_MESSAGE } from '@reach/contract/messages';
import {
  type CampaignReport,
  type CreatorReport,
  DEFAULT_EMV_RATES,
  EMV_PLATFORMS,
  type EmvRates,
  emvFormula,
  emvRates,
  RATIO_FORMULA,
  rateUnits,
} from '@reach/contract/reports';
import { type Kysely, sql } from 'kysely';
import type { Actor, BusinessActor } from '../../actor';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { influencerName } from '../../lib/people';
import { ACTIVE_CONNECTION_STATUSES } from '../attribution/links';
import { creatorHandle } from '../attribution/policy';
import { windowDaysOf } from '../attribution/service';
import {
  DAYS_METHOD,
  dailySeries,
  figuresOf,
  figuresOfPart,
  type Keyed,
  type PostRow,
  type PostSums,
  partition,
  postFigures,
  type RawReport,
  SPEND_METHOD,
  TOP_POSTS,
  topPosts,
} from './figures';
import { creatorReportScope, mayReadCampaignReport } from './policy';

/*
 * Campaign and creator reports, read from the ledger, the daily attribution rollups (never the raw clicks)
 * and the approved posts; the arithmetic is figures.ts. EMV values per business are set here too.
 */

const notFound = () => new AppError('not_found', API_MESSAGE.notFound);

type Scope = { campaignId: number } | { businessId: number; influencerUserId: number };

/**
 * The `where` of a report's scope on `table` (a table or its alias): one campaign's rows, or one creator's
 * across one business's campaigns.
 */
function scoped(table: string, scope: Scope) {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  return 'campaignId' in scope
    ? sql<boolean>`${column('campaign_id')} = ${scope.campaignId}`
    : sql<boolean>`${column('business_id')} = ${scope.businessId} AND ${column('influencer_user_id')} = ${scope.influencerUserId}`;
}

const n = (v: number | string | bigint | null) => Number(v ?? 0);

/**
 * What a report is made of, added up by the database: post payments per (campaign, creator); the scope's
 * connections (all statuses: a creator report lists every campaign the creator was on; products given count
 * the active ones); clicks and conversions per (campaign, creator) and per day, read from the rollups kept with
 * every click and conversion — never the raw clicks: the totals per (campaign, creator), and a campaign's days
 * (attribution_campaign_*_days) or one creator's days over the business's campaigns (the daily rollups, summed
 * per day); and the approved posts' figures.
 */
async function loadRaw(db: Kysely<DB>, scope: Scope) {
  const [payments, connections, clicks, conversions, posts] = await Promise.all([
    db
      .selectFrom('ledger_transactions')
      .select(['campaign_id', 'influencer_user_id', (eb) => eb.fn.sum<number>('amount_cents').as('cents')])
      .where(scoped('ledger_transactions', scope))
      .where('kind', '=', 'post_payment')
      .where('campaign_id', 'is not', null)
      .where('influencer_user_id', 'is not', null)
      .groupBy(['campaign_id', 'influencer_user_id'])
      .execute(),
    db
      .selectFrom('connections as c')
      .innerJoin('campaigns as k', 'k.id', 'c.campaign_id')
      .select(['c.campaign_id', 'c.influencer_user_id', 'c.status', 'k.type_id', 'k.product_amount_cents'])
      .where(scoped('c', scope))
      .execute(),
    sql<{
      campaign_id: number | null;
      influencer_user_id: number | null;
      day: string | null;
      clicks: number;
      unique_clicks: number;
    }>`
      SELECT campaign_id, influencer_user_id, NULL AS day, clicks, unique_clicks
      FROM attribution_click_totals
      WHERE ${scoped('attribution_click_totals', scope)}
      UNION ALL
      ${
        'campaignId' in scope
          ? sql`SELECT NULL, NULL, day::text, clicks, unique_clicks
            FROM attribution_campaign_click_days WHERE ${scoped('attribution_campaign_click_days', scope)}`
          : sql`SELECT NULL, NULL, day::text, sum(clicks), sum(unique_clicks)
            FROM attribution_click_days WHERE ${scoped('attribution_click_days', scope)} GROUP BY day`
      }`.execute(db),
    sql<{
      campaign_id: number | null;
      influencer_user_id: number | null;
      day: string | null;
      currency: string;
      conversions: number;
      revenue_cents: number;
    }>`
      SELECT campaign_id, influencer_user_id, NULL AS day, currency, conversions, revenue_cents
      FROM attribution_conversion_totals
      WHERE ${scoped('attribution_conversion_totals', scope)}
      UNION ALL
      ${
        'campaignId' in scope
          ? sql`SELECT NULL, NULL, day::text, currency, conversions, revenue_cents
            FROM attribution_campaign_conversion_days WHERE ${scoped('attribution_campaign_conversion_days', scope)}`
          : sql`SELECT NULL, NULL, day::text, currency, sum(conversions), sum(revenue_cents)
            FROM attribution_conversion_days WHERE ${scoped('attribution_conversion_days', scope)}
            GROUP BY day, currency`
      }`.execute(db),
    sql<
      {
        campaign_id: number | null;
        influencer_user_id: number | null;
        platform: string | null;
        day: string | null;
      } & PostSums
    >`
      SELECT campaign_id, influencer_user_id, platform, (submitted_at AT TIME ZONE 'UTC')::date::text AS day,
        count(*) AS posts, sum(coalesce(likes, 0)) AS likes, sum(coalesce(comments, 0)) AS comments,
        sum(coalesce(shares, 0)) AS shares, sum(coalesce(saves, 0)) AS saves,
        sum(coalesce(video_views, 0)) AS video_views, sum(coalesce(impressions, reach, 0)) AS impressions
      FROM posts
      WHERE ${scoped('posts', scope)} AND status = 'approved'
      GROUP BY GROUPING SETS ((campaign_id, influencer_user_id, platform),
        ((submitted_at AT TIME ZONE 'UTC')::date))`.execute(db),
  ]);
  const active = connections.filter((c) =>
    (ACTIVE_CONNECTION_STATUSES as readonly string[]).includes(c.status),
  );
  const raw: RawReport = {
    payments: payments.map((r) => ({
      campaign_id: r.campaign_id as number,
      influencer_user_id: r.influencer_user_id as number,
      cents: n(r.cents),
    })),
    products: active
      .filter(
        (c) =>
          (c.type_id === CAMPAIGN_TYPE.product || c.type_id === CAMPAIGN_TYPE.combination) &&
          n(c.product_amount_cents) > 0,
      )
      .map((c) => ({
        campaign_id: c.campaign_id,
        influencer_user_id: c.influencer_user_id,
        cents: n(c.product_amount_cents),
      })),
    clicks: [],
    conversions: [],
    clickDays: [],
    conversionDays: [],
    posts: [],
    postDays: [],
  };
  for (const { day, campaign_id, influencer_user_id, platform, ...sums } of posts.rows) {
    if (day !== null)
      raw.postDays.push({
        day,
        engagements: n(sums.likes) + n(sums.comments) + n(sums.shares) + n(sums.saves),
      });
    else if (campaign_id !== null && influencer_user_id !== null && platform !== null)
      raw.posts.push({
        campaign_id: n(campaign_id),
        influencer_user_id: n(influencer_user_id),
        platform,
        reach: null,
        ...sums,
      });
  }
  for (const r of clicks.rows) {
    if (r.day !== null) raw.clickDays.push({ day: r.day, unique_clicks: n(r.unique_clicks) });
    else if (r.campaign_id !== null && r.influencer_user_id !== null)
      raw.clicks.push({
        campaign_id: n(r.campaign_id),
        influencer_user_id: n(r.influencer_user_id),
        clicks: n(r.clicks),
        unique_clicks: n(r.unique_clicks),
      });
  }
  for (const r of conversions.rows) {
    const figures = {
      currency: r.currency,
      conversions: n(r.conversions),
      revenue_cents: n(r.revenue_cents),
    };
    if (r.day !== null) raw.conversionDays.push({ day: r.day, ...figures });
    else if (r.campaign_id !== null && r.influencer_user_id !== null)
      raw.conversions.push({
        campaign_id: n(r.campaign_id),
        influencer_user_id: n(r.influencer_user_id),
        ...figures,
      });
  }
  return { raw, connections, active };
}

/** Every (campaign, creator) key a report has figures of. */
const keysOf = (raw: RawReport): Keyed[] => [
  ...raw.payments,
  ...raw.products,
  ...raw.clicks,
  ...raw.conversions,
  ...raw.posts,
];

/** Posts read as candidates for the top posts, which figures.topPosts ranks exactly. */
const TOP_POST_CANDIDATES = TOP_POSTS * 3;

/**
 * The approved posts of the scope with the highest EMV by the business's values, worked out by the database
 * (the contract's per-post formula, postEmvUnits, in SQL), with what the top posts show of them: a report
 * reads TOP_POST_CANDIDATES posts, not all of them.
 */
async function topPostCandidates(db: Kysely<DB>, scope: Scope, rates: EmvRates): Promise<PostRow[]> {
  // Figures as numeric: a post's figure times a value in hundredths of a cent overflows an integer.
  const f = (column: string) => sql`coalesce(${sql.ref(`p.${column}`)}, 0)::numeric`;
  const units = (usd: number) => sql`${rateUnits(usd)}::numeric`;
  const emv = sql.join(
    EMV_PLATFORMS.map((platform) => {
      const r = rates[platform];
      return sql`WHEN ${platform} THEN ${f('likes')} * ${units(r.like)}
        + ${f('comments')} * ${units(r.comment)} + ${f('shares')} * ${units(r.share)}
        + ${f('saves')} * ${units(r.save)} + ${f('video_views')} * ${units(r.video_view)}
        + coalesce(p.impressions, p.reach, 0)::numeric * ${units(r.per_1000_impressions)} / 1000`;
    }),
    sql` `,
  );
  const { rows } = await sql<
    Omit<PostRow, 'creator'> & {
      given_name: string;
      family_name: string;
      first_name: string | null;
      last_name: string | null;
    }
  >`
    SELECT p.id, p.campaign_id, p.influencer_user_id, p.platform, p.submitted_at, p.likes, p.comments,
      p.shares, p.saves, p.video_views, p.impressions, p.reach, p.post_url, p.metrics_source, p.metrics_method,
      p.metrics_fetched_at, k.title AS campaign_title, u.given_name, u.family_name, pr.first_name, pr.last_name
    FROM (
      SELECT * FROM posts p
      WHERE ${scoped('p', scope)} AND p.status = 'approved'
      ORDER BY CASE p.platform ${emv} ELSE 0 END DESC,
        ${f('likes')} + ${f('comments')} + ${f('shares')} + ${f('saves')} DESC, p.submitted_at DESC, p.id DESC
      LIMIT ${TOP_POST_CANDIDATES}
    ) p
    JOIN campaigns k ON k.id = p.campaign_id
    JOIN users u ON u.id = p.influencer_user_id
    LEFT JOIN influencer_profiles pr ON pr.user_id = p.influencer_user_id`.execute(db);
  return rows.map(({ given_name, family_name, first_name, last_name, ...p }) => ({
    ...p,
    ...postFigures(p),
    campaign_id: n(p.campaign_id),
    influencer_user_id: n(p.influencer_user_id),
    creator: influencerName({ given_name, family_name, first_name, last_name }),
  }));
}

/** Names and handles of creators. */
async function creatorsOf(db: Kysely<DB>, ids: number[]) {
  if (ids.length === 0) return new Map<number, { name: string; handle: string | null }>();
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('influencer_profiles as p', 'p.user_id', 'u.id')
    .select([
      'u.id',
      'u.given_name',
      'u.family_name',
      'p.first_name',
      'p.last_name',
      'p.instagram_username',
      'p.tiktok_username',
      'p.youtube_username',
    ])
    .where('u.id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, { name: influencerName(r), handle: creatorHandle(r) }]));
}

/** The EMV values of a business: its own, or the REACH defaults. */
export async function emvRatesOf(
  db: Kysely<DB>,
  businessId: number,
): Promise<{ rates: EmvRates; customised: boolean }> {
  const row = await db
    .selectFrom('business_emv_settings')
    .select('rates')
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  return emvRatesFrom(row);
}

/** The rates of a business's settings row as read (its `rates`; none: the defaults). */
export function emvRatesFrom(row: { rates: unknown } | null | undefined): {
  rates: EmvRates;
  customised: boolean;
} {
  if (!row) return { rates: DEFAULT_EMV_RATES, customised: false };
  const raw = typeof row.rates === 'string' ? JSON.parse(row.rates) : row.rates;
  const parsed = emvRates.safeParse(raw);
  return parsed.success
    ? { rates: parsed.data, customised: true }
    : { rates: DEFAULT_EMV_RATES, customised: false };
}

async function methodOf(db: Kysely<DB>, businessId: number) {
  const [{ rates }, windowDays] = await Promise.all([
    emvRatesOf(db, businessId),
    windowDaysOf(db, businessId),
  ]);
  return {
    rates,
    method: {
      currency: 'USD' as const,
      emv_formula: emvFormula(rates),
      emv_rates: rates,
      ratio_formulas: { ...RATIO_FORMULA },
      spend: SPEND_METHOD,
      attribution_rule: ATTRIBUTION_RULE,
      attribution_window_days: windowDays,
      days: DAYS_METHOD,
    },
  };
}

const byFigures = (
  a: {
    revenue_usd_cents: number;
    emv_cents: number;
    spend: { cents: number };
    name?: string;
    title?: string | null;
  },
  b: typeof a,
) =>
  b.revenue_usd_cents - a.revenue_usd_cents ||
  b.emv_cents - a.emv_cents ||
  b.spend.cents - a.spend.cents ||
  (a.name ?? a.title ?? '').localeCompare(b.name ?? b.title ?? '');

/** GET /campaign/:id/report: the business's own campaign (another's: 404), or any campaign for an admin. */
export async function campaignReport(
  ctx: AppContext,
  actor: Actor,
  campaignId: number,
): Promise<CampaignReport> {
  const campaign = await ctx.db
    .selectFrom('campaigns as k')
    .innerJoin('businesses as b', 'b.id', 'k.business_id')
    .select([
      'k.id',
      'k.title',
      'k.type_id',
      'k.status',
      'k.business_id',
      'k.product_amount_cents',
      'b.business_name',
    ])
    .where('k.id', '=', campaignId)
    .executeTakeFirst();
  if (!campaign || !mayReadCampaignReport(actor, campaign)) throw notFound();
  const [{ raw, active }, { rates, method, top }] = await Promise.all([
    loadRaw(ctx.db, { campaignId }),
    methodOf(ctx.db, campaign.business_id).then(async (m) => ({
      ...m,
      top: await topPostCandidates(ctx.db, { campaignId }, m.rates),
    })),
  ]);
  // Every creator active on the campaign, and anyone who has figures on it (a creator no longer on it too).
  const ids = [
    ...new Set([...active.map((r) => r.influencer_user_id), ...keysOf(raw).map((r) => r.influencer_user_id)]),
  ];
  const people = await creatorsOf(ctx.db, ids);
  const byCreator = partition(raw, (r) => r.influencer_user_id);
  return {
    campaign: {
      ...campaign,
      product_amount_cents:
        campaign.product_amount_cents === null ? null : Number(campaign.product_amount_cents),
    },
    generated_at: ctx.now().toISOString(),
    method,
    totals: figuresOf(raw, rates),
    creators: ids
      .map((id) => ({
        influencer_user_id: id,
        name: people.get(id)?.name ?? `Creator ${id}`,
        handle: people.get(id)?.handle ?? null,
        ...figuresOfPart(byCreator, id, rates),
      }))
      .sort(byFigures),
    daily: dailySeries(raw),
    top_posts: topPosts(top, rates),
  };
}

/**
 * GET /reports/creators/:influencerUserId: one creator across one business's campaigns (a business's own; an
 * admin names the business). A creator the business never connected with and has no figures of → 404.
 */
export async function creatorReport(
  ctx: AppContext,
  actor: Actor,
  influencerUserId: number,
  requestedBusiness: number | undefined,
): Promise<CreatorReport> {
  const scope = creatorReportScope(actor, requestedBusiness);
  if ('refused' in scope)
    throw new AppError(
      scope.refused,
      scope.message ?? (scope.refused === 'forbidden' ? API_MESSAGE.forbidden : API_MESSAGE.notFound),
      scope.refused === 'validation' && scope.message ? { business_id: scope.message } : undefined,
    );
  const business = await ctx.db
    .selectFrom('businesses')
    .select(['id', 'business_name'])
    .where('id', '=', scope.businessId)
    .executeTakeFirst();
  if (!business) throw notFound();
  const own = { businessId: business.id, influencerUserId };
  const [{ raw, connections }, { rates, method, top }, people] = await Promise.all([
    loadRaw(ctx.db, own),
    methodOf(ctx.db, business.id).then(async (m) => ({
      ...m,
      top: await topPostCandidates(ctx.db, own, m.rates),
    })),
    creatorsOf(ctx.db, [influencerUserId]),
  ]);
  const campaignIds = [
    ...new Set([...connections.map((c) => c.campaign_id), ...keysOf(raw).map((r) => r.campaign_id)]),
  ];
  const person = people.get(influencerUserId);
  if (!person || campaignIds.length === 0) throw notFound();
  const campaigns = await ctx.db
    .selectFrom('campaigns')
    .select(['id', 'title', 'status'])
    .where('id', 'in', campaignIds)
    .where('business_id', '=', business.id)
    .execute();
  const byCampaign = partition(raw, (r) => r.campaign_id);
  return {
    creator: { influencer_user_id: influencerUserId, ...person },
    business: { id: business.id, name: business.business_name },
    generated_at: ctx.now().toISOString(),
    method,
    totals: figuresOf(raw, rates),
    campaigns: campaigns
      .map((c) => ({
        campaign_id: c.id,
        title: c.title,
        status: c.status,
        ...figuresOfPart(byCampaign, c.id, rates),
      }))
      .sort(byFigures),
    daily: dailySeries(raw),
    top_posts: topPosts(top, rates),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// EMV settings

export async function emvSettingsOf(ctx: AppContext, actor: BusinessActor) {
  const { rates, customised } = await emvRatesOf(ctx.db, actor.businessId);
  return { rates, defaults: DEFAULT_EMV_RATES, customised, formula: emvFormula(rates) };
}

/**
 * PUT /my/emv-settings: the business's values (validated by the contract), or null for the defaults; the
 * change is audited in its transaction.
 */
export async function updateEmvSettings(ctx: AppContext, actor: BusinessActor, rates: EmvRates | null) {
  await ctx.db.transaction().execute(async (trx) => {
    if (rates === null)
      await trx.deleteFrom('business_emv_settings').where('business_id', '=', actor.businessId).execute();
    else
      await trx
        .insertInto('business_emv_settings')
        .values({
          business_id: actor.businessId,
          rates: JSON.stringify(rates),
          updated_by: actor.userId,
          updated_at: ctx.now(),
        })
        .onConflict((oc) =>
          oc
            .column('business_id')
            .doUpdateSet({ rates: JSON.stringify(rates), updated_by: actor.userId, updated_at: ctx.now() }),
        )
        .execute();
    await recordAudit(trx, {
      actorId: actor.userId,
      action: rates === null ? 'business.emv_reset' : 'business.emv_set',
      subjectType: 'business',
      subjectId: actor.businessId,
      ...(rates ? { data: { rates } } : {}),
    });
  });
  return emvSettingsOf(ctx, actor);
}
