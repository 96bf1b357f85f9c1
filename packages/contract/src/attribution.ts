import { z } from 'zod';
import { id, page, pageNumber } from './common';
import { MAX_PAGE_SIZE } from './constants';
import { CURRENCIES, currencyExponent, fromMinorUnits } from './currencies';

export { CURRENCIES, currencyExponent, fromMinorUnits };

/*
 * Attribution (issue 14): tracked links `/r/{code}` per accepted creator of a campaign with URL tracking on,
 * discount codes per creator and campaign, per-business API keys, and the conversions a business reports (by
 * API or its Shopify `orders/create` webhook), each attributed by one published rule:
 *
 *   1. a discount code of this business beats a link: the order is the code's creator's, on the code's campaign;
 *   2. otherwise the tracked click the order names (`click_id`, or `rc_id` in Shopify's landing_site) — the last
 *      click the shop saw — if it is one of this business's and happened within the attribution window before
 *      the order (30 days by default, 1–90 per business; 5 minutes of clock skew allowed after it);
 *   3. otherwise the conversion is stored as unattributed, and shown as such.
 */

export const ATTRIBUTION_MESSAGE = {
  linkNotFound: 'This link does not exist or is no longer active.',
  codeFormat: 'A discount code has 3 to 32 characters: letters A–Z, digits 0–9, "-" or "_".',
  codeTaken: (code: string) =>
    `The discount code ${code} is already used by another creator of your business. Choose another code.`,
  notAccepted: 'Discount codes are given to creators whose connection to this campaign is active.',
  apiKeyMissing: 'Send your REACH API key as "Authorization: Bearer <key>" or in the X-Api-Key header.',
  apiKeyInvalid: 'This API key is not valid or has been revoked.',
  apiKeyLimit: 'A business may hold at most 20 active API keys. Revoke one first.',
  amountFormat:
    'Amount must be a decimal number in the currency’s units, as a string (e.g. "49.90"), at most 1,000,000.',
  amountDecimals: (currency: string, digits: number) =>
    digits === 0
      ? `${currency} amounts have no decimal places.`
      : `${currency} amounts have at most ${digits} decimal places.`,
  currencyUnknown: 'Currency must be an ISO 4217 code such as USD or EUR.',
  occurredFuture: 'The order time cannot be more than a day in the future.',
  occurredTooOld: 'The order time cannot be more than two years ago.',
  orderConflict: (orderId: string) =>
    `Order ${orderId} was already recorded with different details. An order id is recorded once; send the same details to read it back.`,
  shopifySignature: 'The X-Shopify-Hmac-Sha256 signature does not match this body.',
  shopifyNotConfigured: 'No Shopify webhook is set up at this address.',
  shopifyPayload:
    'This is not a Shopify order payload (id, total_price, currency and created_at are needed).',
  windowRange: 'The attribution window is 1 to 90 days.',
} as const;

/** Default attribution window, days. */
export const DEFAULT_ATTRIBUTION_WINDOW_DAYS = 30;
export const MAX_ATTRIBUTION_WINDOW_DAYS = 90;
/** Clicks from one browser within this time count once. */
export const UNIQUE_CLICK_WINDOW_MINUTES = 30;
/** Largest amount of one conversion, in the currency's units. */
export const MAX_CONVERSION_AMOUNT = 1_000_000;
/** An order may be dated at most this far in the future (clock skew, time zones) … */
export const MAX_FUTURE_MS = 24 * 60 * 60 * 1000;
/** … and at most this far in the past. */
export const MAX_PAST_MS = 2 * 366 * 24 * 60 * 60 * 1000;
export const MAX_ACTIVE_API_KEYS = 20;
/** Conversion bodies larger than this are refused (413). */
export const CONVERSION_BODY_LIMIT = 16 * 1024;
/** Shopify order payloads can be large (line items); larger than this is refused. */
export const SHOPIFY_BODY_LIMIT = 512 * 1024;

/**
 * `"49.90"` in `currency` → its integer minor units (4990), or a message saying why not. Strings only: a JSON
 * number would already have passed through binary floating point.
 */
export function toMinorUnits(amount: string, currency: string): { minor: number } | { error: string } {
  const exponent = currencyExponent(currency);
  if (exponent === undefined) return { error: ATTRIBUTION_MESSAGE.currencyUnknown };
  const match = /^(\d{1,7})(?:\.(\d{1,3}))?$/.exec(amount);
  if (!match) return { error: ATTRIBUTION_MESSAGE.amountFormat };
  const [, whole = '0', fraction = ''] = match;
  if (fraction.replace(/0+$/, '').length > exponent)
    return { error: ATTRIBUTION_MESSAGE.amountDecimals(currency, exponent) };
  if (
    Number(whole) > MAX_CONVERSION_AMOUNT ||
    (Number(whole) === MAX_CONVERSION_AMOUNT && /[1-9]/.test(fraction))
  )
    return { error: ATTRIBUTION_MESSAGE.amountFormat };
  const minor = Number(whole) * 10 ** exponent + Number((fraction + '000').slice(0, exponent) || '0');
  return { minor };
}

