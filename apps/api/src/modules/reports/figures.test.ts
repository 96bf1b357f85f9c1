import {
  DEFAULT_EMV_RATES,
  emvCents,
  postEmvUnits,
  postEngagements,
  postImpressions,
} from '@reach/contract/reports';
import { describe, expect, it } from 'vitest';
import {
  dailySeries,
  figuresOf,
  figuresOfPart,
  MAX_REPORT_DAYS,
  type PostSumRow,
  partition,
  type RawReport,
  rankPosts,
  topPosts,
} from './figures';

const empty: RawReport = {
  payments: [],
  products: [],
  clicks: [],
  conversions: [],
  posts: [],
  clickDays: [],
  conversionDays: [],
  postDays: [],
};
const k = { campaign_id: 1, influencer_user_id: 7 };
const post = (id: number, likes: number, day: string) => ({
  ...k,
  id,
  platform: 'instagram',
  submitted_at: `${day}T12:00:00Z`,
  likes,
  comments: 0,
  shares: 0,
  saves: 0,
  video_views: null,
  impressions: null,
  reach: null,
  campaign_title: 'C',
  creator: 'Ana',
  post_url: null,
  metrics_source: null,
  metrics_method: null,
  metrics_fetched_at: null,
});
/** Posts summed as the database sums them per (campaign, creator, platform). */
const summed = (...posts: ReturnType<typeof post>[]) => ({
  ...k,
  platform: 'instagram',
  posts: posts.length,
  likes: posts.reduce((n, p) => n + p.likes, 0),
  comments: 0,
  shares: 0,
  saves: 0,
  video_views: 0,
  impressions: 0,
  reach: null,
});

describe('dailySeries', () => {
  it('fills the days between the first and the last with zeros', () => {
    const days = dailySeries({
      ...empty,
      clickDays: [
        { day: '2026-11-01', unique_clicks: 4 },
        { day: '2026-11-04', unique_clicks: 1 },
      ],
      conversionDays: [{ day: '2026-11-03', currency: 'EUR', conversions: 1, revenue_cents: 900 }],
      postDays: [{ day: '2026-11-02', engagements: 10 }],
    });
    expect(days.map((d) => [d.date, d.clicks, d.conversions, d.revenue_usd_cents, d.engagements])).toEqual([
      ['2026-11-01', 4, 0, 0, 0],
      ['2026-11-02', 0, 0, 0, 10],
      ['2026-11-03', 0, 1, 0, 0],
      ['2026-11-04', 1, 0, 0, 0],
    ]);
    expect(days[2]?.revenue).toEqual([{ currency: 'EUR', amount_cents: 900, amount: '9.00' }]);
  });

  it('keeps the most recent days when the series is longer than its limit', () => {
    const days = dailySeries({
      ...empty,
      clickDays: [
        { day: '2024-01-01', unique_clicks: 1 },
        { day: '2026-01-01', unique_clicks: 1 },
      ],
    });
    expect(days).toHaveLength(MAX_REPORT_DAYS);
    expect(days.at(-1)?.date).toBe('2026-01-01');
  });

  it('is empty without figures', () => {
    expect(dailySeries(empty)).toEqual([]);
  });
});

