import {
  ATTRIBUTION_MESSAGE,
  DEFAULT_ATTRIBUTION_WINDOW_DAYS,
  MAX_ACTIVE_API_KEYS,
} from '@reach/contract/attribution';
import { API_MESSAGE } from '@reach/contract/messages';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { BusinessActor } from '../../actor';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { PG_UNIQUE_VIOLATION, sqlState } from '../../lib/db-errors';
import { randomToken } from '../../lib/secrets';
import { ACTIVE_CONNECTION_STATUSES, ensureLinks } from './links';
import { apiKeyHash, creatorHandle, generatedCode, newApiKey } from './policy';

/*
 * What businesses and creators read and set: a campaign's links, codes, clicks and conversions; a creator's
 * own links and codes; API keys; the attribution settings. Recording conversions is in conversions.ts.
 */

const notFound = () => new AppError('not_found', API_MESSAGE.notFound);

/** The business's own campaign, or a 404 (another business's campaign does not exist for it). */
async function ownCampaign(db: Kysely<DB>, businessId: number, campaignId: number) {
  const campaign = await db
    .selectFrom('campaigns')
    .select(['id', 'business_id', 'title', 'url_tracking', 'tracker_url'])
    .where('id', '=', campaignId)
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  if (!campaign) throw notFound();
  return campaign;
}

/** Connections (`c`) with the creator's tracked link (`l`) and discount code (`d`) on that campaign, if any. */
function connectionsWithLinkAndCode(db: Kysely<DB>) {
  return db
    .selectFrom('connections as c')
    .leftJoin('tracked_links as l', (join) =>
      join
        .onRef('l.campaign_id', '=', 'c.campaign_id')
        .onRef('l.influencer_user_id', '=', 'c.influencer_user_id'),
    )
    .leftJoin('discount_codes as d', (join) =>
      join
        .onRef('d.campaign_id', '=', 'c.campaign_id')
        .onRef('d.influencer_user_id', '=', 'c.influencer_user_id'),
    );
}

/** A business's attribution window in days (the default when it never set one). */
export async function windowDaysOf(db: Kysely<DB>, businessId: number): Promise<number> {
  const row = await db
    .selectFrom('business_attribution_settings')
    .select('attribution_window_days')
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  return row?.attribution_window_days ?? DEFAULT_ATTRIBUTION_WINDOW_DAYS;
}

export type RevenueRow = { currency: string; amount_cents: number };

/** GET /campaign/:id/attribution: every active creator's link, code, clicks and conversions. */
export async function campaignAttribution(ctx: AppContext, actor: BusinessActor, campaignId: number) {
  const campaign = await ownCampaign(ctx.db, actor.businessId, campaignId);
  await ensureLinks(ctx.db, { campaignId });
  const [creators, clicks, conversions, windowDays] = await Promise.all([
    connectionsWithLinkAndCode(ctx.db)
      .innerJoin('users as u', 'u.id', 'c.influencer_user_id')
      .leftJoin('influencer_profiles as p', 'p.user_id', 'c.influencer_user_id')
      .select([
        'c.id as connection_id',
        'c.influencer_user_id',
        'u.given_name',
        'u.family_name',
        'p.first_name',
        'p.last_name',
        'p.instagram_username',
        'p.tiktok_username',
        'p.youtube_username',
        'l.id as link_id',
        'l.code as link_code',
        'l.created_at as link_created_at',
        'd.code as discount_code',
        'd.source as discount_source',
      ])
      .where('c.campaign_id', '=', campaignId)
      .where('c.status', 'in', ACTIVE_CONNECTION_STATUSES)
      .orderBy('c.id')
      .execute(),
    // From the per-creator rollup (kept with every click), not the raw clicks.
    ctx.db
      .selectFrom('attribution_click_totals')
      .select(['influencer_user_id', 'clicks as total', 'unique_clicks as unique'])
      .where('campaign_id', '=', campaignId)
      .execute(),
    ctx.db
      .selectFrom('conversions')
      .select([
        'influencer_user_id',
        'currency',
        sql<number>`count(*)::int`.as('count'),
        sql<number>`sum(amount_cents)::bigint`.as('amount_cents'),
      ])
      .where('campaign_id', '=', campaignId)
      .where('business_id', '=', actor.businessId)
      .groupBy(['influencer_user_id', 'currency'])
      .execute(),
    windowDaysOf(ctx.db, actor.businessId),
  ]);
  return {
    campaign,
    windowDays,
    creators: creators.map((row) => ({ ...row, handle: creatorHandle(row) })),
    clicks: clicks.map((c) => ({
      influencer_user_id: c.influencer_user_id,
      total: Number(c.total),
      unique: Number(c.unique),
    })),
    conversions: conversions.map((c) => ({
      influencer_user_id: c.influencer_user_id,
      currency: c.currency,
      count: Number(c.count),
      amount_cents: Number(c.amount_cents),
    })),
  };
}
export type CampaignAttributionData = Awaited<ReturnType<typeof campaignAttribution>>;