export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

/** A discount code as typed: trimmed and uppercased (codes are unique per business whatever their case). */
export const discountCode = z
  .string({ error: ATTRIBUTION_MESSAGE.codeFormat })
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(DISCOUNT_CODE_PATTERN, { error: ATTRIBUTION_MESSAGE.codeFormat }));

// ---------------------------------------------------------------------------------------------------------------
// Links and codes

export const campaignIdParams = z.object({ id });
export const campaignCreatorParams = z.object({ id, influencerUserId: id });

export const setDiscountCodeBody = z.object({
  code: discountCode
    .nullable()
    .optional()
    .describe(
      'The code to give the creator; left out or null: one is generated from their handle (HANDLE-10)',
    ),
});

export const clickCounts = z.object({
  total: z.number().int().describe('Clicks by people (known bots by user agent left out)'),
  unique: z.number().int().describe('Clicks by people, a browser counted once per 30 minutes'),
});

export const revenueByCurrency = z
  .array(z.object({ currency: z.string(), amount_cents: z.number().int(), amount: z.string() }))
  .describe(
    'Revenue per currency, in minor units and as a decimal string (no conversion between currencies)',
  );

export const creatorAttribution = z
  .object({
    influencer_user_id: z.number().int(),
    connection_id: z.number().int(),
    name: z.string(),
    handle: z.string().nullable(),
    link: z
      .object({ code: z.string(), url: z.string(), created_at: z.string() })
      .nullable()
      .describe('Null when the campaign has URL tracking off or no tracker URL'),
    discount_code: z.object({ code: z.string(), source: z.enum(['generated', 'typed']) }).nullable(),
    clicks: clickCounts,
    conversions: z.object({ count: z.number().int(), revenue: revenueByCurrency }),
  })
  .meta({ id: 'CreatorAttribution' });

export const campaignAttribution = z
  .object({
    campaign_id: z.number().int(),
    url_tracking: z.boolean(),
    tracker_url: z.string().nullable(),
    attribution_window_days: z.number().int(),
    rule: z.string().describe('The attribution rule, in words'),
    creators: z.array(creatorAttribution),
    totals: z.object({
      clicks: clickCounts,
      conversions: z.object({ count: z.number().int(), revenue: revenueByCurrency }),
    }),
  })
  .meta({ id: 'CampaignAttribution' });

export const myLink = z
  .object({
    campaign_id: z.number().int(),
    campaign_title: z.string().nullable(),
    business_name: z.string().nullable(),
    link: z.object({ code: z.string(), url: z.string() }).nullable(),
    discount_code: z.string().nullable(),
  })
  .meta({ id: 'MyAttributionLink' });
export const myLinks = z.object({ data: z.array(myLink) });
export const myLinksQuery = z.object({ campaign_id: id.optional() });

export const discountCodeResponse = z
  .object({
    campaign_id: z.number().int(),
    influencer_user_id: z.number().int(),
    code: z.string(),
    source: z.enum(['generated', 'typed']),
  })
  .meta({ id: 'DiscountCode' });

// ---------------------------------------------------------------------------------------------------------------
// Conversions

export const ATTRIBUTION_VIA = ['code', 'click', 'none'] as const;
export const CONVERSION_SOURCES = ['api', 'shopify'] as const;

const orderId = z
  .string({ error: 'order_id is required: your order number or id, up to 128 characters.' })
  .trim()
  .min(1, { error: 'order_id is required: your order number or id, up to 128 characters.' })
  .max(128, { error: 'order_id is required: your order number or id, up to 128 characters.' });

