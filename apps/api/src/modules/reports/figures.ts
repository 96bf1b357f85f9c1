import { fromMinorUnits } from '@reach/contract/attribution';
import {
  type EmvRates,
  emvCents,
  postEmvUnits,
  postEngagements,
  postImpressions,
  type ReportFigures,
  ratios,
} from '@reach/contract/reports';

/*
 * The arithmetic of reports, pure: raw rows (ledger payments, products given, the daily click and conversion
 * rollups, approved posts) → the figures of a report row, the daily series and the top posts. The service loads
 * the rows; nothing here reads the database.
 */

/** The currency of spend, EMV and the costs (the ledger is in US cents). */
export const REPORT_CURRENCY = 'USD';

export type Keyed = { campaign_id: number; influencer_user_id: number };
export type PaymentRow = Keyed & { cents: number };
export type ProductRow = Keyed & { cents: number };
export type ClickDayRow = Keyed & { day: string; clicks: number; unique_clicks: number };
export type ConversionDayRow = Keyed & {
  day: string;
  currency: string;
  conversions: number;
  revenue_cents: number;
};
export type PostRow = Keyed & {
  id: number;
  campaign_title: string | null;
  creator: string;
  platform: string;
  post_url: string | null;
  submitted_at: Date | string;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  saves: number | null;
  video_views: number | null;
  impressions: number | null;
  reach: number | null;
  metrics_source: 'measured' | 'estimated' | null;
  metrics_method: string | null;
  metrics_fetched_at: Date | string | null;
};

export type RawReport = {
  payments: PaymentRow[];
  products: ProductRow[];
  clickDays: ClickDayRow[];
  conversionDays: ConversionDayRow[];
  posts: PostRow[];
};

export const SPEND_METHOD =
  'Spend = the post payments made from the campaign budget to creators (the ledger’s post_payment movements) + for product and combination campaigns, the product’s value × each creator with an accepted or completed connection (one product each).';
export const DAYS_METHOD =
  'Days are UTC days: a click’s day is when it happened, a conversion’s when the order was placed, a post’s engagements count on the day it was posted (REACH keeps a post’s latest figures, not their history).';

/** Revenue per currency, sorted, with its decimal text. */
function revenueList(sums: Map<string, number>) {
  return [...sums]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, amount_cents]) => ({
      currency,
      amount_cents,
      amount: fromMinorUnits(amount_cents, currency),
    }));
}

const EMPTY: RawReport = { payments: [], products: [], clickDays: [], conversionDays: [], posts: [] };

/**
 * The rows split by `key` (a creator, a campaign), in one pass: a report of 200 creators then adds up each
 * creator's rows once instead of scanning every row 200 times.
 */
export function partition(raw: RawReport, key: (row: Keyed) => number): Map<number, RawReport> {
  const parts = new Map<number, RawReport>();
  const of = (row: Keyed) => {
    const k = key(row);
    let part = parts.get(k);
    if (!part) {
      part = { payments: [], products: [], clickDays: [], conversionDays: [], posts: [] };
      parts.set(k, part);
    }
    return part;
  };
  for (const r of raw.payments) of(r).payments.push(r);
  for (const r of raw.products) of(r).products.push(r);
  for (const r of raw.clickDays) of(r).clickDays.push(r);
  for (const r of raw.conversionDays) of(r).conversionDays.push(r);
  for (const r of raw.posts) of(r).posts.push(r);
  return parts;
}

/** The figures of one key's rows of a partition (zeros when it has none). */
export function figuresOfPart(parts: Map<number, RawReport>, key: number, rates: EmvRates) {
  return figuresOf(parts.get(key) ?? EMPTY, rates);
}