export type ConversionListQuery = {
  page: number;
  items: number;
  attributed?: 'true' | 'false';
  campaign_id?: number;
};

/** A business's conversions, newest first, optionally one campaign's or only the (un)attributed ones. */
export async function listConversions(ctx: AppContext, actor: BusinessActor, query: ConversionListQuery) {
  let base = ctx.db.selectFrom('conversions').where('business_id', '=', actor.businessId);
  if (query.campaign_id !== undefined) base = base.where('campaign_id', '=', query.campaign_id);
  if (query.attributed === 'true') base = base.where('attributed_via', '!=', 'none');
  if (query.attributed === 'false') base = base.where('attributed_via', '=', 'none');
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('occurred_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.items)
      .offset((query.page - 1) * query.items)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** GET /campaign/:id/conversions: the campaign must be the business's own (else 404). */
export async function campaignConversions(
  ctx: AppContext,
  actor: BusinessActor,
  campaignId: number,
  query: Omit<ConversionListQuery, 'campaign_id' | 'attributed'>,
) {
  await ownCampaign(ctx.db, actor.businessId, campaignId);
  return listConversions(ctx, actor, { ...query, campaign_id: campaignId });
}

// ---------------------------------------------------------------------------------------------------------------
// Discount codes

/**
 * PUT /campaign/:id/codes/:influencerUserId: gives the creator (active on the business's campaign) a code —
 * the one typed, or `HANDLE-10` (with a suffix until it is free). A code another creator of the business holds
 * → 409. Replaces the creator's previous code on this campaign.
 */
export async function setDiscountCode(
  ctx: AppContext,
  actor: BusinessActor,
  campaignId: number,
  influencerUserId: number,
  typed: string | null | undefined,
) {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      await ownCampaign(trx, actor.businessId, campaignId);
      const connection = await trx
        .selectFrom('connections as c')
        .leftJoin('influencer_profiles as p', 'p.user_id', 'c.influencer_user_id')
        .select(['c.id', 'c.status', 'p.instagram_username', 'p.tiktok_username', 'p.youtube_username'])
        .where('c.campaign_id', '=', campaignId)
        .where('c.influencer_user_id', '=', influencerUserId)
        .orderBy('c.id', 'desc')
        .executeTakeFirst();
      if (!connection) throw notFound();
      if (!(ACTIVE_CONNECTION_STATUSES as readonly string[]).includes(connection.status))
        throw new AppError('conflict', ATTRIBUTION_MESSAGE.notAccepted);
      const holder = async (code: string) =>
        trx
          .selectFrom('discount_codes')
          .select(['campaign_id', 'influencer_user_id'])
          .where('business_id', '=', actor.businessId)
          .where('code', '=', code)
          .executeTakeFirst();
      const mine = (h: { campaign_id: number; influencer_user_id: number } | undefined) =>
        !h || (h.campaign_id === campaignId && h.influencer_user_id === influencerUserId);
      let code: string;
      if (typed) {
        if (!mine(await holder(typed))) throw new AppError('conflict', ATTRIBUTION_MESSAGE.codeTaken(typed));
        code = typed;
      } else {
        const handle = creatorHandle(connection);
        let attempt = 0;
        code = generatedCode(handle, influencerUserId, attempt);
        while (!mine(await holder(code))) code = generatedCode(handle, influencerUserId, ++attempt);
      }
      const source = typed ? ('typed' as const) : ('generated' as const);
      await trx
        .insertInto('discount_codes')
        .values({
          business_id: actor.businessId,
          campaign_id: campaignId,
          influencer_user_id: influencerUserId,
          connection_id: connection.id,
          code,
          source,
        })
        .onConflict((oc) =>
          oc
            .columns(['campaign_id', 'influencer_user_id'])
            .doUpdateSet({ code, source, connection_id: connection.id, updated_at: ctx.now() }),
        )
        .execute();
      return { campaign_id: campaignId, influencer_user_id: influencerUserId, code, source };
    });
  } catch (error) {
    // Another request took the same code between the check and the write.
    if (sqlState(error) === PG_UNIQUE_VIOLATION)
      throw new AppError('conflict', ATTRIBUTION_MESSAGE.codeTaken(typed ?? 'generated'));
    throw error;
  }
}

