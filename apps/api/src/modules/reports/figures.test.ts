import { DEFAULT_EMV_RATES } from '@reach/contract/reports';
import { describe, expect, it } from 'vitest';
import {
  dailySeries,
  figuresOf,
  figuresOfPart,
  MAX_REPORT_DAYS,
  partition,
  type RawReport,
  topPosts,
} from './figures';

const empty: RawReport = { payments: [], products: [], clickDays: [], conversionDays: [], posts: [] };
const k = { campaign_id: 1, influencer_user_id: 7 };
const post = (id: number, likes: number, day: string) => ({
  ...k,
  id,
  campaign_title: 'C',
  creator: 'Ana',
  platform: 'instagram',
  post_url: null,
  submitted_at: `${day}T12:00:00Z`,
  likes,
  comments: 0,
  shares: 0,
  saves: 0,
  video_views: null,
  impressions: null,
  reach: null,
  metrics_source: null,
  metrics_method: null,
  metrics_fetched_at: null,
});

describe('dailySeries', () => {
  it('fills the days between the first and the last with zeros', () => {
    const days = dailySeries({
      ...empty,
      clickDays: [
        { ...k, day: '2026-11-01', clicks: 5, unique_clicks: 4 },
        { ...k, day: '2026-11-04', clicks: 1, unique_clicks: 1 },
      ],
      conversionDays: [{ ...k, day: '2026-11-03', currency: 'EUR', conversions: 1, revenue_cents: 900 }],
      posts: [post(1, 10, '2026-11-02')],
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
        { ...k, day: '2024-01-01', clicks: 1, unique_clicks: 1 },
        { ...k, day: '2026-01-01', clicks: 1, unique_clicks: 1 },
      ],
    });
    expect(days).toHaveLength(MAX_REPORT_DAYS);
    expect(days.at(-1)?.date).toBe('2026-01-01');
  });

  it('is empty without figures', () => {
    expect(dailySeries(empty)).toEqual([]);
  });
});

describe('figuresOf and topPosts', () => {
  it('keeps only the rows asked for, and orders posts by EMV', () => {
    const raw: RawReport = {
      ...empty,
      payments: [
        { ...k, cents: 1000 },
        { campaign_id: 1, influencer_user_id: 8, cents: 500 },
      ],
      posts: [post(1, 10, '2026-11-02'), post(2, 40, '2026-11-03')],
    };
    expect(figuresOf(raw, DEFAULT_EMV_RATES).spend.cents).toBe(1500);
    expect(figuresOf(raw, DEFAULT_EMV_RATES, (r) => r.influencer_user_id === 8).spend.cents).toBe(500);
    const parts = partition(raw, (r) => r.influencer_user_id);
    expect(figuresOfPart(parts, 8, DEFAULT_EMV_RATES)).toEqual(
      figuresOf(raw, DEFAULT_EMV_RATES, (r) => r.influencer_user_id === 8),
    );
    expect(figuresOfPart(parts, 7, DEFAULT_EMV_RATES).emv_cents).toBe(
      figuresOf(raw, DEFAULT_EMV_RATES).emv_cents,
    );
    expect(figuresOfPart(parts, 99, DEFAULT_EMV_RATES).spend.cents).toBe(0);
    expect(topPosts(raw, DEFAULT_EMV_RATES).map((p) => p.id)).toEqual([2, 1]);
    expect(topPosts(raw, DEFAULT_EMV_RATES)[0]?.metrics).toBeNull();
  });
});
