import { ATTRIBUTION_RULE } from '@reach/contract/attribution';
import { CAMPAIGN_TYPE } from '@reach/contract/campaigns';
import { API_MESSAGE } from '@reach/contract/messages';
import {
  type CampaignReport,
  type CreatorReport,
  DEFAULT_EMV_RATES,
  type EmvRates,
  emvFormula,
  emvRates,
  RATIO_FORMULA,
} from '@reach/contract/reports';
import type { Kysely } from 'kysely';
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
  type PostRow,
  partition,
  type RawReport,
  SPEND_METHOD,
  topPosts,
} from './figures';
import { creatorReportScope, mayReadCampaignReport } from './policy';

/*
 * Campaign and creator reports, read from the ledger, the daily attribution rollups (never the raw clicks)
 * and the approved posts; the arithmetic is figures.ts. EMV values per business are set here too.
 */

const notFound = () => new AppError('not_found', API_MESSAGE.notFound);

type Scope = { campaignId: number } | { businessId: number; influencerUserId: number };

/** The raw rows of a report: one campaign's, or one creator's across one business's campaigns. */
async function loadRaw(db: Kysely<DB>, scope: Scope): Promise<RawReport> {
  const byCampaign = 'campaignId' in scope;
  const [payments, products, clickDays, conversionDays, posts] = await Promise.all([
    (byCampaign
      ? db.selectFrom('ledger_transactions').where('campaign_id', '=', scope.campaignId)
      : db
          .selectFrom('ledger_transactions')
          .where('business_id', '=', scope.businessId)
          .where('influencer_user_id', '=', scope.influencerUserId)
    )
      .select(['campaign_id', 'influencer_user_id', (eb) => eb.fn.sum<number>('amount_cents').as('cents')])
      .where('kind', '=', 'post_payment')
      .where('campaign_id', 'is not', null)
      .where('influencer_user_id', 'is not', null)
      .groupBy(['campaign_id', 'influencer_user_id'])
      .execute(),
    (byCampaign
      ? db.selectFrom('connections as c').where('c.campaign_id', '=', scope.campaignId)
      : db
          .selectFrom('connections as c')
          .where('c.business_id', '=', scope.businessId)
          .where('c.influencer_user_id', '=', scope.influencerUserId)
    )
      .innerJoin('campaigns as k', 'k.id', 'c.campaign_id')
      .select(['c.campaign_id', 'c.influencer_user_id', 'k.product_amount_cents as cents'])
      .where('c.status', 'in', ACTIVE_CONNECTION_STATUSES)
      .where('k.type_id', 'in', [CAMPAIGN_TYPE.product, CAMPAIGN_TYPE.combination])
      .where('k.product_amount_cents', '>', 0)
      .execute(),
    (byCampaign
      ? db.selectFrom('attribution_click_days').where('campaign_id', '=', scope.campaignId)
      : db
          .selectFrom('attribution_click_days')
          .where('business_id', '=', scope.businessId)
          .where('influencer_user_id', '=', scope.influencerUserId)
    )
      .select(['campaign_id', 'influencer_user_id', 'day', 'clicks', 'unique_clicks'])
      .execute(),
    (byCampaign
      ? db.selectFrom('attribution_conversion_days').where('campaign_id', '=', scope.campaignId)
      : db
          .selectFrom('attribution_conversion_days')
          .where('business_id', '=', scope.businessId)
          .where('influencer_user_id', '=', scope.influencerUserId)
    )
      .select(['campaign_id', 'influencer_user_id', 'day', 'currency', 'conversions', 'revenue_cents'])
      .execute(),
    (byCampaign
      ? db.selectFrom('posts as p').where('p.campaign_id', '=', scope.campaignId)
      : db
          .selectFrom('posts as p')
          .where('p.business_id', '=', scope.businessId)
          .where('p.influencer_user_id', '=', scope.influencerUserId)
    )
      .innerJoin('campaigns as k', 'k.id', 'p.campaign_id')
      .innerJoin('users as u', 'u.id', 'p.influencer_user_id')
      .leftJoin('influencer_profiles as f', 'f.user_id', 'p.influencer_user_id')
      .select([
        'p.id',
        'p.campaign_id',
        'k.title as campaign_title',
        'p.influencer_user_id',
        'u.given_name',
        'u.family_name',
        'f.first_name',
        'f.last_name',
        'p.platform',
        'p.post_url',
        'p.submitted_at',
        'p.likes',
        'p.comments',
        'p.shares',
        'p.saves',
        'p.video_views',
        'p.impressions',
        'p.reach',
        'p.metrics_source',
        'p.metrics_method',
        'p.metrics_fetched_at',
      ])
      .where('p.status', '=', 'approved')
      .execute(),
  ]);
  const n = (v: number | string | bigint | null) => Number(v ?? 0);
  return {
    payments: payments.map((r) => ({
      campaign_id: r.campaign_id as number,
      influencer_user_id: r.influencer_user_id as number,
      cents: n(r.cents),
    })),
    products: products.map((r) => ({ ...r, cents: n(r.cents) })),
    clickDays: clickDays.map((r) => ({ ...r, clicks: n(r.clicks), unique_clicks: n(r.unique_clicks) })),
    conversionDays: conversionDays.map((r) => ({
      ...r,
      conversions: n(r.conversions),
      revenue_cents: n(r.revenue_cents),
    })),
    posts: posts.map(
      (p): PostRow => ({
        ...p,
        creator: influencerName(p),
        likes: p.likes === null ? null : n(p.likes),
        comments: p.comments === null ? null : n(p.comments),
        shares: p.shares === null ? null : n(p.shares),
        saves: p.saves === null ? null : n(p.saves),
        video_views: p.video_views === null ? null : n(p.video_views),
        impressions: p.impressions === null ? null : n(p.impressions),
        reach: p.reach === null ? null : n(p.reach),
      }),
    ),
  };
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
  const [raw, { rates, method }, active] = await Promise.all([
    loadRaw(ctx.db, { campaignId }),
    methodOf(ctx.db, campaign.business_id),
    ctx.db
      .selectFrom('connections')
      .select('influencer_user_id')
      .where('campaign_id', '=', campaignId)
      .where('status', 'in', ACTIVE_CONNECTION_STATUSES)
      .execute(),
  ]);
  // Every creator active on the campaign, and anyone who has figures on it (a creator no longer on it too).
  const ids = [
    ...new Set([
      ...active.map((r) => r.influencer_user_id),
      ...[raw.payments, raw.products, raw.clickDays, raw.conversionDays, raw.posts].flatMap((rows) =>
        rows.map((r) => r.influencer_user_id),
      ),
    ]),
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
    top_posts: topPosts(raw, rates),
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
  const [raw, { rates, method }, connected, people] = await Promise.all([
    loadRaw(ctx.db, { businessId: business.id, influencerUserId }),
    methodOf(ctx.db, business.id),
    ctx.db
      .selectFrom('connections')
      .select('campaign_id')
      .where('business_id', '=', business.id)
      .where('influencer_user_id', '=', influencerUserId)
      .execute(),
    creatorsOf(ctx.db, [influencerUserId]),
  ]);
  const campaignIds = [
    ...new Set([
      ...connected.map((c) => c.campaign_id),
      ...[raw.payments, raw.products, raw.clickDays, raw.conversionDays, raw.posts].flatMap((rows) =>
        rows.map((r) => r.campaign_id),
      ),
    ]),
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
    top_posts: topPosts(raw, rates),
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