describe('figuresOf, partition and the top posts', () => {
  it('keeps only the rows asked for, and splits them by key in one pass', () => {
    const raw: RawReport = {
      ...empty,
      payments: [
        { ...k, cents: 1000 },
        { campaign_id: 1, influencer_user_id: 8, cents: 500 },
      ],
      clicks: [
        { ...k, clicks: 9, unique_clicks: 6 },
        { campaign_id: 1, influencer_user_id: 8, clicks: 2, unique_clicks: 2 },
      ],
      conversions: [
        { ...k, currency: 'USD', conversions: 2, revenue_cents: 5000 },
        { ...k, currency: 'EUR', conversions: 1, revenue_cents: 900 },
        { campaign_id: 1, influencer_user_id: 8, currency: 'USD', conversions: 1, revenue_cents: 1500 },
      ],
      posts: [summed(post(1, 10, '2026-11-02'), post(2, 40, '2026-11-03'))],
    };
    const all = figuresOf(raw, DEFAULT_EMV_RATES);
    expect(all.spend.cents).toBe(1500);
    expect(all.clicks).toEqual({ total: 11, unique: 8 });
    expect(all.conversions).toBe(4);
    expect(all.revenue_usd_cents).toBe(6500);
    expect(all.revenue.map((r) => [r.currency, r.amount_cents])).toEqual([
      ['EUR', 900],
      ['USD', 6500],
    ]);
    expect(all.ratios.roas.value).toBeCloseTo(6500 / 1500);
    const eight = figuresOf(raw, DEFAULT_EMV_RATES, (r) => r.influencer_user_id === 8);
    expect([eight.spend.cents, eight.clicks.unique, eight.conversions, eight.posts]).toEqual([500, 2, 1, 0]);
    const parts = partition(raw, (r) => r.influencer_user_id);
    expect(figuresOfPart(parts, 8, DEFAULT_EMV_RATES)).toEqual(eight);
    expect(figuresOfPart(parts, 7, DEFAULT_EMV_RATES).emv_cents).toBe(all.emv_cents);
    expect(figuresOfPart(parts, 99, DEFAULT_EMV_RATES).spend.cents).toBe(0);
  });

  it('gives summed posts the figures of the posts, one by one', () => {
    const posts = [
      { ...post(1, 10, '2026-11-02'), comments: 3, video_views: 1000, impressions: 5000 },
      { ...post(2, 40, '2026-11-03'), shares: 2, saves: 7, reach: 800 },
      { ...post(3, 5, '2026-11-04'), impressions: 333 },
    ];
    const sum: PostSumRow = {
      ...k,
      platform: 'instagram',
      posts: 3,
      likes: 55,
      comments: 3,
      shares: 2,
      saves: 7,
      video_views: 1000,
      impressions: 5000 + 800 + 333,
      reach: null,
    };
    const figures = figuresOf({ ...empty, posts: [sum] }, DEFAULT_EMV_RATES);
    expect(figures.posts).toBe(3);
    expect(figures.engagements).toBe(posts.reduce((n, p) => n + postEngagements(p), 0));
    expect(figures.impressions).toBe(posts.reduce((n, p) => n + postImpressions(p), 0));
    expect(figures.emv_cents).toBe(
      emvCents(posts.reduce((n, p) => n + postEmvUnits(p, DEFAULT_EMV_RATES), 0)),
    );
    expect(figures.emv_cents).toBeGreaterThan(0);
  });

  it('ranks posts by EMV, then engagements, then the newest, and shows their provenance', () => {
    const posts = [
      post(1, 10, '2026-11-02'),
      {
        ...post(2, 40, '2026-11-03'),
        post_url: 'https://example.com/p/2',
        metrics_source: 'estimated' as const,
        metrics_method: 'typical ratios',
        metrics_fetched_at: '2026-11-05T00:00:00Z',
      },
      post(3, 10, '2026-11-04'),
    ];
    expect(rankPosts(posts, DEFAULT_EMV_RATES).map((p) => p.id)).toEqual([2, 3, 1]);
    expect(rankPosts(posts, DEFAULT_EMV_RATES, 1).map((p) => p.id)).toEqual([2]);
    const top = topPosts(posts, DEFAULT_EMV_RATES);
    expect(top.map((p) => p.id)).toEqual([2, 3, 1]);
    expect(top[0]).toMatchObject({
      id: 2,
      creator: 'Ana',
      campaign_title: 'C',
      post_url: 'https://example.com/p/2',
      engagements: 40,
      submitted_at: '2026-11-03T12:00:00.000Z',
      metrics: { source: 'estimated', method: 'typical ratios', as_of: '2026-11-05T00:00:00.000Z' },
    });
    expect(top[1]?.metrics).toBeNull();
  });
});
