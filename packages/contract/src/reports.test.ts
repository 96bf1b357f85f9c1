import { describe, expect, it } from 'vitest';
import {
  csvCell,
  DEFAULT_EMV_RATES,
  emvCents,
  emvFormula,
  emvRates,
  postEmvUnits,
  postEngagements,
  postImpressions,
  ratios,
  toCsv,
} from './reports';

/** A deep copy (the contract package has no DOM or Node types, so no structuredClone). */
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const post = (over: Partial<Parameters<typeof postEmvUnits>[0]> = {}) => ({
  platform: 'instagram',
  likes: 1000,
  comments: 100,
  shares: 20,
  saves: 30,
  video_views: null,
  impressions: 50_000,
  reach: 30_000,
  ...over,
});

describe('EMV', () => {
  it.each([
    // 1150 engagements × $0.25 + 50 × $8
    ['instagram', post(), 68_750],
    // TikTok: no impressions, reach 40,000 → 40 × $10; 2050 × $0.15; video views worth 0 by default
    [
      'tiktok',
      post({
        platform: 'tiktok',
        likes: 2000,
        comments: 50,
        shares: 0,
        saves: null,
        video_views: 80_000,
        impressions: null,
        reach: 40_000,
      }),
      70_750,
    ],
    // Nothing known: nothing counted
    [
      'youtube',
      post({
        platform: 'youtube',
        likes: null,
        comments: null,
        shares: null,
        saves: null,
        impressions: null,
        reach: null,
      }),
      0,
    ],
    // A platform without values (e.g. a retired one) is worth 0, not an error
    ['other', post({ platform: 'myspace' }), 0],
  ])('values a %s post as the formula says', (_name, p, cents) => {
    expect(emvCents(postEmvUnits(p, DEFAULT_EMV_RATES))).toBe(cents);
  });

  it('counts engagements and impressions as published', () => {
    expect(postEngagements(post())).toBe(1150);
    expect(postImpressions(post())).toBe(50_000);
    expect(postImpressions(post({ impressions: null }))).toBe(30_000);
    expect(postImpressions(post({ impressions: null, reach: null }))).toBe(0);
  });

  it('sums fractions of a cent before rounding once', () => {
    const rates = clone(DEFAULT_EMV_RATES);
    rates.instagram = { like: 0.0049, comment: 0, share: 0, save: 0, video_view: 0, per_1000_impressions: 0 };
    const one = post({ likes: 1, comments: 0, shares: 0, saves: 0, impressions: 0 });
    expect(emvCents(postEmvUnits(one, rates))).toBe(0);
    expect(emvCents(3 * postEmvUnits(one, rates))).toBe(1);
  });

  it('writes the formula with the values in force', () => {
    const text = emvFormula(DEFAULT_EMV_RATES);
    expect(text).toContain(
      'Instagram: likes × $0.25 + comments × $0.25 + shares × $0.25 + saves × $0.25 + video views × $0.00 + impressions ÷ 1,000 × $8.00',
    );
    expect(text).toContain('TikTok:');
    expect(text).toContain('impressions ÷ 1,000 × $20.00');
  });

  it.each([
    ['a negative value', -0.01],
    ['more than $100 per engagement', 100.01],
    ['more than 4 decimals', 0.12345],
    ['not a number', '0.25'],
    ['infinity', Number.POSITIVE_INFINITY],
  ])('refuses %s', (_name, value) => {
    const rates = clone(DEFAULT_EMV_RATES) as Record<string, Record<string, unknown>>;
    (rates.tiktok as Record<string, unknown>).like = value;
    expect(emvRates.safeParse(rates).success).toBe(false);
  });

  it('accepts the defaults and the bounds', () => {
    expect(emvRates.safeParse(DEFAULT_EMV_RATES).success).toBe(true);
    const rates = clone(DEFAULT_EMV_RATES);
    rates.youtube.per_1000_impressions = 1000;
    rates.youtube.like = 100;
    rates.youtube.comment = 0.0001;
    expect(emvRates.safeParse(rates).success).toBe(true);
  });
});

describe('ratios', () => {
  const base = {
    spendCents: 45_000,
    engagements: 3212,
    impressions: 90_000,
    clicks: 3,
    conversions: 4,
    revenueUsdCents: 17_550,
  };
  it('divides spend as published', () => {
    const r = ratios(base);
    expect([r.cpe.value, r.cpm.value, r.cpc.value, r.cpa.value, r.roas.value]).toEqual([
      14.01, 500, 15_000, 11_250, 0.39,
    ]);
  });
  it.each([
    ['engagements', { engagements: 0 }, 'cpe', 'No engagements measured yet'],
    ['impressions', { impressions: 0 }, 'cpm', 'No impressions measured yet'],
    ['clicks', { clicks: 0 }, 'cpc', 'No clicks yet'],
    ['conversions', { conversions: 0 }, 'cpa', 'No conversions yet'],
    ['spend', { spendCents: 0 }, 'roas', 'No spend yet'],
  ] as const)('is null with a reason when %s is 0', (_name, over, key, reason) => {
    const r = ratios({ ...base, ...over })[key];
    expect(r).toEqual({ value: null, reason, formula: expect.any(String) });
  });
});

describe('CSV', () => {
  it.each([
    ['plain', 'Ana Glow', 'Ana Glow'],
    ['a comma', 'Glow, Inc', '"Glow, Inc"'],
    ['a quote', 'The "best"', '"The ""best"""'],
    ['a line break', 'a\nb', '"a\nb"'],
    ['a formula', '=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['a plus', '+1 555', "'+1 555"],
    ['a minus', '-2+3', "'-2+3"],
    ['an at sign', '@SUM(A1)', "'@SUM(A1)"],
    ['a tab', '\t=1', "'\t=1"],
    ['Unicode', 'Łódź 東京', 'Łódź 東京'],
  ])('writes a cell with %s', (_name, value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('writes numbers as they are (a negative number is no formula) and nothing for null', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('joins rows with CRLF', () => {
    expect(toCsv(['a', 'b'], [[1, 'x,y']])).toBe('a,b\r\n1,"x,y"\r\n');
  });
});
