import { ATTRIBUTION_MESSAGE, type ConversionBody } from '@reach/contract/attribution';
import { API_MESSAGE } from '@reach/contract/messages';
import { sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { ConversionRow, DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import {
  apiKeyOf,
  attribute,
  type ClickMatch,
  type CodeMatch,
  type NormalisedOrder,
  normaliseOrder,
  orderHash,
  readShopifyOrder,
  validShopifySignature,
} from './policy';
import { businessOfApiKey, windowDaysOf } from './service';

/*
 * Recording a conversion: the one path of the API (POST /conversions, with an API key) and of the Shopify
 * webhook. Validated against the clock, recorded once per (business, order id) with its attribution decided
 * by policy.attribute, in one transaction.
 */

type Source = { businessId: number; apiKeyId: number | null; source: 'api' | 'shopify' };

function refused(problem: { field: string; message: string }): AppError {
  return new AppError('validation', problem.message, { [problem.field]: problem.message });
}

/** POST /conversions: the API key names the business; the body is the order. */
export async function recordApiConversion(
  ctx: AppContext,
  headers: { authorization?: string; 'x-api-key'?: string | string[] },
  body: ConversionBody,
): Promise<ConversionRow> {
  const key = await businessOfApiKey(ctx.db, apiKeyOf(headers), ctx.now());
  const order = normaliseOrder({ ...body, codes: [body.code] }, ctx.now());
  if ('field' in order) throw refused(order);
  const { row, conflict } = await recordConversion(ctx, { ...key, source: 'api' }, order);
  if (conflict) throw new AppError('conflict', ATTRIBUTION_MESSAGE.orderConflict(order.orderId));
  return row;
}

/**
 * POST /webhooks/shopify/:token/orders-create: the token names the business, the signature (over the raw body,
 * with the secret the business stored) proves Shopify sent it. A replay of a known order answers the stored
 * conversion — even with other details: Shopify retries whatever is not a 2xx, then drops the webhook.
 */
export async function recordShopifyOrder(
  ctx: AppContext,
  token: string,
  raw: Buffer,
  signature: string | undefined,
): Promise<ConversionRow> {
  const settings = await ctx.db
    .selectFrom('business_attribution_settings')
    .select(['business_id', 'shopify_secret_sealed'])
    .where('shopify_token', '=', token)
    .executeTakeFirst();
  if (!settings?.shopify_secret_sealed)
    throw new AppError('not_found', ATTRIBUTION_MESSAGE.shopifyNotConfigured);
  const secret = ctx.cipher.decrypt(settings.shopify_secret_sealed);
  if (!validShopifySignature(raw, signature, secret))
    throw new AppError('unauthenticated', ATTRIBUTION_MESSAGE.shopifySignature);
  const shopify = readShopifyOrder(raw);
  if (!shopify) throw new AppError('validation', ATTRIBUTION_MESSAGE.shopifyPayload);
  const order = normaliseOrder(shopify, ctx.now());
  if ('field' in order) throw refused(order);
  const { row, conflict } = await recordConversion(
    ctx,
    { businessId: settings.business_id, apiKeyId: null, source: 'shopify' },
    order,
  );
  if (conflict)
    ctx.log.warn({ conversionId: row.id }, 'shopify order replayed with other details: kept as stored');
  return row;
}

/**
 * Records the order once: a known order id answers the stored row (`conflict` when its details differ).
 * Otherwise the code and the click are looked up among this business's alone, and the rule decides.
 */
export async function recordConversion(
  ctx: AppContext,
  source: Source,
  order: NormalisedOrder,
): Promise<{ row: ConversionRow; conflict: boolean }> {
  const hash = orderHash(order);
  return ctx.db.transaction().execute(async (trx) => {
    const known = await storedOrder(trx, source.businessId, order.orderId);
    if (known) return { row: known, conflict: known.request_hash !== hash };
    const windowDays = await windowDaysOf(trx, source.businessId);
    const code = await codeMatch(trx, source.businessId, order.codes);
    const click = order.clickId ? await clickMatch(trx, source.businessId, order.clickId) : null;
    const decision = attribute({ code, click, occurredAt: order.occurredAt, windowDays });
    const inserted = await trx
      .insertInto('conversions')
      .values({
        business_id: source.businessId,
        order_id: order.orderId,
        amount_cents: order.amountCents,
        currency: order.currency,
        occurred_at: order.occurredAt,
        source: source.source,
        given_code: code ? (order.codes.find((c) => c === code.code) ?? null) : (order.codes[0] ?? null),
        given_click_id: order.clickId,
        request_hash: hash,
        attributed_via: decision.via,
        campaign_id: decision.via === 'none' ? null : decision.campaignId,
        influencer_user_id: decision.via === 'none' ? null : decision.influencerUserId,
        discount_code_id: decision.via === 'code' ? decision.discountCodeId : null,
        link_click_id: decision.via === 'click' ? decision.linkClickId : null,
        attribution_window_days: windowDays,
        api_key_id: source.apiKeyId,
        created_at: ctx.now(),
      })
      .onConflict((oc) => oc.columns(['business_id', 'order_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) {
      await addToConversionRollups(trx, inserted);
      return { row: inserted, conflict: false };
    }
    // The same order recorded by a concurrent request since the first read.
    const raced = await storedOrder(trx, source.businessId, order.orderId);
    if (!raced) throw new AppError('conflict', API_MESSAGE.validation);
    return { row: raced, conflict: raced.request_hash !== hash };
  });
}

/**
 * Adds an attributed conversion to its rollups (per creator and day, per creator, per campaign and day:
 * attribution_conversion_days, _conversion_totals, _campaign_conversion_days), in its transaction, in that
 * order (as every conversion does: two transactions lock the rows in the same order).
 */
export async function addToConversionRollups(trx: Transaction<DB>, row: ConversionRow): Promise<void> {
  if (row.campaign_id === null || row.influencer_user_id === null) return;
  const amount = Number(row.amount_cents);
  const day = new Date(row.occurred_at).toISOString().slice(0, 10);
  await sql`
    WITH days AS (
      INSERT INTO attribution_conversion_days
        (campaign_id, influencer_user_id, business_id, day, currency, conversions, revenue_cents)
      VALUES (${row.campaign_id}, ${row.influencer_user_id}, ${row.business_id}, ${day}, ${row.currency}, 1,
        ${amount})
      ON CONFLICT (campaign_id, influencer_user_id, day, currency) DO UPDATE SET
        conversions = attribution_conversion_days.conversions + 1,
        revenue_cents = attribution_conversion_days.revenue_cents + EXCLUDED.revenue_cents
    ), totals AS (
      INSERT INTO attribution_conversion_totals
        (campaign_id, influencer_user_id, business_id, currency, conversions, revenue_cents)
      VALUES (${row.campaign_id}, ${row.influencer_user_id}, ${row.business_id}, ${row.currency}, 1, ${amount})
      ON CONFLICT (campaign_id, influencer_user_id, currency) DO UPDATE SET
        conversions = attribution_conversion_totals.conversions + 1,
        revenue_cents = attribution_conversion_totals.revenue_cents + EXCLUDED.revenue_cents
    )
    INSERT INTO attribution_campaign_conversion_days (campaign_id, day, currency, conversions, revenue_cents)
    VALUES (${row.campaign_id}, ${day}, ${row.currency}, 1, ${amount})
    ON CONFLICT (campaign_id, day, currency) DO UPDATE SET
      conversions = attribution_campaign_conversion_days.conversions + 1,
      revenue_cents = attribution_campaign_conversion_days.revenue_cents + EXCLUDED.revenue_cents`.execute(
    trx,
  );
}

async function storedOrder(trx: Transaction<DB>, businessId: number, orderId: string) {
  return trx
    .selectFrom('conversions')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

/** The first of the order's codes that is one of this business's (codes are stored uppercase). */
async function codeMatch(
  trx: Transaction<DB>,
  businessId: number,
  codes: string[],
): Promise<(CodeMatch & { code: string }) | null> {
  if (codes.length === 0) return null;
  const rows = await trx
    .selectFrom('discount_codes')
    .select(['id', 'code', 'campaign_id', 'influencer_user_id'])
    .where('business_id', '=', businessId)
    .where('code', 'in', codes)
    .execute();
  for (const code of codes) {
    const row = rows.find((r) => r.code === code);
    if (row)
      return {
        discountCodeId: row.id,
        campaignId: row.campaign_id,
        influencerUserId: row.influencer_user_id,
        code: row.code,
      };
  }
  return null;
}

/** The click of this business with that id (another business's click is no match). */
async function clickMatch(
  trx: Transaction<DB>,
  businessId: number,
  clickId: string,
): Promise<ClickMatch | null> {
  const row = await trx
    .selectFrom('link_clicks as k')
    .innerJoin('tracked_links as l', 'l.id', 'k.link_id')
    .select(['k.id', 'k.clicked_at', 'l.campaign_id', 'l.influencer_user_id'])
    .where('k.click_id', '=', clickId)
    .where('k.business_id', '=', businessId)
    .executeTakeFirst();
  return row
    ? {
        linkClickId: row.id,
        campaignId: row.campaign_id,
        influencerUserId: row.influencer_user_id,
        clickedAt: new Date(row.clicked_at),
      }
    : null;
}
