import { z } from 'zod';
import { revenueByCurrency } from './attribution';
import { id } from './common';
import { PLATFORM_LABELS } from './constants';

/*
 * Campaign and creator reports (issue 14): spend from the ledger, clicks, conversions and revenue from the
 * attribution rollups, engagements and impressions from the posts' metrics, and EMV by a published formula —
 * every figure with how it was computed.
 */

export const EMV_PLATFORMS = ['instagram', 'tiktok', 'youtube'] as const;
export type EmvPlatform = (typeof EMV_PLATFORMS)[number];

/** What a platform's actions are worth, in US dollars: per engagement, and per 1,000 impressions. */
export type EmvRate = {
  like: number;
  comment: number;
  share: number;
  save: number;
  video_view: number;
  per_1000_impressions: number;
};
export type EmvRates = Record<EmvPlatform, EmvRate>;
export const EMV_RATE_KEYS = [
  'like',
  'comment',
  'share',
  'save',
  'video_view',
  'per_1000_impressions',
] as const;

/**
 * REACH defaults chosen from published industry CPM/CPE ranges. What we relied on:
 *  - Fair Influence, "Earned Media Value Calculator" (fair-influence.com/tools/earned-media-value-calculator):
 *    Instagram about $8 CPM and $0.25 per engagement, TikTok about $10 CPM and $0.15, YouTube about $20 CPM
 *    and $0.35. These are the values below.
 *  - Cross-checked against MightyScout's published EMV CPMs (Instagram $10, TikTok $5, YouTube $20) and Duel's
 *    ($10.80 Instagram CPM): the CPMs above sit inside those ranges.
 * None of them splits the value per engagement type, so every engagement (like, comment, share, save) of a
 * platform gets its one published CPE; a business that values a comment above a like sets its own values.
 * A video view is 0 by default: the platforms count viewers in impressions (or reach) already, and valuing
 * both would count the same people twice. A business whose posts report views and no impressions can set it.
 */
export const DEFAULT_EMV_RATES: EmvRates = {
  instagram: { like: 0.25, comment: 0.25, share: 0.25, save: 0.25, video_view: 0, per_1000_impressions: 8 },
  tiktok: { like: 0.15, comment: 0.15, share: 0.15, save: 0.15, video_view: 0, per_1000_impressions: 10 },
  youtube: { like: 0.35, comment: 0.35, share: 0.35, save: 0.35, video_view: 0, per_1000_impressions: 20 },
};

/** Bounds of a value: a single engagement worth more than $100, or 1,000 impressions more than $1,000, is absurd. */
export const MAX_EMV_PER_ENGAGEMENT = 100;
export const MAX_EMV_PER_1000_IMPRESSIONS = 1000;

export const REPORT_MESSAGE = {
  emvValue: (max: number) =>
    `Enter a value from $0 to $${max.toLocaleString('en-US')}, with at most 4 decimal places.`,
  adminNeedsBusiness: 'Name the business whose campaigns this creator report covers (business_id).',
  noSpend: 'No spend yet',
  noEngagements: 'No engagements measured yet',
  noImpressions: 'No impressions measured yet',
  noClicks: 'No clicks yet',
  noConversions: 'No conversions yet',
} as const;

/** A rate in hundredths of a cent (what the arithmetic uses: integers, no floating point drift). */
export function rateUnits(usd: number): number {
  return Math.round(usd * 10_000);
}

/** At most 4 decimal places (a hundredth of a cent). */
function fourDecimals(value: number): boolean {
  return Math.abs(value * 10_000 - Math.round(value * 10_000)) < 1e-6;
}

const rateValue = (max: number) =>
  z
    .number({ error: REPORT_MESSAGE.emvValue(max) })
    .min(0, { error: REPORT_MESSAGE.emvValue(max) })
    .max(max, { error: REPORT_MESSAGE.emvValue(max) })
    .refine(fourDecimals, { error: REPORT_MESSAGE.emvValue(max) });