/** DELETE /campaign/:id/codes/:influencerUserId (404 when the creator has none on the business's campaign). */
export async function removeDiscountCode(
  ctx: AppContext,
  actor: BusinessActor,
  campaignId: number,
  influencerUserId: number,
) {
  await ownCampaign(ctx.db, actor.businessId, campaignId);
  const removed = await ctx.db
    .deleteFrom('discount_codes')
    .where('business_id', '=', actor.businessId)
    .where('campaign_id', '=', campaignId)
    .where('influencer_user_id', '=', influencerUserId)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) throw notFound();
}

/** GET /my/attribution/links: the creator's links and codes on the campaigns they are active on. */
export async function myLinks(ctx: AppContext, influencerUserId: number, campaignId?: number) {
  await ensureLinks(ctx.db, { influencerUserId });
  let query = connectionsWithLinkAndCode(ctx.db)
    .innerJoin('campaigns as k', 'k.id', 'c.campaign_id')
    .innerJoin('businesses as b', 'b.id', 'c.business_id')
    .select([
      'c.campaign_id',
      'k.title',
      'k.url_tracking',
      'k.tracker_url',
      'b.business_name',
      'l.code as link_code',
      'd.code as discount_code',
    ])
    .where('c.influencer_user_id', '=', influencerUserId)
    .where('c.status', 'in', ACTIVE_CONNECTION_STATUSES);
  if (campaignId !== undefined) query = query.where('c.campaign_id', '=', campaignId);
  return query.orderBy('c.campaign_id', 'desc').execute();
}

// ---------------------------------------------------------------------------------------------------------------
// API keys

