import { fromMinorUnits } from '@reach/contract/attribution';
import {
  type EmvRates,
  emvCents,
  type PostFigures,
  postEmvUnits,
  postEngagements,
  postImpressions,
  type ReportFigures,
  ratios,
} from '@reach/contract/reports';

/*
 * The arithmetic of reports, pure: the rows the database added up (ledger payments, products given, clicks and
 * conversions per creator or campaign and per day from the daily rollups) and the approved posts' figures →
 * the figures of a report row, the daily series and the top posts. The service loads the rows; nothing here
 * reads the database.
 */

/** The currency of spend, EMV and the costs (the ledger is in US cents). */
export const REPORT_CURRENCY = 'USD';

export type Keyed = { campaign_id: number; influencer_user_id: number };
export type PaymentRow = Keyed & { cents: number };
export type ProductRow = Keyed & { cents: number };
/** A creator's (or campaign's) clicks, summed over the days of the daily rollup. */
export type ClickRow = Keyed & { clicks: number; unique_clicks: number };
/** A creator's (or campaign's) attributed conversions in one currency, summed over the days. */
export type ConversionRow = Keyed & { currency: string; conversions: number; revenue_cents: number };
/** One UTC day's unique clicks over the whole report. */
export type ClickDayRow = { day: string; unique_clicks: number };
/** One UTC day's conversions in one currency over the whole report. */
export type ConversionDayRow = { day: string; currency: string; conversions: number; revenue_cents: number };
/**
 * The approved posts of one (campaign, creator) on one platform, their figures summed (`impressions`: each
 * post's impressions, or its reach when it has none; `reach` then null): EMV, engagements and impressions are
 * sums over posts of the same linear formula, so the sums give the figures of the posts.
 */
export type PostSumRow = Keyed & { platform: string; reach: null } & PostSums;
/** What a PostSumRow adds up over its posts. */
export type PostSums = {
  posts: number;
  likes: number;
  comments: number;
  shares: number;
  saves: number;
  video_views: number;
  impressions: number;
};
/** A figure as the database gives it (bigint and numeric may come as strings): a number, or null when unknown. */
const figure = (v: number | string | bigint | null): number | null => (v === null ? null : Number(v));

/** A post's figures as the EMV formula reads them, from a row of posts (or a sum of them) as the database gives it. */
export function postFigures(row: {
  platform: string;
  likes: number | string | bigint | null;
  comments: number | string | bigint | null;
  shares: number | string | bigint | null;
  saves: number | string | bigint | null;
  video_views: number | string | bigint | null;
  impressions: number | string | bigint | null;
  reach: number | string | bigint | null;
}): PostFigures {
  return {
    platform: row.platform,
    likes: figure(row.likes),
    comments: figure(row.comments),
    shares: figure(row.shares),
    saves: figure(row.saves),
    video_views: figure(row.video_views),
    impressions: figure(row.impressions),
    reach: figure(row.reach),
  };
}

/** One UTC day's engagements of the posts posted that day. */
export type PostDayRow = { day: string; engagements: number };
/** An approved post with its figures and what the top posts show of it. */
export type PostRow = Keyed & {
  id: number;
  platform: string;
  submitted_at: Date | string;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  saves: number | null;
  video_views: number | null;
  impressions: number | null;
  reach: number | null;
  campaign_title: string | null;
  creator: string;
  post_url: string | null;
  metrics_source: 'measured' | 'estimated' | null;
  metrics_method: string | null;
  metrics_fetched_at: Date | string | null;
};

/**
 * The rows of a report, as the database adds them up: per (campaign, creator) — a campaign report's creators
 * or a creator report's campaigns — and per day.
 */
export type RawReport = {
  payments: PaymentRow[];
  products: ProductRow[];
  clicks: ClickRow[];
  conversions: ConversionRow[];
  posts: PostSumRow[];
  clickDays: ClickDayRow[];
  conversionDays: ConversionDayRow[];
  postDays: PostDayRow[];
};

/** The keyed rows of a report: what one creator's (or campaign's) figures are made of. */
export type ReportPart = Pick<RawReport, 'payments' | 'products' | 'clicks' | 'conversions' | 'posts'>;

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

