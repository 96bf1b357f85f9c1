import { DEFAULT_LOCATION } from '@reach/contract/constants';
import { discoverySearchBody } from '@reach/contract/discovery';
import { describe, expect, it } from 'vitest';
import { formatCompact, formatPercent, initials, totalLabel } from './format';
import { membership, membershipChanges } from './list-membership';
import {
  DEFAULT_FILTERS,
  filterProblems,
  isSearchRun,
  readFilters,
  type SearchFilters,
  searchBody,
  writeFilters,
} from './search-filters';

const entry = (id: number, modash_id: string) => ({ id, modash_id, influencer_data: {} }) as never;

describe('search filters', () => {
  it('defaults to Instagram in the United States, sorted by followers, and no search run', () => {
    const params = new URLSearchParams('');
    expect(isSearchRun(params)).toBe(false);
    expect(readFilters(params)).toEqual(DEFAULT_FILTERS);
    const body = searchBody(DEFAULT_FILTERS);
    expect(body.filter?.influencer).toEqual({ platform: 'instagram', location: [DEFAULT_LOCATION.id] });
    expect(body.filter?.audience).toEqual({});
    expect(body.sort).toEqual({ field: 'followers', direction: 'desc' });
  });

  it('round-trips every filter through the URL', () => {
    const filters: SearchFilters = {
      ...DEFAULT_FILTERS,
      platform: 'tiktok',
      locations: [{ id: 5, type: 'city', name: 'Austin, Texas, United States' }],
      radius: 50,
      followersMin: 10_000,
      followersMax: 500_000,
      engagementRate: 3,
      language: { code: 'en', name: 'English' },
      gender: 'FEMALE',
      ageMin: 18,
      ageMax: 35,
      interests: [1, 3],
      lookalike: '@some.body',
      sortField: 'engagementRate',
      sortDirection: 'asc',
      lastPosted: 90,
      bio: 'vegan',
      keywords: 'skincare',
      hashtags: ['glow'],
      mentions: ['brand'],
      hasContactDetails: true,
      verified: true,
      accountTypes: [3],
      audienceLocations: [{ id: 148838, name: 'United States' }],
      audienceLocationAccuracy: 50,
      audienceGender: 'FEMALE',
      audienceGenderAccuracy: 75,
      audienceAges: ['18-24', '25-34'],
      audienceAgeAccuracy: 100,
      audienceLanguage: { code: 'es', name: 'Spanish' },
      audienceLanguageAccuracy: 50,
      credibility: 80,
    };
    const url = writeFilters(filters);
    expect(isSearchRun(url)).toBe(true);
    expect(readFilters(new URLSearchParams(url.toString()))).toEqual(filters);
  });

  it('keeps "anywhere" apart from the default location, and drops a radius without exactly one city', () => {
    const anywhere = writeFilters({ ...DEFAULT_FILTERS, locations: [] });
    expect(readFilters(anywhere).locations).toEqual([]);
    expect(searchBody(readFilters(anywhere)).filter?.influencer?.location).toBeUndefined();
    const country = readFilters(new URLSearchParams('loc=148838~country~United States&radius=50'));
    expect(country.radius).toBeNull();
    expect(readFilters(new URLSearchParams('loc=7~city~Austin&radius=30')).radius).toBeNull();
    expect(readFilters(new URLSearchParams('loc=7~city~Austin&radius=75')).radius).toBe(75);
  });

  it('reads a tampered URL defensively', () => {
    const f = readFilters(
      new URLSearchParams(
        'platform=myspace&er=7&gender=x&amin=20&int=999&int=2&acct=9&alocw=30&sort=name:up',
      ),
    );
    expect(f).toMatchObject({
      platform: 'instagram',
      engagementRate: null,
      gender: null,
      ageMin: null,
      interests: [2],
      accountTypes: [],
      audienceLocationAccuracy: 25,
      sortField: 'followers',
      sortDirection: 'desc',
    });
  });

  it('builds a body the contract accepts, with fractions, weights and the lookalike ranked by relevance', () => {
    const body = searchBody({
      ...DEFAULT_FILTERS,
      engagementRate: 2,
      credibility: 75,
      lookalike: '@@jane',
      hashtags: ['a'],
      mentions: ['b'],
      audienceGender: 'MALE',
      audienceGenderAccuracy: 50,
      followersMin: 1000,
    });
    expect(body.sort?.field).toBe('relevance');
    expect(body.filter?.influencer).toMatchObject({
      engagementRate: 0.02,
      relevance: ['@jane'],
      followers: { min: 1000 },
      textTags: [
        { type: 'hashtag', value: 'a' },
        { type: 'mention', value: 'b' },
      ],
    });
    expect(body.filter?.audience).toEqual({ gender: { id: 'MALE', weight: 0.5 }, credibility: 0.75 });
    expect(discoverySearchBody.safeParse({ ...body, page: 1 }).success).toBe(true);
  });

  it('says what is contradictory before sending', () => {
    expect(filterProblems({ ...DEFAULT_FILTERS, followersMin: 50_000, followersMax: 10_000 })).toHaveProperty(
      'followers',
    );
    expect(filterProblems({ ...DEFAULT_FILTERS, ageMin: 35, ageMax: 18 })).toHaveProperty('age');
    expect(filterProblems(DEFAULT_FILTERS)).toEqual({});
  });
});

describe('list membership (spec §4)', () => {
  const lists = [
    { id: 1, name: 'A', influencers: [entry(11, 'x'), entry(12, 'y')] },
    { id: 2, name: 'B', influencers: [entry(21, 'y')] },
    { id: 3, name: 'C', influencers: [] },
  ];

  it('finds the lists holding an influencer with the member id in each', () => {
    expect([...membership(lists, 'y')]).toEqual([
      [1, 12],
      [2, 21],
    ]);
    expect(membership(lists, 'z').size).toBe(0);
  });

  it('adds to newly selected lists and removes from deselected ones only', () => {
    const current = membership(lists, 'y');
    expect(membershipChanges(current, new Set([2, 3]))).toEqual({
      add: [3],
      remove: [{ listId: 1, memberId: 12 }],
    });
    expect(membershipChanges(current, new Set([1, 2]))).toEqual({ add: [], remove: [] });
  });
});

describe('formatting', () => {
  it('shows followers compactly, rates as percentages and initials as a fallback', () => {
    expect(formatCompact(950)).toBe('950');
    expect(formatCompact(12_345)).toBe('12.3K');
    expect(formatCompact(4_100_000)).toBe('4.1M');
    expect(formatPercent(0.0345)).toBe('3.45%');
    expect(formatPercent(0.1)).toBe('10%');
    expect(initials('Jane Q Doe')).toBe('JD');
    expect(initials('')).toBe('?');
  });

  it('says when a total is capped or only estimated', () => {
    expect(totalLabel(1234, false)).toBe('1,234');
    expect(totalLabel(10_000, true)).toBe('10,000+');
    expect(totalLabel(3412, true)).toBe('About 3,412');
  });
});