/** The figures of the rows that pass `keep` (all of them when it is left out). */
export function figuresOf(raw: RawReport, rates: EmvRates, keep: (row: Keyed) => boolean = () => true) {
  const sum = <T extends Keyed>(rows: T[], value: (r: T) => number) =>
    rows.filter(keep).reduce((n, r) => n + value(r), 0);
  const paid = sum(raw.payments, (r) => r.cents);
  const product = sum(raw.products, (r) => r.cents);
  const productUnits = raw.products.filter(keep).length;
  const revenue = new Map<string, number>();
  for (const r of raw.conversionDays.filter(keep))
    revenue.set(r.currency, (revenue.get(r.currency) ?? 0) + r.revenue_cents);
  const posts = raw.posts.filter(keep);
  const spendCents = paid + product;
  const figures = {
    spend: { cents: spendCents, paid_cents: paid, product_cents: product, product_units: productUnits },
    clicks: {
      total: sum(raw.clickDays, (r) => r.clicks),
      unique: sum(raw.clickDays, (r) => r.unique_clicks),
    },
    conversions: sum(raw.conversionDays, (r) => r.conversions),
    revenue: revenueList(revenue),
    revenue_usd_cents: revenue.get(REPORT_CURRENCY) ?? 0,
    posts: posts.length,
    engagements: posts.reduce((n, p) => n + postEngagements(p), 0),
    impressions: posts.reduce((n, p) => n + postImpressions(p), 0),
    emv_cents: emvCents(posts.reduce((n, p) => n + postEmvUnits(p, rates), 0)),
  };
  return {
    ...figures,
    ratios: ratios({
      spendCents,
      engagements: figures.engagements,
      impressions: figures.impressions,
      clicks: figures.clicks.unique,
      conversions: figures.conversions,
      revenueUsdCents: figures.revenue_usd_cents,
    }),
  } satisfies ReportFigures;
}

const utcDay = (value: Date | string) => new Date(value).toISOString().slice(0, 10);

/** The longest daily series a report shows: its most recent days. */
export const MAX_REPORT_DAYS = 400;

/**
 * One row per UTC day from the first to the last day with any figure (days without one are zeros), at most
 * the last MAX_REPORT_DAYS.
 */
export function dailySeries(raw: RawReport) {
  type Day = { clicks: number; conversions: number; revenue: Map<string, number>; engagements: number };
  const days = new Map<string, Day>();
  const at = (day: string) => {
    let d = days.get(day);
    if (!d) {
      d = { clicks: 0, conversions: 0, revenue: new Map(), engagements: 0 };
      days.set(day, d);
    }
    return d;
  };
  for (const r of raw.clickDays) at(r.day).clicks += r.unique_clicks;
  for (const r of raw.conversionDays) {
    const d = at(r.day);
    d.conversions += r.conversions;
    d.revenue.set(r.currency, (d.revenue.get(r.currency) ?? 0) + r.revenue_cents);
  }
  for (const p of raw.posts) at(utcDay(p.submitted_at)).engagements += postEngagements(p);
  if (days.size === 0) return [];
  const sorted = [...days.keys()].sort();
  const last = new Date(`${sorted.at(-1)}T00:00:00Z`).getTime();
  const first = Math.max(
    new Date(`${sorted[0]}T00:00:00Z`).getTime(),
    last - (MAX_REPORT_DAYS - 1) * 86_400_000,
  );
  const out = [];
  for (let t = first; t <= last; t += 86_400_000) {
    const date = new Date(t).toISOString().slice(0, 10);
    const d = days.get(date);
    out.push({
      date,
      clicks: d?.clicks ?? 0,
      conversions: d?.conversions ?? 0,
      revenue_usd_cents: d?.revenue.get(REPORT_CURRENCY) ?? 0,
      revenue: d ? revenueList(d.revenue) : [],
      engagements: d?.engagements ?? 0,
    });
  }
  return out;
}

export const TOP_POSTS = 10;

/** The posts with the highest EMV (then engagements, then the newest), with their figures' provenance. */
export function topPosts(raw: RawReport, rates: EmvRates, limit = TOP_POSTS) {
  return raw.posts
    .map((p) => ({
      id: p.id,
      campaign_id: p.campaign_id,
      campaign_title: p.campaign_title,
      influencer_user_id: p.influencer_user_id,
      creator: p.creator,
      platform: p.platform,
      post_url: p.post_url,
      submitted_at: new Date(p.submitted_at).toISOString(),
      likes: p.likes,
      comments: p.comments,
      shares: p.shares,
      saves: p.saves,
      video_views: p.video_views,
      impressions: postImpressions(p),
      engagements: postEngagements(p),
      emv_cents: emvCents(postEmvUnits(p, rates)),
      metrics:
        p.metrics_source && p.metrics_method && p.metrics_fetched_at
          ? {
              source: p.metrics_source,
              method: p.metrics_method,
              as_of: new Date(p.metrics_fetched_at).toISOString(),
            }
          : null,
    }))
    .sort(
      (a, b) =>
        b.emv_cents - a.emv_cents ||
        b.engagements - a.engagements ||
        b.submitted_at.localeCompare(a.submitted_at) ||
        b.id - a.id,
    )
    .slice(0, limit);
}