const emptyPart = (): ReportPart => ({ payments: [], products: [], clicks: [], conversions: [], posts: [] });
const EMPTY = emptyPart();

/**
 * The keyed rows split by `key` (a creator, a campaign), in one pass: a report of 200 creators then adds up
 * each creator's rows once instead of scanning every row 200 times.
 */
export function partition(raw: ReportPart, key: (row: Keyed) => number): Map<number, ReportPart> {
  const parts = new Map<number, ReportPart>();
  const of = (row: Keyed) => {
    const k = key(row);
    let part = parts.get(k);
    if (!part) {
      part = emptyPart();
      parts.set(k, part);
    }
    return part;
  };
  for (const r of raw.payments) of(r).payments.push(r);
  for (const r of raw.products) of(r).products.push(r);
  for (const r of raw.clicks) of(r).clicks.push(r);
  for (const r of raw.conversions) of(r).conversions.push(r);
  for (const r of raw.posts) of(r).posts.push(r);
  return parts;
}

/** The figures of one key's rows of a partition (zeros when it has none). */
export function figuresOfPart(parts: Map<number, ReportPart>, key: number, rates: EmvRates) {
  return figuresOf(parts.get(key) ?? EMPTY, rates);
}

/** The figures of the rows that pass `keep` (all of them when it is left out). */
export function figuresOf(raw: ReportPart, rates: EmvRates, keep: (row: Keyed) => boolean = () => true) {
  const sum = <T extends Keyed>(rows: T[], value: (r: T) => number) => {
    let n = 0;
    for (const r of rows) if (keep(r)) n += value(r);
    return n;
  };
  const paid = sum(raw.payments, (r) => r.cents);
  const product = sum(raw.products, (r) => r.cents);
  const productUnits = sum(raw.products, () => 1);
  const revenue = new Map<string, number>();
  for (const r of raw.conversions)
    if (keep(r)) revenue.set(r.currency, (revenue.get(r.currency) ?? 0) + r.revenue_cents);
  const spendCents = paid + product;
  const figures = {
    spend: { cents: spendCents, paid_cents: paid, product_cents: product, product_units: productUnits },
    clicks: {
      total: sum(raw.clicks, (r) => r.clicks),
      unique: sum(raw.clicks, (r) => r.unique_clicks),
    },
    conversions: sum(raw.conversions, (r) => r.conversions),
    revenue: revenueList(revenue),
    revenue_usd_cents: revenue.get(REPORT_CURRENCY) ?? 0,
    posts: sum(raw.posts, (r) => r.posts),
    engagements: sum(raw.posts, postEngagements),
    impressions: sum(raw.posts, postImpressions),
    emv_cents: emvCents(sum(raw.posts, (p) => postEmvUnits(p, rates))),
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

/** The longest daily series a report shows: its most recent days. */
export const MAX_REPORT_DAYS = 400;

/**
 * One row per UTC day from the first to the last day with any figure (days without one are zeros), at most
 * the last MAX_REPORT_DAYS.
 */
export function dailySeries(raw: Pick<RawReport, 'clickDays' | 'conversionDays' | 'postDays'>) {
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
  for (const r of raw.postDays) at(r.day).engagements += r.engagements;
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

/** The posts with the highest EMV (then engagements, then the newest), at most `limit`. */
export function rankPosts(posts: PostRow[], rates: EmvRates, limit = TOP_POSTS): PostRow[] {
  return posts
    .map((p) => ({ p, emv: emvCents(postEmvUnits(p, rates)), engagements: postEngagements(p) }))
    .sort(
      (a, b) =>
        b.emv - a.emv ||
        b.engagements - a.engagements ||
        new Date(b.p.submitted_at).getTime() - new Date(a.p.submitted_at).getTime() ||
        b.p.id - a.p.id,
    )
    .slice(0, limit)
    .map((r) => r.p);
}

/** The top posts (rankPosts of the candidates) with their figures' provenance. */
export function topPosts(candidates: PostRow[], rates: EmvRates, limit = TOP_POSTS) {
  return rankPosts(candidates, rates, limit).map((p) => ({
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
  }));
}