export const emvRate = z.object({
  like: rateValue(MAX_EMV_PER_ENGAGEMENT).describe('US dollars per like'),
  comment: rateValue(MAX_EMV_PER_ENGAGEMENT).describe('US dollars per comment'),
  share: rateValue(MAX_EMV_PER_ENGAGEMENT).describe('US dollars per share'),
  save: rateValue(MAX_EMV_PER_ENGAGEMENT).describe('US dollars per save'),
  video_view: rateValue(MAX_EMV_PER_ENGAGEMENT).describe('US dollars per video view'),
  per_1000_impressions: rateValue(MAX_EMV_PER_1000_IMPRESSIONS).describe('US dollars per 1,000 impressions'),
});
export const emvRates = z
  .object({ instagram: emvRate, tiktok: emvRate, youtube: emvRate })
  .meta({ id: 'EmvRates' });

export const emvSettings = z
  .object({
    rates: emvRates,
    defaults: emvRates,
    customised: z.boolean().describe('False while the business uses the REACH defaults'),
    formula: z.string().describe('The EMV formula with these values, in words'),
  })
  .meta({ id: 'EmvSettings' });
export const emvSettingsBody = z.object({
  rates: emvRates.nullable().describe('The values to use; null goes back to the REACH defaults'),
});

/** A post's figures as the formula reads them (null: not known, counted as 0). */
export type PostFigures = {
  platform: string;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  saves: number | null;
  video_views: number | null;
  impressions: number | null;
  reach: number | null;
};

/** Engagements of a post: likes + comments + shares + saves. */
export function postEngagements(p: PostFigures): number {
  return (p.likes ?? 0) + (p.comments ?? 0) + (p.shares ?? 0) + (p.saves ?? 0);
}

/** Impressions of a post: the platform's impressions, or its reach when it reports no impressions. */
export function postImpressions(p: PostFigures): number {
  return p.impressions ?? p.reach ?? 0;
}

function rateOf(rates: EmvRates, platform: string): EmvRate | null {
  return (EMV_PLATFORMS as readonly string[]).includes(platform) ? rates[platform as EmvPlatform] : null;
}

/** A post's EMV in hundredths of a cent (sum these, then round once with emvCents). */
export function postEmvUnits(p: PostFigures, rates: EmvRates): number {
  const r = rateOf(rates, p.platform);
  if (!r) return 0;
  return (
    (p.likes ?? 0) * rateUnits(r.like) +
    (p.comments ?? 0) * rateUnits(r.comment) +
    (p.shares ?? 0) * rateUnits(r.share) +
    (p.saves ?? 0) * rateUnits(r.save) +
    (p.video_views ?? 0) * rateUnits(r.video_view) +
    (postImpressions(p) * rateUnits(r.per_1000_impressions)) / 1000
  );
}

/** Hundredths of a cent → whole cents. */
export function emvCents(units: number): number {
  return Math.round(units / 100);
}

/** One formatter for every figure: `toLocaleString` with options builds a new one on each call (~0.1 ms). */
let usdFormat: Intl.NumberFormat | undefined;
const usd = (value: number) => {
  usdFormat ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 });
  return `$${usdFormat.format(value)}`;
};

/**
 * The EMV formula with a business's values, in words: the one text the report, its PDF and the README show.
 */
