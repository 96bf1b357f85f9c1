import crypto from 'node:crypto';
import {
  ATTRIBUTION_MESSAGE,
  type ConversionBody,
  currencyExponent,
  MAX_FUTURE_MS,
  MAX_PAST_MS,
  toMinorUnits,
  UNIQUE_CLICK_WINDOW_MINUTES,
} from '@reach/contract/attribution';
import type { ClickPlatform } from '../../db/schema';

/*
 * The rules of attribution, pure: what a click is (platform, referrer, the visitor's hash), where a link sends
 * its visitor, how an order is validated and normalised, and which creator an order is attributed to.
 */

/** A link's code in `/r/{code}`: 12 random base64url characters (72 bits). */
export const LINK_CODE_PATTERN = /^[A-Za-z0-9_-]{8,32}$/;

export function newLinkCode(): string {
  return crypto.randomBytes(9).toString('base64url');
}

/** The platform of a user agent: iOS and Android devices, desktop systems, anything else. */
export function platformOf(userAgent: string | undefined): ClickPlatform {
  const ua = userAgent ?? '';
  if (/\b(iPhone|iPad|iPod)\b/.test(ua)) return 'ios';
  if (/\bAndroid\b/.test(ua)) return 'android';
  if (/\b(Windows NT|Macintosh|Mac OS X|X11|Linux x86_64|CrOS)\b/.test(ua)) return 'desktop';
  return 'other';
}

/** The host of a Referer header (lowercase, at most 255 characters), or null. */
export function referrerHost(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    const host = new URL(referer).hostname.toLowerCase();
    return host ? host.slice(0, 255) : null;
  } catch {
    return null;
  }
}

/** HMAC-SHA256 of the client's address and user agent with the server's key: who clicked, never the address. */
export function visitorHash(key: Buffer, ip: string, userAgent: string | undefined): string {
  return crypto
    .createHmac('sha256', key)
    .update(`${ip}\n${userAgent ?? ''}`)
    .digest('hex');
}

/** The window around a click in which another counted click of its visitor makes it a repeat. */
export function repeatWindow(from: Date, to: Date = from): { after: Date; before: Date } {
  const windowMs = UNIQUE_CLICK_WINDOW_MINUTES * 60_000;
  return { after: new Date(from.getTime() - windowMs), before: new Date(to.getTime() + windowMs) };
}