export async function listApiKeys(ctx: AppContext, actor: BusinessActor) {
  return ctx.db
    .selectFrom('api_keys')
    .select(['id', 'name', 'prefix', 'created_at', 'last_used_at'])
    .where('business_id', '=', actor.businessId)
    .where('revoked_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
}

/** POST /my/api-keys: a new key, returned once with its row; at most 20 active keys per business. */
export async function createApiKey(ctx: AppContext, actor: BusinessActor, name: string) {
  return ctx.db.transaction().execute(async (trx) => {
    // One business's key creations in turn, so the limit holds under concurrent requests.
    await trx.selectFrom('businesses').select('id').where('id', '=', actor.businessId).forUpdate().execute();
    const active = await trx
      .selectFrom('api_keys')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('business_id', '=', actor.businessId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(active.n) >= MAX_ACTIVE_API_KEYS)
      throw new AppError('conflict', ATTRIBUTION_MESSAGE.apiKeyLimit);
    const { key, prefix } = newApiKey();
    const row = await trx
      .insertInto('api_keys')
      .values({
        business_id: actor.businessId,
        name,
        prefix,
        key_hash: apiKeyHash(key),
        created_by: actor.userId,
        created_at: ctx.now(),
      })
      .returning(['id', 'name', 'prefix', 'created_at', 'last_used_at'])
      .executeTakeFirstOrThrow();
    return { ...row, key };
  });
}

/** DELETE /my/api-keys/:id: revoked at once; another business's key, or one already revoked → 404. */
export async function revokeApiKey(ctx: AppContext, actor: BusinessActor, keyId: number) {
  const revoked = await ctx.db
    .updateTable('api_keys')
    .set({ revoked_at: ctx.now() })
    .where('id', '=', keyId)
    .where('business_id', '=', actor.businessId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(revoked.numUpdatedRows) === 0) throw notFound();
}

/**
 * The business of an API key (the key as sent), or a 401. Its last use is written at most once a minute, so a
 * busy shop does not rewrite the row on every order.
 */
export async function businessOfApiKey(
  db: Kysely<DB> | Transaction<DB>,
  key: string | null,
  now: Date,
): Promise<{ businessId: number; apiKeyId: number }> {
  if (!key) throw new AppError('unauthenticated', ATTRIBUTION_MESSAGE.apiKeyMissing);
  const row = await db
    .selectFrom('api_keys')
    .select(['id', 'business_id', 'last_used_at'])
    .where('key_hash', '=', apiKeyHash(key))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new AppError('unauthenticated', ATTRIBUTION_MESSAGE.apiKeyInvalid);
  if (!row.last_used_at || now.getTime() - new Date(row.last_used_at).getTime() > 60_000)
    await db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', row.id).execute();
  return { businessId: row.business_id, apiKeyId: row.id };
}

// ---------------------------------------------------------------------------------------------------------------
// Settings

export async function attributionSettingsOf(ctx: AppContext, actor: BusinessActor) {
  const row = await ctx.db
    .selectFrom('business_attribution_settings')
    .select(['attribution_window_days', 'shopify_token'])
    .where('business_id', '=', actor.businessId)
    .executeTakeFirst();
  return {
    attribution_window_days: row?.attribution_window_days ?? DEFAULT_ATTRIBUTION_WINDOW_DAYS,
    shopify_token: row?.shopify_token ?? null,
  };
}

/**
 * PUT /my/attribution-settings: the window, and the Shopify secret (sealed with the app secret; null removes
 * it and its webhook address). A new secret keeps the address when there was one.
 */
export async function updateAttributionSettings(
  ctx: AppContext,
  actor: BusinessActor,
  body: { attribution_window_days?: number; shopify_webhook_secret?: string | null },
) {
  await ctx.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('business_attribution_settings')
      .select(['attribution_window_days', 'shopify_token'])
      .where('business_id', '=', actor.businessId)
      .forUpdate()
      .executeTakeFirst();
    const windowDays =
      body.attribution_window_days ?? current?.attribution_window_days ?? DEFAULT_ATTRIBUTION_WINDOW_DAYS;
    let shopify: { shopify_token: string | null; shopify_secret_sealed: string | null } | undefined;
    if (body.shopify_webhook_secret === null) shopify = { shopify_token: null, shopify_secret_sealed: null };
    else if (body.shopify_webhook_secret !== undefined)
      shopify = {
        shopify_token: current?.shopify_token ?? randomToken(24),
        shopify_secret_sealed: ctx.cipher.encrypt(body.shopify_webhook_secret),
      };
    await trx
      .insertInto('business_attribution_settings')
      .values({ business_id: actor.businessId, attribution_window_days: windowDays, ...shopify })
      .onConflict((oc) =>
        oc.column('business_id').doUpdateSet({
          attribution_window_days: windowDays,
          ...shopify,
          updated_at: ctx.now(),
        }),
      )
      .execute();
  });
  return attributionSettingsOf(ctx, actor);
}