export function emvFormula(rates: EmvRates): string {
  const lines = EMV_PLATFORMS.map((platform) => {
    const r = rates[platform];
    return `${PLATFORM_LABELS[platform]}: likes × ${usd(r.like)} + comments × ${usd(r.comment)} + shares × ${usd(r.share)} + saves × ${usd(r.save)} + video views × ${usd(r.video_view)} + impressions ÷ 1,000 × ${usd(r.per_1000_impressions)}`;
  });
  return [
    'EMV = the sum over the approved posts of the value of each post’s figures, by its platform:',
    ...lines.map((l) => `  ${l}`),
    'Impressions are the platform’s impressions, or its reach when it reports none; a figure not known counts as 0. Values in US dollars.',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------------------------
// Ratios

/** A cost or return figure: null with the reason when its denominator is 0. */
export const ratio = z.object({
  value: z
    .number()
    .nullable()
    .describe('Cents (costs) or a multiple (ROAS); null when it cannot be computed'),
  reason: z.string().nullable(),
  formula: z.string(),
});
export type Ratio = z.infer<typeof ratio>;

/** The published definitions of the ratios. */
export const RATIO_FORMULA = {
  cpe: 'CPE = spend ÷ engagements',
  cpm: 'CPM = spend ÷ impressions × 1,000',
  cpc: 'CPC = spend ÷ clicks (unique: a browser counted once per 30 minutes)',
  cpa: 'CPA = spend ÷ attributed conversions',
  roas: 'ROAS = revenue in USD ÷ spend (revenue in other currencies is listed, not converted)',
} as const;

/** Cost per unit in cents (2 decimals), or null with a reason. */
export function costPer(
  spendCents: number,
  units: number,
  reason: string,
  formula: string,
  scale = 1,
): Ratio {
  if (units <= 0) return { value: null, reason, formula };
  return { value: Math.round(((spendCents * scale) / units) * 100) / 100, reason: null, formula };
}

export function returnOnSpend(revenueCents: number, spendCents: number): Ratio {
  if (spendCents <= 0) return { value: null, reason: REPORT_MESSAGE.noSpend, formula: RATIO_FORMULA.roas };
  return {
    value: Math.round((revenueCents / spendCents) * 100) / 100,
    reason: null,
    formula: RATIO_FORMULA.roas,
  };
}

/** The five ratios of a set of figures. */
export function ratios(f: {
  spendCents: number;
  engagements: number;
  impressions: number;
  clicks: number;
  conversions: number;
  revenueUsdCents: number;
}) {
  return {
    cpe: costPer(f.spendCents, f.engagements, REPORT_MESSAGE.noEngagements, RATIO_FORMULA.cpe),
    cpm: costPer(f.spendCents, f.impressions, REPORT_MESSAGE.noImpressions, RATIO_FORMULA.cpm, 1000),
    cpc: costPer(f.spendCents, f.clicks, REPORT_MESSAGE.noClicks, RATIO_FORMULA.cpc),
    cpa: costPer(f.spendCents, f.conversions, REPORT_MESSAGE.noConversions, RATIO_FORMULA.cpa),
    roas: returnOnSpend(f.revenueUsdCents, f.spendCents),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Report shapes

const ratios_ = z.object({ cpe: ratio, cpm: ratio, cpc: ratio, cpa: ratio, roas: ratio });

const spend = z.object({
  cents: z.number().int().describe('Paid to creators (ledger) + product value'),
  paid_cents: z.number().int().describe('Post payments from the campaign budget, from the ledger'),
  product_cents: z.number().int().describe('Product value × creators who received it'),
  product_units: z.number().int().describe('Creators with an accepted or completed connection'),
});

/** The figures every row of a report has. */
export const reportFigures = z.object({
  spend,
  clicks: z.object({ total: z.number().int(), unique: z.number().int() }),
  conversions: z.number().int(),
  revenue: revenueByCurrency,
  revenue_usd_cents: z.number().int(),
  posts: z.number().int(),
  engagements: z.number().int(),
  impressions: z.number().int(),
  emv_cents: z.number().int(),
  ratios: ratios_,
});
export type ReportFigures = z.infer<typeof reportFigures>;

export const reportDay = z.object({
  date: z.string().describe('YYYY-MM-DD (UTC)'),
  clicks: z.number().int().describe('Unique clicks'),
  conversions: z.number().int(),
  revenue_usd_cents: z.number().int(),
  revenue: revenueByCurrency,
  engagements: z.number().int().describe('Engagements of the posts posted that day (their latest figures)'),
});

export const reportPost = z
  .object({
    id: z.number().int(),
    campaign_id: z.number().int(),
    campaign_title: z.string().nullable(),
    influencer_user_id: z.number().int(),
    creator: z.string(),
    platform: z.string(),
    post_url: z.string().nullable(),
    submitted_at: z.string(),
    likes: z.number().int().nullable(),
    comments: z.number().int().nullable(),
    shares: z.number().int().nullable(),
    saves: z.number().int().nullable(),
    video_views: z.number().int().nullable(),
    impressions: z.number().int().describe('Impressions, or reach when no impressions are known'),
    engagements: z.number().int(),
    emv_cents: z.number().int(),
    metrics: z
      .object({ source: z.enum(['measured', 'estimated']), method: z.string(), as_of: z.string() })
      .nullable()
      .describe('Where the figures come from and when; null: never fetched'),
  })
  .meta({ id: 'ReportPost' });

export const reportCreatorRow = reportFigures
  .extend({
    influencer_user_id: z.number().int(),
    name: z.string(),
    handle: z.string().nullable(),
  })
  .meta({ id: 'ReportCreatorRow' });

const reportMethod = z.object({
  currency: z.literal('USD').describe('Spend, EMV and the costs are in US dollars'),
  emv_formula: z.string(),
  emv_rates: emvRates,
  ratio_formulas: z.record(z.string(), z.string()),
  spend: z.string().describe('How spend is counted'),
  attribution_rule: z.string(),
  attribution_window_days: z.number().int(),
  days: z.string().describe('How days are counted'),
});

export const campaignReport = z
  .object({
    campaign: z.object({
      id: z.number().int(),
      title: z.string().nullable(),
      type_id: z.number().int(),
      status: z.string(),
      business_id: z.number().int(),
      business_name: z.string().nullable(),
      product_amount_cents: z.number().int().nullable(),
    }),
    generated_at: z.string(),
    method: reportMethod,
    totals: reportFigures,
    creators: z.array(reportCreatorRow),
    daily: z.array(reportDay),
    top_posts: z.array(reportPost),
  })
  .meta({ id: 'CampaignReport' });
export type CampaignReport = z.infer<typeof campaignReport>;

export const reportCampaignRow = reportFigures
  .extend({ campaign_id: z.number().int(), title: z.string().nullable(), status: z.string() })
  .meta({ id: 'ReportCampaignRow' });

export const creatorReport = z
  .object({
    creator: z.object({
      influencer_user_id: z.number().int(),
      name: z.string(),
      handle: z.string().nullable(),
    }),
    business: z.object({ id: z.number().int(), name: z.string().nullable() }),
    generated_at: z.string(),
    method: reportMethod,
    totals: reportFigures,
    campaigns: z.array(reportCampaignRow),
    daily: z.array(reportDay),
    top_posts: z.array(reportPost),
  })
  .meta({ id: 'CreatorReport' });
export type CreatorReport = z.infer<typeof creatorReport>;

export const CAMPAIGN_REPORT_TABLES = ['totals', 'creators', 'daily', 'posts'] as const;
export const CREATOR_REPORT_TABLES = ['totals', 'campaigns', 'daily', 'posts'] as const;

export const reportCampaignParams = z.object({ id });
export const creatorReportParams = z.object({ influencerUserId: id });
export const creatorReportQuery = z.object({
  business_id: id.optional().describe('Admins: the business whose campaigns the report covers'),
});
export const campaignReportCsvQuery = z.object({
  table: z.enum(CAMPAIGN_REPORT_TABLES, {
    error: `table is one of ${CAMPAIGN_REPORT_TABLES.join(', ')}.`,
  }),
});
export const creatorReportCsvQuery = creatorReportQuery.extend({
  table: z.enum(CREATOR_REPORT_TABLES, { error: `table is one of ${CREATOR_REPORT_TABLES.join(', ')}.` }),
});

// ---------------------------------------------------------------------------------------------------------------
// CSV

/**
 * One CSV cell: quoted when it holds a comma, quote or line break (quotes doubled, RFC 4180); a text starting
 * with = + - @ (or a tab or carriage return) is prefixed with ' so a spreadsheet shows it instead of running it.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows → CSV text (CRLF line ends, as RFC 4180 writes them). */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  return `${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