export const conversionBody = z
  .object({
    order_id: orderId,
    amount: z
      .string({ error: ATTRIBUTION_MESSAGE.amountFormat })
      .trim()
      .describe(
        'The order total in the currency’s units as a decimal string ("49.90"); stored in minor units',
      ),
    currency: z
      .string({ error: ATTRIBUTION_MESSAGE.currencyUnknown })
      .trim()
      .transform((value) => value.toUpperCase())
      .pipe(
        z
          .string()
          .refine((value) => currencyExponent(value) !== undefined, ATTRIBUTION_MESSAGE.currencyUnknown),
      )
      .describe('ISO 4217 code'),
    occurred_at: z.iso
      .datetime({
        offset: true,
        error: 'occurred_at must be an ISO 8601 date and time, e.g. 2026-11-25T10:00:00Z.',
      })
      .describe('When the order was placed (at most a day ahead, at most two years ago)'),
    code: z
      .string()
      .trim()
      .max(64)
      .optional()
      .nullable()
      .describe('The discount code the buyer used, if any'),
    click_id: z
      .uuid({ error: 'click_id must be the rc_id value of a REACH link (a UUID).' })
      .optional()
      .nullable()
      .describe('The rc_id the buyer landed with (the last REACH click the shop saw)'),
  })
  .superRefine((body, issue) => {
    const minor = toMinorUnits(body.amount, body.currency);
    if ('error' in minor) issue.addIssue({ code: 'custom', path: ['amount'], message: minor.error });
  });
export type ConversionBody = z.output<typeof conversionBody>;

export const conversion = z
  .object({
    id: z.number().int(),
    order_id: z.string(),
    amount_cents: z.number().int().describe('Minor units of the currency'),
    amount: z.string(),
    currency: z.string(),
    occurred_at: z.string(),
    source: z.enum(CONVERSION_SOURCES),
    code: z.string().nullable().describe('The code sent with the order'),
    click_id: z.string().nullable().describe('The click id sent with the order'),
    attributed_via: z.enum(ATTRIBUTION_VIA),
    campaign_id: z.number().int().nullable(),
    influencer_user_id: z.number().int().nullable(),
    attribution_window_days: z.number().int(),
    recorded_at: z.string(),
  })
  .meta({ id: 'Conversion' });

export const conversionsQuery = z.object({
  attributed: z.enum(['true', 'false']).optional(),
  campaign_id: id.optional(),
  page: pageNumber,
  items: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});
export const campaignConversionsQuery = conversionsQuery.omit({ campaign_id: true, attributed: true });
export const conversionsPage = page(conversion);

export const shopifyParams = z.object({
  token: z.string().max(64).describe('The business’s webhook token (from its attribution settings)'),
});
export const shopifyReceipt = z.object({
  received: z.literal(true),
  conversion_id: z.number().int(),
  attributed_via: z.enum(ATTRIBUTION_VIA),
});

// ---------------------------------------------------------------------------------------------------------------
// API keys and settings

export const apiKey = z
  .object({
    id: z.number().int(),
    name: z.string(),
    prefix: z.string().describe('The first characters of the key, to tell keys apart'),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
  })
  .meta({ id: 'ApiKey' });
export const apiKeys = z.object({ data: z.array(apiKey) });
export const createApiKeyBody = z.object({
  name: z
    .string({ error: 'Name the key (e.g. "Shop server"), up to 80 characters.' })
    .trim()
    .min(1, { error: 'Name the key (e.g. "Shop server"), up to 80 characters.' })
    .max(80, { error: 'Name the key (e.g. "Shop server"), up to 80 characters.' }),
});
export const createdApiKey = apiKey.extend({
  key: z.string().describe('The key itself: shown this once, stored only as a hash'),
});
export const apiKeyParams = z.object({ id });

export const attributionSettings = z
  .object({
    attribution_window_days: z.number().int(),
    shopify: z.object({
      configured: z.boolean().describe('A webhook secret is stored (it is never returned)'),
      webhook_path: z
        .string()
        .nullable()
        .describe('The orders/create webhook address to give Shopify, relative to the API origin'),
    }),
    rule: z.string(),
  })
  .meta({ id: 'AttributionSettings' });
export const attributionSettingsBody = z.object({
  attribution_window_days: z.coerce
    .number({ error: ATTRIBUTION_MESSAGE.windowRange })
    .int({ error: ATTRIBUTION_MESSAGE.windowRange })
    .min(1, { error: ATTRIBUTION_MESSAGE.windowRange })
    .max(MAX_ATTRIBUTION_WINDOW_DAYS, { error: ATTRIBUTION_MESSAGE.windowRange })
    .optional(),
  shopify_webhook_secret: z
    .string()
    .trim()
    .min(8, { error: 'The Shopify webhook secret has at least 8 characters.' })
    .max(256)
    .nullable()
    .optional()
    .describe(
      'The signing secret Shopify shows for your webhooks; null removes it (and the webhook address)',
    ),
});

export const ATTRIBUTION_RULE =
  'A discount code beats a link: an order with one of your codes is its creator’s. Otherwise the REACH click the order carries (click_id, or rc_id in the landing page) counts when it happened within your attribution window before the order. Anything else is recorded as unattributed.';