/** `summer-glow-12`: the campaign's title made URL-safe, with its id (titles change and repeat). */
export function campaignSlug(campaign: { id: number; title: string | null }): string {
  const words = (campaign.title ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return words ? `${words}-${campaign.id}` : `campaign-${campaign.id}`;
}

type Handles = {
  instagram_username: string | null;
  tiktok_username: string | null;
  youtube_username: string | null;
};

/** The creator's handle (Instagram, else TikTok, else YouTube), without its @, or null. */
export function creatorHandle(profile: Partial<Handles> | null | undefined): string | null {
  for (const value of [profile?.instagram_username, profile?.tiktok_username, profile?.youtube_username]) {
    const handle = value?.trim().replace(/^@+/, '');
    if (handle) return handle;
  }
  return null;
}

/**
 * Where a link sends its visitor: the tracker URL with its own query kept, and the UTM parameters and the
 * click id set (a tracker URL's own utm_* values are replaced: REACH's say where the visit came from).
 */
export function redirectTarget(
  trackerUrl: string,
  values: { campaign: string; content: string; clickId: string },
): string | null {
  let url: URL;
  try {
    url = new URL(trackerUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  url.searchParams.set('utm_source', 'reach');
  url.searchParams.set('utm_medium', 'influencer');
  url.searchParams.set('utm_campaign', values.campaign);
  url.searchParams.set('utm_content', values.content);
  url.searchParams.set('rc_id', values.clickId);
  return url.toString();
}

/**
 * A UUID version 7 (RFC 9562): the time in ms in its first 48 bits, then 74 random bits — taken from `v4`, a
 * random UUID (crypto.randomUUID draws them from a cached pool; a randomBytes call per click cost ~10 µs). Click
 * ids made this way follow the order clicks happen in, so storing them adds to the end of their unique index
 * instead of touching a random page of it per click (a v4 id did: most of a batch's insert time and WAL).
 */
export function uuidV7(ms: number, v4: string): string {
  const time = ms.toString(16).padStart(12, '0').slice(-12);
  // v4: xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx, V already the RFC variant (8, 9, a or b).
  return `${time.slice(0, 8)}-${time.slice(8)}-7${v4.slice(15, 18)}-${v4.slice(19)}`;
}

/** Stands for the click id in a link's redirect template (URL-safe, so the URL keeps it as it is). */
const CLICK_ID_MARK = 'rc-click-id-mark';

/**
 * `redirectTarget` of one tracker URL and creator made once, for any click id: the URL is parsed and built once
 * per link instead of once per visit. The click id must be URL-safe (a UUID). Null: the tracker URL is no
 * http(s) URL.
 */
export function redirectTemplate(
  trackerUrl: string,
  values: { campaign: string; content: string },
): ((clickId: string) => string) | null {
  const marked = redirectTarget(trackerUrl, { ...values, clickId: CLICK_ID_MARK });
  if (marked === null) return null;
  const at = marked.indexOf(CLICK_ID_MARK);
  // The tracker URL carries the mark itself: no template, the URL is built for each click.
  if (marked.indexOf(CLICK_ID_MARK, at + 1) !== -1)
    return (clickId) => redirectTarget(trackerUrl, { ...values, clickId }) as string;
  const head = marked.slice(0, at);
  const tail = marked.slice(at + CLICK_ID_MARK.length);
  return (clickId) => head + clickId + tail;
}

/** A click as its uniqueness sees it: the link and visitor (`key`), when, and whether a known bot's. */
export type ClickVisit = { key: string; at: Date; bot: boolean };

/**
 * Which clicks of a batch are unique, taken in their order: a click is unique unless it is a bot's or the same
 * visitor has a unique click of the same link less than 30 minutes from it — stored before (`counted`: the
 * times of the stored unique clicks per key around the batch, in ms) or earlier in the batch. Clicks are
 * stored in the order they happened, so that click is nearly always an earlier one; one stored before it and
 * later in time is another replica's that was stored first (its queue was shorter), and two clicks that close
 * are still one visit. `counted` gains the batch's unique clicks.
 */
export function uniqueClicks(clicks: readonly ClickVisit[], counted: Map<string, number[]>): boolean[] {
  const windowMs = UNIQUE_CLICK_WINDOW_MINUTES * 60_000;
  return clicks.map((click) => {
    if (click.bot) return false;
    const at = click.at.getTime();
    let times = counted.get(click.key);
    if (times?.some((t) => t > at - windowMs && t < at + windowMs)) return false;
    if (!times) {
      times = [];
      counted.set(click.key, times);
    }
    times.push(at);
    return true;
  });
}

/** A generated code: `HANDLE-10` (or `CREATOR<id>-10`), made to fit the code pattern; `attempt` > 0 adds it. */
export function generatedCode(handle: string | null, influencerUserId: number, attempt = 0): string {
  const base =
    (handle ?? '')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '')
      .slice(0, 20) || `CREATOR${influencerUserId}`;
  return attempt === 0 ? `${base}-10` : `${base}-10-${attempt + 1}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Conversions

/** An order as stored: amount in minor units, everything compared for idempotency normalised. */
export type NormalisedOrder = {
  orderId: string;
  amountCents: number;
  currency: string;
  occurredAt: Date;
  codes: string[];
  clickId: string | null;
};

/**
 * The order of a conversion body, checked against the clock: amount (in the currency's units) → minor units,
 * currency known, occurred_at at most a day ahead and at most two years back. A refusal names its field.
 */
export function normaliseOrder(
  body: Pick<ConversionBody, 'order_id' | 'amount' | 'currency' | 'occurred_at'> & {
    codes: (string | null | undefined)[];
    click_id?: string | null;
  },
  now: Date,
): NormalisedOrder | { field: string; message: string } {
  const orderId = body.order_id.trim();
  if (!orderId || orderId.length > 128)
    return {
      field: 'order_id',
      message: 'order_id is required: your order number or id, up to 128 characters.',
    };
  if (currencyExponent(body.currency) === undefined)
    return { field: 'currency', message: ATTRIBUTION_MESSAGE.currencyUnknown };
  const amount = toMinorUnits(body.amount, body.currency);
  if ('error' in amount) return { field: 'amount', message: amount.error };
  const occurredAt = new Date(body.occurred_at);
  if (Number.isNaN(occurredAt.getTime()))
    return { field: 'occurred_at', message: 'occurred_at must be an ISO 8601 date and time.' };
  if (occurredAt.getTime() > now.getTime() + MAX_FUTURE_MS)
    return { field: 'occurred_at', message: ATTRIBUTION_MESSAGE.occurredFuture };
  if (occurredAt.getTime() < now.getTime() - MAX_PAST_MS)
    return { field: 'occurred_at', message: ATTRIBUTION_MESSAGE.occurredTooOld };
  const codes = [...new Set(body.codes.map((c) => c?.trim().toUpperCase()).filter((c): c is string => !!c))];
  return {
    orderId,
    amountCents: amount.minor,
    currency: body.currency,
    occurredAt,
    codes,
    clickId: body.click_id && UUID.test(body.click_id) ? body.click_id.toLowerCase() : null,
  };
}

/** What identifies an order's details: the same order sent again must hash the same. */
export function orderHash(order: NormalisedOrder): string {
  return crypto
    .createHash('sha256')
    .update(
      JSON.stringify([
        order.orderId,
        order.amountCents,
        order.currency,
        order.occurredAt.toISOString(),
        order.codes,
        order.clickId,
      ]),
    )
    .digest('hex');
}

/** Clocks of shops and REACH differ a little: a click up to this long after the order still counts. */
export const CLICK_SKEW_MS = 5 * 60_000;

export type CodeMatch = {
  discountCodeId: number;
  campaignId: number;
  influencerUserId: number;
};
export type ClickMatch = {
  linkClickId: number;
  campaignId: number;
  influencerUserId: number;
  clickedAt: Date;
};
export type Attribution =
  | { via: 'code'; campaignId: number; influencerUserId: number; discountCodeId: number }
  | { via: 'click'; campaignId: number; influencerUserId: number; linkClickId: number }
  | { via: 'none' };

/** True when a click at `clickedAt` counts for an order at `occurredAt` with a window of `windowDays`. */
export function clickWithinWindow(clickedAt: Date, occurredAt: Date, windowDays: number): boolean {
  const age = occurredAt.getTime() - clickedAt.getTime();
  return age >= -CLICK_SKEW_MS && age <= windowDays * 24 * 60 * 60 * 1000;
}

/**
 * The attribution rule: a code of this business beats a link; otherwise the click the order carries, when it
 * is this business's and within the window before the order; otherwise none. `code` and `click` are what the
 * order's code and click id matched among this business's codes and clicks (null: no match).
 */
export function attribute(input: {
  code: CodeMatch | null;
  click: ClickMatch | null;
  occurredAt: Date;
  windowDays: number;
}): Attribution {
  if (input.code)
    return {
      via: 'code',
      campaignId: input.code.campaignId,
      influencerUserId: input.code.influencerUserId,
      discountCodeId: input.code.discountCodeId,
    };
  if (input.click && clickWithinWindow(input.click.clickedAt, input.occurredAt, input.windowDays))
    return {
      via: 'click',
      campaignId: input.click.campaignId,
      influencerUserId: input.click.influencerUserId,
      linkClickId: input.click.linkClickId,
    };
  return { via: 'none' };
}

/** The API key of a request: `Authorization: Bearer <key>` or `X-Api-Key: <key>`. */
export function apiKeyOf(headers: {
  authorization?: string;
  'x-api-key'?: string | string[];
}): string | null {
  const direct = headers['x-api-key'];
  if (typeof direct === 'string' && direct.trim()) return direct.trim();
  const bearer = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '')?.[1];
  return bearer ?? null;
}

/** A new API key: `rk_` and 43 base64url characters (256 bits); its prefix tells keys apart. */
export function newApiKey(): { key: string; prefix: string } {
  const key = `rk_${crypto.randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, 11) };
}

export function apiKeyHash(key: string): string {
  return crypto.createHash('sha256').update(key).digest('hex');
}

/** Shopify's X-Shopify-Hmac-Sha256: base64 HMAC-SHA256 of the raw body with the shop's secret, constant time. */
export function validShopifySignature(raw: Buffer, header: string | undefined, secret: string): boolean {
  if (!header || !/^[A-Za-z0-9+/]+={0,2}$/.test(header.trim())) return false;
  const given = Buffer.from(header.trim(), 'base64');
  const expected = crypto.createHmac('sha256', secret).update(raw).digest();
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** What REACH reads of a Shopify order (`orders/create`): null when the payload lacks what it needs. */
export function readShopifyOrder(raw: Buffer): {
  order_id: string;
  amount: string;
  currency: string;
  occurred_at: string;
  codes: string[];
  click_id: string | null;
} | null {
  let order: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(raw.toString('utf8'));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    order = parsed as Record<string, unknown>;
  } catch {
    return null;
  }
  const orderId = shopifyOrderId(order, raw);
  const { total_price: price, currency, created_at: createdAt } = order;
  if (!orderId || typeof price !== 'string' || typeof currency !== 'string' || typeof createdAt !== 'string')
    return null;
  const codes = Array.isArray(order.discount_codes)
    ? order.discount_codes
        .map((d) => (d && typeof d === 'object' ? (d as { code?: unknown }).code : undefined))
        .filter((c): c is string => typeof c === 'string')
        .slice(0, 10)
    : [];
  return {
    order_id: orderId,
    amount: price,
    currency: currency.toUpperCase(),
    occurred_at: createdAt,
    codes,
    click_id: clickIdOfLandingSite(order.landing_site),
  };
}

/**
 * The order's id as text. Shopify's ids pass 2^53, so a JSON number may have lost digits: the id is read from
 * `admin_graphql_api_id` (gid://shopify/Order/<id>) when present, else from the raw text of a leading "id".
 */
function shopifyOrderId(order: Record<string, unknown>, raw: Buffer): string | null {
  const gid = typeof order.admin_graphql_api_id === 'string' ? order.admin_graphql_api_id : '';
  const fromGid = /^gid:\/\/shopify\/Order\/(\d{1,30})$/.exec(gid)?.[1];
  if (fromGid) return fromGid;
  if (typeof order.id === 'string' && /^\d{1,30}$/.test(order.id)) return order.id;
  if (typeof order.id === 'number' && Number.isSafeInteger(order.id) && order.id > 0) return String(order.id);
  const leading = /^\s*\{\s*"id"\s*:\s*(\d{1,30})\s*[,}]/.exec(raw.toString('utf8', 0, 200))?.[1];
  return leading ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `rc_id` of a landing_site ("/products/x?utm_source=reach&rc_id=…"), or null. */
export function clickIdOfLandingSite(landingSite: unknown): string | null {
  if (typeof landingSite !== 'string' || !landingSite) return null;
  try {
    const value = new URL(landingSite, 'https://shop.invalid').searchParams.get('rc_id');
    return value && UUID.test(value) ? value.toLowerCase() : null;
  } catch {
    return null;
  }
}
