import {
  DISCOVERY_PAGE_SIZE,
  type DiscoverySearchBody,
  type InfluencerData,
} from '@reach/contract/discovery';
import { API_MESSAGE } from '@reach/contract/messages';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InfluencerIndexRow } from '../src/db/schema';
import { EXTRA_INDEX_ID_BASE } from '../src/modules/discovery/generator';
import { normalizeTag } from '../src/modules/discovery/local';
import { type FakeModash, MODASH_PROFILES, startFakeModash } from './fakes/modash-server';
import { client, createTestApp, loginAs, type TestApp } from './harness';

const V = '/api/v1';
const SEARCH = `${V}/discovery/instagram/search`;
const SIZE = 2_000;
type Role = 'pro' | 'trial' | 'free' | 'influencer' | 'admin';
type Json = Record<string, unknown>;

let t: TestApp;
const tokens = {} as Record<Role, string>;
const ids = {} as Record<'pro' | 'trial', number>;
const as = (role: Role) => client(t.app, tokens[role]);
const db = () => t.app.ctx.db;

const setCredits = (userId: number, credits: number) =>
  db().updateTable('users').set({ credits }).where('id', '=', userId).execute();
const credits = async (userId: number) =>
  (await db().selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirstOrThrow())
    .credits;
/** The user's credit ledger since the demo seed (its starting grants are keyed `demo:…`, a trial's `trial:…`). */
const ledger = (userId: number) =>
  db()
    .selectFrom('credit_transactions')
    .select(['amount', 'balance_after', 'reason'])
    .where('user_id', '=', userId)
    .where('key', 'not like', 'demo:%')
    .where('key', 'not like', 'trial:%')
    .orderBy('id')
    .execute();

type Result = {
  influencers: {
    total: number;
    totalCapped: boolean;
    directs: { id: number; modash_id: string; influencer_data: InfluencerData }[];
    lookalikes: { id: number; modash_id: string; influencer_data: InfluencerData }[];
  };
  credits: number;
};
const search = async (role: Role, body: DiscoverySearchBody) => {
  const res = await as(role).post(SEARCH, body);
  return {
    status: res.status,
    body: res.body as unknown as Result & { error?: { code: string; message: string } },
  };
};

beforeAll(async () => {
  t = await createTestApp({ demo: true, env: { DISCOVERY_SEED_SIZE: String(SIZE) } });
  for (const role of ['pro', 'trial', 'free', 'influencer', 'admin'] as Role[])
    tokens[role] = await loginAs(t.app, `${role}@reach.local`);
  for (const role of ['pro', 'trial'] as const)
    ids[role] = (
      await db()
        .selectFrom('users')
        .select('id')
        .where('email', '=', `${role}@reach.local`)
        .executeTakeFirstOrThrow()
    ).id;
}, 120_000);
afterAll(() => t?.close());

describe('the local index', () => {
  it('holds the seeded profiles with realistic distributions', async () => {
    const { rows } = await sql<{ n: number; median: number; small_er: number; big_er: number; us: number }>`
      SELECT count(*)::int AS n,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY followers) AS median,
             avg(engagement_rate) FILTER (WHERE followers < 10000) AS small_er,
             avg(engagement_rate) FILTER (WHERE followers > 100000) AS big_er,
             avg((country_id = 148838)::int) AS us
      FROM influencer_index WHERE id < ${EXTRA_INDEX_ID_BASE}`.execute(db());
    const s = rows[0]!;
    // The generated profiles (the demo's creator account @bella.glows is past EXTRA_INDEX_ID_BASE).
    expect(s.n).toBe(SIZE);
    expect(s.median).toBeGreaterThan(3_000);
    expect(s.median).toBeLessThan(60_000);
    expect(s.small_er).toBeGreaterThan(s.big_er);
    expect(s.us).toBeGreaterThan(0.25);
    expect(s.us).toBeLessThan(0.7);
  });
});

describe('search', () => {
  let today: string;
  let cityId: number;
  let stateId: number;

  beforeAll(async () => {
    await setCredits(ids.pro, 100_000);
    today = (await sql<{ d: string }>`SELECT CURRENT_DATE::text AS d`.execute(db())).rows[0]!.d;
    const city = await db()
      .selectFrom('influencer_index')
      .select(['city_id', 'state_id'])
      .where('country_id', '=', 148838)
      .where('city_id', 'is not', null)
      .where('state_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    cityId = city.city_id!;
    stateId = city.state_id!;
  });

  /** Every filter of `body` holds for `row` (the semantics documented in modules/discovery/local.ts). */
  function satisfies(row: InfluencerIndexRow, body: DiscoverySearchBody): string[] {
    const f = body.filter?.influencer ?? {};
    const a = body.filter?.audience ?? {};
    const bad: string[] = [];
    const check = (ok: boolean, what: string) => !ok && bad.push(what);
    if (f.platform) check(row.platform === f.platform, 'platform');
    if (f.followers?.min !== undefined) check(row.followers >= f.followers.min, 'followers.min');
    if (f.followers?.max !== undefined) check(row.followers <= f.followers.max, 'followers.max');
    if (f.engagementRate !== undefined)
      check(row.engagement_rate >= f.engagementRate - 1e-6, 'engagementRate');
    if (f.location?.length)
      check(
        f.location.some((id) => [row.country_id, row.state_id, row.city_id].includes(id)),
        'location',
      );
    if (f.language) check(row.language === f.language, 'language');
    if (f.gender === 'KNOWN') check(row.gender !== 'UNKNOWN', 'gender');
    else if (f.gender) check(row.gender === f.gender, 'gender');
    if (f.age?.min !== undefined) check((row.age ?? -1) >= f.age.min, 'age.min');
    if (f.age?.max !== undefined) check((row.age ?? 999) <= f.age.max, 'age.max');
    if (f.lastposted !== undefined) {
      const limit = new Date(Date.parse(today) - f.lastposted * 86_400_000).toISOString().slice(0, 10);
      check(!!row.last_posted && row.last_posted >= limit, 'lastposted');
    }
    const words = (text: string) => new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u));
    if (f.bio)
      check(
        f.bio.split(' ').every((w) => words(row.bio).has(w.toLowerCase())),
        'bio',
      );
    if (f.keywords)
      check(
        f.keywords.split(' ').every((w) => words(row.captions).has(w.toLowerCase())),
        'keywords',
      );
    for (const tag of f.textTags ?? [])
      check(row.tags.includes(`${tag.type === 'hashtag' ? '#' : '@'}${normalizeTag(tag.value)}`), 'textTags');
    if (f.interests?.length)
      check(
        f.interests.some((i) => row.interests.includes(i)),
        'interests',
      );
    if (f.hasContactDetails !== undefined) check(row.has_contact_details === f.hasContactDetails, 'contact');
    if (f.isVerified !== undefined) check(row.is_verified === f.isVerified, 'verified');
    if (f.accountTypes?.length) check(f.accountTypes.includes(row.account_type), 'accountTypes');
    const share = (x: number | undefined, w: number) => (x ?? 0) >= w - 1e-6;
    if (a.location?.length)
      check(
        a.location.some((l) => share(row.aud_countries[String(l.id)], l.weight ?? 0.25)),
        'audience.location',
      );
    if (a.gender) {
      const male = row.aud_male ?? 0;
      check(share(a.gender.id === 'MALE' ? male : 1 - male, a.gender.weight ?? 0.25), 'audience.gender');
    }
    if (a.age?.length) {
      const buckets = ['13-17', '18-24', '25-34', '35-44', '45-64', '65-'];
      const sum = a.age.reduce((s, x) => s + (row.aud_ages?.[buckets.indexOf(x.id)] ?? 0), 0);
      check(share(sum, Math.max(...a.age.map((x) => x.weight ?? 0.25))) || sum >= 0.999, 'audience.age');
    }
    if (a.language)
      check(share(row.aud_languages[a.language.id], a.language.weight ?? 0.25), 'audience.language');
    if (a.credibility !== undefined)
      check(share(row.aud_credibility ?? 0, a.credibility), 'audience.credibility');
    return bad;
  }

  const SORT_COLUMN = {
    followers: 'followers',
    engagements: 'engagements',
    engagementRate: 'engagement_rate',
  } as const;

  function sortHolds(rows: InfluencerIndexRow[], field: keyof typeof SORT_COLUMN, dir: 'asc' | 'desc') {
    const col = SORT_COLUMN[field];
    for (let i = 1; i < rows.length; i++) {
      const [x, y] = [rows[i - 1]!, rows[i]!];
      const cmp = x[col] === y[col] ? x.id - y.id : x[col] - y[col];
      if (dir === 'asc' ? cmp > 0 : cmp < 0) return false;
    }
    return true;
  }

  const rowsOf = async (entries: { id: number }[]) => {
    if (!entries.length) return [];
    const rows = await db()
      .selectFrom('influencer_index')
      .selectAll()
      .where(
        'id',
        'in',
        entries.map((e) => e.id),
      )
      .execute();
    return entries.map((e) => rows.find((r) => Number(r.id) === e.id)!);
  };

  const weight = fc.constantFrom(0.25, 0.5, 0.75);
  /** Keeps at most `max` of the generated filters (many at once rarely match anything in 2,000 profiles). */
  const sparse =
    (max: number) =>
    <T extends object>(record: T) =>
      fc
        .shuffledSubarray(Object.keys(record) as (keyof T)[], { maxLength: max })
        .map((keys) => Object.fromEntries(keys.map((k) => [k, record[k]])) as Partial<T>);
  let nonEmpty = 0;
  const filters = () =>
    fc
      .record(
        {
          platform: fc.constantFrom('instagram' as const, 'tiktok' as const, 'youtube' as const),
          followers: fc
            .tuple(fc.constantFrom(1_000, 5_000, 20_000, 100_000), fc.constantFrom(10_000, 50_000, 1_000_000))
            .map(([min, max]) => (min <= max ? { min, max } : { min: max, max: min })),
          engagementRate: fc.constantFrom(0.01, 0.02, 0.05, 0.1),
          location: fc.constantFrom([148838], 'state' as const, 'city' as const, [51477, 62149]),
          language: fc.constantFrom('en', 'es', 'de'),
          gender: fc.constantFrom('MALE' as const, 'FEMALE' as const, 'KNOWN' as const, 'UNKNOWN' as const),
          age: fc.constantFrom({ min: 18, max: 24 }, { min: 25, max: 34 }, { min: 35 }),
          lastposted: fc.constantFrom(30, 90, 365),
          bio: fc.constantFrom('coffee', 'travel', 'creator', 'fitness'),
          keywords: fc.constantFrom('summer', 'routine', 'coffee'),
          textTags: fc
            .constantFrom(['hashtag', '#travel'], ['mention', 'nike'], ['hashtag', 'beauty'])
            .map(([type, value]) => [{ type: type as 'hashtag' | 'mention', value: value! }]),
          interests: fc.subarray([1, 2, 3, 5, 8, 20], { minLength: 1, maxLength: 3 }),
          hasContactDetails: fc.boolean(),
          isVerified: fc.boolean(),
          accountTypes: fc.subarray([1, 2, 3], { minLength: 1 }),
        },
        { requiredKeys: [] },
      )
      .chain(sparse(3));
  const audience = () =>
    fc
      .record(
        {
          location: fc
            .constantFrom([148838], [148838, 1428125])
            .chain((ids) => weight.map((w) => ids.map((id) => ({ id, weight: w })))),
          gender: fc.record({ id: fc.constantFrom('MALE' as const, 'FEMALE' as const), weight }),
          age: fc
            .subarray(['18-24', '25-34', '35-44'] as const, { minLength: 1, maxLength: 2 })
            .chain((buckets) => weight.map((w) => buckets.map((id) => ({ id, weight: w })))),
          language: fc.record({ id: fc.constantFrom('en', 'es'), weight }),
          credibility: fc.constantFrom(0.5, 0.7, 0.9),
        },
        { requiredKeys: [] },
      )
      .chain(sparse(1));

  it('returns only profiles that satisfy every filter, in the chosen order (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        filters(),
        audience(),
        fc.constantFrom('followers' as const, 'engagements' as const, 'engagementRate' as const),
        fc.constantFrom('asc' as const, 'desc' as const),
        fc.constantFrom(0, 1),
        async (raw, aud, field, direction, page) => {
          const influencer = {
            ...raw,
            location:
              raw.location === 'state' ? [stateId] : raw.location === 'city' ? [cityId] : raw.location,
          };
          const body: DiscoverySearchBody = {
            page,
            sort: { field, direction },
            filter: { influencer, audience: aud },
          };
          const res = await search('pro', body);
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          const { lookalikes, total } = res.body.influencers;
          expect(lookalikes.length).toBeLessThanOrEqual(DISCOVERY_PAGE_SIZE);
          expect(total).toBeGreaterThanOrEqual(
            Math.min(total, page * DISCOVERY_PAGE_SIZE + lookalikes.length),
          );
          const rows = await rowsOf(lookalikes);
          for (const row of rows)
            expect(satisfies(row, body), `${row.username} ${JSON.stringify(body)}`).toEqual([]);
          expect(sortHolds(rows, field, direction)).toBe(true);
          if (page === 0 && total <= DISCOVERY_PAGE_SIZE) expect(lookalikes.length).toBe(total);
          if (lookalikes.length) nonEmpty++;
        },
      ),
      { numRuns: 60 },
    );
    // The property is only worth something if most generated searches find profiles to check.
    expect(nonEmpty).toBeGreaterThan(25);
  }, 180_000);

  it('finds what the filters name when it exists (a non-empty search returns results)', async () => {
    const res = await search('pro', {
      filter: { influencer: { location: [148838], gender: 'FEMALE', followers: { min: 5_000 } } },
    });
    expect(res.status).toBe(200);
    expect(res.body.influencers.total).toBeGreaterThan(DISCOVERY_PAGE_SIZE);
    expect(res.body.influencers.lookalikes).toHaveLength(DISCOVERY_PAGE_SIZE);
    const card = res.body.influencers.lookalikes[0]!.influencer_data;
    expect(card).toMatchObject({ country: 'United States', gender: 'FEMALE', platform: expect.any(String) });
    expect(card.picture).toMatch(/^\/api\/v1\/discovery\/avatar\/L\d+\.svg$/);
    const avatar = await t.app.inject({ url: card.picture });
    expect([avatar.statusCode, avatar.headers['content-type']]).toEqual([200, 'image/svg+xml']);
  });

  it('pages append without duplicates, continuing the order', async () => {
    const base: DiscoverySearchBody = {
      sort: { field: 'followers', direction: 'desc' },
      filter: { influencer: { platform: 'instagram' } },
    };
    const seen: number[] = [];
    const rows: InfluencerIndexRow[] = [];
    for (const page of [0, 1, 2, 3]) {
      const res = await search('pro', { ...base, page });
      expect(res.status).toBe(200);
      expect(res.body.influencers.lookalikes).toHaveLength(DISCOVERY_PAGE_SIZE);
      seen.push(...res.body.influencers.lookalikes.map((e) => e.id));
      rows.push(...(await rowsOf(res.body.influencers.lookalikes)));
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(sortHolds(rows, 'followers', 'desc')).toBe(true);
  });

  it('ranks lookalikes by similarity with the other filters applied, the exact match in directs', async () => {
    const target = await db()
      .selectFrom('influencer_index')
      .select(['id', 'username', 'similarity'])
      .where('platform', '=', 'instagram')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const body: DiscoverySearchBody = {
      sort: { field: 'relevance', direction: 'desc' },
      filter: { influencer: { relevance: [`@${target.username}`], gender: 'KNOWN' } },
    };
    const first = await search('pro', body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.influencers.directs.map((d) => d.id)).toEqual([Number(target.id)]);
    const second = await search('pro', { ...body, page: 1 });
    expect(second.body.influencers.directs).toEqual([]);
    const entries = [...first.body.influencers.lookalikes, ...second.body.influencers.lookalikes];
    expect(entries).toHaveLength(2 * DISCOVERY_PAGE_SIZE);
    expect(entries.map((e) => e.id)).not.toContain(Number(target.id));
    const { rows } = await sql<{ id: number; d: number; gender: string }>`
      SELECT id, similarity <-> ${target.similarity}::cube AS d, gender FROM influencer_index
      WHERE id IN (${sql.join(entries.map((e) => e.id))})`.execute(db());
    const distance = new Map(rows.map((r) => [Number(r.id), r.d]));
    const ds = entries.map((e) => distance.get(e.id)!);
    for (let i = 1; i < ds.length; i++) expect(ds[i]!).toBeGreaterThanOrEqual(ds[i - 1]!);
    expect(rows.every((r) => r.gender !== 'UNKNOWN')).toBe(true);
    const unknown = await search('pro', { filter: { influencer: { relevance: ['@nobody.at.all'] } } });
    expect([unknown.status, unknown.body.error?.message]).toEqual([
      404,
      API_MESSAGE.discoveryLookalikeNotFound('@nobody.at.all'),
    ]);
  });

  it('filters by radius around one city', async () => {
    const city = await db()
      .selectFrom('discovery_locations')
      .select(['id', 'lat', 'lng'])
      .where('id', '=', cityId)
      .executeTakeFirstOrThrow();
    const res = await search('pro', { filter: { influencer: { location: [cityId], radius: 50 } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.influencers.lookalikes.length).toBeGreaterThan(0);
    const rows = await rowsOf(res.body.influencers.lookalikes);
    const places = await db()
      .selectFrom('discovery_locations')
      .select(['id', 'lat', 'lng'])
      .where(
        'id',
        'in',
        rows.map((r) => r.city_id!),
      )
      .execute();
    const miles = (lat: number, lng: number) => {
      const rad = Math.PI / 180;
      const d =
        Math.sin(((lat - city.lat!) * rad) / 2) ** 2 +
        Math.cos(lat * rad) * Math.cos(city.lat! * rad) * Math.sin(((lng - city.lng!) * rad) / 2) ** 2;
      return 3958.8 * 2 * Math.asin(Math.sqrt(d));
    };
    for (const p of places) expect(miles(p.lat!, p.lng!)).toBeLessThanOrEqual(50.5);
    const country = await search('pro', { filter: { influencer: { location: [148838], radius: 25 } } });
    expect([country.status, country.body.error?.message]).toEqual([400, API_MESSAGE.discoveryRadiusOneCity]);
  });

  it('refuses contradictory or oversized filters with 400 and a message', async () => {
    const cases: [Json, string][] = [
      [
        { filter: { influencer: { followers: { min: 50_000, max: 1_000 } } } },
        API_MESSAGE.discoveryRangeContradictory('followers'),
      ],
      [
        { filter: { influencer: { age: { min: 40, max: 20 } } } },
        API_MESSAGE.discoveryRangeContradictory('age'),
      ],
      [
        { filter: { influencer: { location: Array.from({ length: 21 }, (_, i) => i + 1) } } },
        API_MESSAGE.discoveryTooMany('locations', 20),
      ],
      [{ filter: { influencer: { bio: 'x'.repeat(101) } } }, API_MESSAGE.discoveryTextTooLong(100)],
      [
        {
          filter: {
            influencer: { textTags: Array.from({ length: 11 }, () => ({ type: 'hashtag', value: 'a' })) },
          },
        },
        API_MESSAGE.discoveryTooMany('hashtags and mentions', 10),
      ],
      [{ filter: { influencer: { radius: 25, location: [1, 2] } } }, API_MESSAGE.discoveryRadiusOneCity],
      [{ filter: { audience: { gender: { id: 'MALE', weight: 0.3 } } } }, API_MESSAGE.discoveryWeight],
      [{ page: 67 }, API_MESSAGE.discoveryPageTooDeep(66)],
    ];
    const before = await credits(ids.pro);
    for (const [body, message] of cases) {
      const res = await as('pro').post(SEARCH, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body.error)).toContain(message);
    }
    expect(await credits(ids.pro)).toBe(before);
  });
});

describe('credits', () => {
  it('debits one credit per page, once; a repeat within 24 h is free, after that it costs again', async () => {
    await setCredits(ids.pro, 10);
    await db().deleteFrom('credit_transactions').where('user_id', '=', ids.pro).execute();
    const body: DiscoverySearchBody = {
      filter: { influencer: { language: 'en', followers: { min: 2_000 } } },
    };
    const p0 = await search('pro', body);
    expect(p0.body.credits).toBe(9);
    const again = await search('pro', body);
    expect(again.body.credits).toBe(9);
    expect(again.body.influencers).toEqual(p0.body.influencers);
    const p1 = await search('pro', { ...body, page: 1 });
    expect(p1.body.credits).toBe(8);
    expect(await ledger(ids.pro)).toEqual([
      { amount: -1, balance_after: 9, reason: 'search page 1' },
      { amount: -1, balance_after: 8, reason: 'search page 2' },
    ]);
    t.clock.advance(24 * 3600_000 + 1000);
    const { purgeExpiredDiscoveryCache } = await import('../src/modules/discovery/service');
    expect(await purgeExpiredDiscoveryCache(t.app.ctx)).toBeGreaterThan(0);
    expect((await search('pro', body)).body.credits).toBe(7);
    expect(await credits(ids.pro)).toBe(7);
  });

  it('refuses with 402 and debits nothing when credits run out, never below zero', async () => {
    await setCredits(ids.pro, 0);
    const before = (await ledger(ids.pro)).length;
    const res = await search('pro', { filter: { influencer: { language: 'de' } } });
    expect(res.status).toBe(402);
    expect(res.body.error).toEqual({
      code: 'not_enough_credits',
      message: API_MESSAGE.discoveryNotEnoughCredits(1, 0),
    });
    expect(await credits(ids.pro)).toBe(0);
    expect(await ledger(ids.pro)).toHaveLength(before);
  });

  it('20 concurrent searches with credits for 5 debit exactly 5', async () => {
    await setCredits(ids.pro, 5);
    await db().deleteFrom('credit_transactions').where('user_id', '=', ids.pro).execute();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        search('pro', { filter: { influencer: { followers: { min: 1_000 + i } } } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 402)).toHaveLength(15);
    expect(await credits(ids.pro)).toBe(0);
    const rows = await ledger(ids.pro);
    expect(rows).toHaveLength(5);
    expect(rows.map((r) => r.balance_after).sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('the same search sent twice at once costs one credit', async () => {
    await setCredits(ids.pro, 5);
    const body: DiscoverySearchBody = { filter: { influencer: { followers: { min: 7_777 } } } };
    const [a, b] = await Promise.all([search('pro', body), search('pro', body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await credits(ids.pro)).toBe(4);
  });

  it('a report costs one credit, free again within 24 h', async () => {
    await setCredits(ids.pro, 2);
    const row = await db()
      .selectFrom('influencer_index')
      .select(['modash_id', 'username'])
      .where('id', '=', 5)
      .executeTakeFirstOrThrow();
    const first = await as('pro').get(`${V}/discovery/report/${row.modash_id}`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.credits).toBe(1);
    const report = first.body.report as Json & { profile: InfluencerData; audience: { ages: unknown[] } };
    expect(report.profile.username).toBe(row.username);
    expect(report.audience.ages).toHaveLength(6);
    const again = await as('pro').get(`${V}/discovery/report/${row.modash_id}`);
    expect([again.status, again.body.credits]).toEqual([200, 1]);
    const missing = await as('pro').get(`${V}/discovery/report/L999999999`);
    expect(missing.status).toBe(404);
    expect(await credits(ids.pro)).toBe(1);
  });

  it('grants from plans and admins land in the ledger', async () => {
    const { grantCredits } = await import('../src/modules/discovery/credits');
    const before = await credits(ids.trial);
    await grantCredits(db(), ids.trial, 100, 'test grant', 'test-grant-1');
    await grantCredits(db(), ids.trial, 100, 'test grant', 'test-grant-1');
    expect(await credits(ids.trial)).toBe(before + 100);
    const admin = await as('admin').post(`${V}/admin/users/${ids.trial}/credits`, {
      amount: 25,
      reason: 'Thanks',
    });
    expect(admin.status, JSON.stringify(admin.body)).toBe(200);
    expect(await credits(ids.trial)).toBe(before + 125);
    expect((await ledger(ids.trial)).map((r) => r.amount)).toEqual([100, 25]);
  });
});

describe('access', () => {
  it('is for businesses with a subscription or trial', async () => {
    expect((await search('influencer', {})).status).toBe(403);
    expect((await search('admin', {})).status).toBe(403);
    const free = await search('free', {});
    expect([free.status, free.body.error?.code]).toEqual([402, 'subscription_required']);
    expect((await client(t.app).post(SEARCH, {})).status).toBe(401);
  });

  it('answers locations and languages (spec spelling plataform)', async () => {
    const us = await as('pro').get(`${V}/discovery/locations?query=united%20st&plataform=instagram`);
    expect(us.status).toBe(200);
    expect((us.body.locations as Json[])[0]).toEqual({
      id: 148838,
      name: 'United States',
      title: 'United States',
      type: 'country',
      country_id: 148838,
      state_id: null,
    });
    const austin = await as('pro').get(`${V}/discovery/locations?query=austin`);
    expect(
      (austin.body.locations as { title: string; type: string }[]).some(
        (l) => l.title === 'Austin, Texas, United States' && l.type === 'city',
      ),
    ).toBe(true);
    const langs = await as('pro').get(`${V}/discovery/languages?query=sp&plataform=tiktok`);
    expect(langs.body).toEqual({ languages: [{ code: 'es', name: 'Spanish' }] });
    const bad = await as('pro').get(`${V}/discovery/languages?plataform=myspace`);
    expect(bad.status).toBe(400);
  });

  it('gives admins the provider report for a username', async () => {
    const row = await db()
      .selectFrom('influencer_index')
      .select('username')
      .where('id', '=', 9)
      .executeTakeFirstOrThrow();
    const res = await as('admin').get(`${V}/admin/discovery/instagram/${row.username}`);
    expect(res.status).toBe(200);
    expect((res.body.report as { profile: InfluencerData }).profile.username).toBe(row.username);
    expect((await as('pro').get(`${V}/admin/discovery/instagram/${row.username}`)).status).toBe(403);
    expect((await as('admin').get(`${V}/admin/discovery/instagram/no.such.user`)).status).toBe(404);
  });
});

describe('lists', () => {
  it('starts the demo business with two lists', async () => {
    const all = await as('pro').get(`${V}/discovery/list/all`);
    const lists = all.body as unknown as { name: string; influencers: unknown[] }[];
    expect(lists.map((l) => l.name).sort()).toEqual(['Fitness & wellness', 'Outdoor creators']);
    expect(lists.every((l) => l.influencers.length >= 2)).toBe(true);
  });

  it('creates, fills, empties and deletes a list, invisible to other businesses', async () => {
    const created = await as('pro').post(`${V}/discovery/list`, { name: 'Summer picks' });
    expect(created.status).toBe(201);
    const listId = created.body.id as number;
    expect((await as('pro').post(`${V}/discovery/list`, { name: 'summer PICKS' })).status).toBe(409);
    expect((await as('pro').post(`${V}/discovery/list`, { name: '  ' })).status).toBe(400);

    await setCredits(ids.pro, 10);
    const found = await search('pro', { filter: { influencer: { platform: 'tiktok' } } });
    const [a, b] = found.body.influencers.lookalikes;
    const add = (entry: typeof a) =>
      as('pro').post(`${V}/discovery/list/add-influencer`, {
        list_id: listId,
        modash_id: entry!.modash_id,
        influencer_data: entry!.influencer_data,
      });
    const ea = await add(a);
    expect(ea.status, JSON.stringify(ea.body)).toBe(200);
    const eb = await add(b);
    expect((await add(a)).body.id).toBe(ea.body.id);

    const page = await as('pro').get(`${V}/discovery/list?sortBy=influencers&sortDesc=desc`);
    expect(page.body.total).toBe(3);
    expect(
      (page.body.data as { name: string; influencers_count: number }[]).find(
        (l) => l.name === 'Summer picks',
      ),
    ).toMatchObject({ influencers_count: 2 });

    // Another business sees none of it, and can change none of it.
    const trialAll = await as('trial').get(`${V}/discovery/list/all`);
    expect(trialAll.body).toEqual([]);
    expect((await as('trial').get(`${V}/discovery/list`)).body).toEqual({ data: [], total: 0 });
    const foreign = await as('trial').post(`${V}/discovery/list/add-influencer`, {
      list_id: listId,
      modash_id: a!.modash_id,
      influencer_data: a!.influencer_data,
    });
    expect([foreign.status, foreign.body.error?.message]).toEqual([404, API_MESSAGE.discoveryListNotFound]);
    expect(
      (
        await as('trial').post(`${V}/discovery/list/remove-influencer`, {
          list_id: listId,
          influencer_id: ea.body.id,
        })
      ).status,
    ).toBe(404);
    expect((await as('trial').delete(`${V}/discovery/list/delete-list?list_id=${listId}`)).status).toBe(404);

    const removed = await as('pro').post(`${V}/discovery/list/remove-influencer`, {
      list_id: listId,
      influencer_id: ea.body.id,
    });
    expect(removed.status).toBe(200);
    const again = await as('pro').post(`${V}/discovery/list/remove-influencer`, {
      list_id: listId,
      influencer_id: ea.body.id,
    });
    expect(again.status).toBe(404);
    const all = (await as('pro').get(`${V}/discovery/list/all`)).body as unknown as {
      id: number;
      influencers: { id: number; modash_id: string }[];
    }[];
    expect(all.find((l) => l.id === listId)!.influencers.map((e) => e.id)).toEqual([eb.body.id]);

    expect((await as('pro').delete(`${V}/discovery/list/delete-list?list_id=${listId}`)).status).toBe(200);
    expect((await as('pro').delete(`${V}/discovery/list/delete-list?list_id=${listId}`)).status).toBe(404);
    expect(
      await db().selectFrom('discovery_list_members').select('id').where('list_id', '=', listId).execute(),
    ).toEqual([]);
  });
});

describe('invitations', () => {
  it('mails a discovered influencer a working sign-up link for an active campaign, and records it', async () => {
    const row = await db()
      .selectFrom('influencer_index')
      .select(['modash_id', 'contact_email'])
      .where('contact_email', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const campaign = await db()
      .selectFrom('campaigns')
      .select('id')
      .where(
        'business_id',
        '=',
        (
          await db()
            .selectFrom('businesses')
            .select('id')
            .where('user_id', '=', ids.pro)
            .executeTakeFirstOrThrow()
        ).id,
      )
      .where('status', '=', 'active')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const res = await as('pro').post(`${V}/discovery/invite/message`, {
      modash_id: row.modash_id,
      campaign_id: campaign.id,
      message: 'We love your trail content!',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.email).toBe(row.contact_email);
    const mail = await db()
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', row.contact_email!)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain('We love your trail content!');
    const link = mail.text_body.match(/https?:\/\/\S+invite=(\S+)/);
    expect(link).not.toBeNull();
    const preview = await client(t.app).get(`${V}/invite/preview?invite=${link![1]}`);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(await db().selectFrom('discovery_invites').select('email').execute()).toEqual([
      { email: row.contact_email },
    ]);

    const noEmail = await db()
      .selectFrom('influencer_index')
      .select('modash_id')
      .where('contact_email', 'is', null)
      .executeTakeFirstOrThrow();
    const refused = await as('pro').post(`${V}/discovery/invite/message`, {
      modash_id: noEmail.modash_id,
      campaign_id: campaign.id,
      message: 'Hello',
    });
    expect([refused.status, refused.body.error?.message]).toEqual([400, API_MESSAGE.discoveryInviteNoEmail]);
    const other = await as('trial').post(`${V}/discovery/invite/message`, {
      modash_id: row.modash_id,
      campaign_id: campaign.id,
      message: 'Hello',
    });
    // Another business's campaign: refused by the invite-link rules (nothing mailed).
    expect(other.status).toBe(403);
  });
});

describe('Modash provider (against the fake)', () => {
  let modash: FakeModash;
  let m: TestApp;
  let token: string;
  let proId: number;

  beforeAll(async () => {
    modash = await startFakeModash();
    m = await createTestApp({ demo: true, env: { MODASH_API_KEY: modash.key, MODASH_API_URL: modash.url } });
    token = await loginAs(m.app, 'pro@reach.local');
    proId = (
      await m.app.ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'pro@reach.local')
        .executeTakeFirstOrThrow()
    ).id;
    await m.app.ctx.db.updateTable('users').set({ credits: 10 }).where('id', '=', proId).execute();
  }, 120_000);
  afterAll(async () => {
    await m?.close();
    await modash?.close();
  });
  const balance = async () =>
    (
      await m.app.ctx.db
        .selectFrom('users')
        .select('credits')
        .where('id', '=', proId)
        .executeTakeFirstOrThrow()
    ).credits;

  it('passes the body through and maps the answer, storing userId as modash_id', async () => {
    const body = {
      page: 0,
      sort: { field: 'followers', direction: 'desc' },
      filter: {
        influencer: { followers: { min: 1000 }, relevance: ['@modash.creator2'], platform: 'instagram' },
      },
    };
    const res = await client(m.app, token).post(SEARCH, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sent = modash.requests.at(-1)!;
    expect(sent.path).toBe('/v1/instagram/search');
    expect(sent.body).toMatchObject({
      page: 0,
      sort: body.sort,
      filter: { influencer: { followers: { min: 1000 } } },
    });
    const { influencers } = res.body as unknown as Result;
    expect(influencers.total).toBe(5);
    expect(influencers.directs.map((d) => d.modash_id)).toEqual([MODASH_PROFILES[1]!.userId]);
    expect(influencers.lookalikes).toHaveLength(4);
    expect(influencers.lookalikes.map((e) => e.id)).toEqual(
      influencers.lookalikes.map((e) => Number(e.modash_id)),
    );
    expect(influencers.lookalikes[0]!.influencer_data).toMatchObject({
      userId: MODASH_PROFILES[0]!.userId,
      username: 'modash.creator1',
      followers: 100_000,
      engagementRate: 0.03,
    });
    expect(res.body.credits).toBe(9);
    const report = await client(m.app, token).get(`${V}/discovery/report/${MODASH_PROFILES[0]!.userId}`);
    expect(report.status).toBe(200);
    expect(report.body.report).toMatchObject({
      profile: { city: 'Austin', gender: 'FEMALE', language: 'English' },
      audience: { credibility: 0.83, countries: [{ name: 'United States', weight: 0.62 }] },
      stats: { avgLikes: 2800 },
    });
    const locations = await client(m.app, token).get(
      `${V}/discovery/locations?query=uni&plataform=instagram`,
    );
    expect(locations.body.locations).toEqual([
      { id: 148838, name: 'United States', title: 'United States', type: 'city' },
    ]);
  });

  it('maps each Modash error to a clear message and debits nothing', async () => {
    const cases = [
      ['not_enough_credits', 503, API_MESSAGE.discoveryProviderCredits],
      ['retry_later', 503, API_MESSAGE.discoveryProviderRetry],
      [
        'invalid_body_params',
        400,
        API_MESSAGE.discoveryProviderInvalid('filter.influencer.followers.min must be a number'),
      ],
      ['server_error', 503, API_MESSAGE.discoveryProviderDown],
    ] as const;
    const before = await balance();
    for (const [code, status, message] of cases) {
      modash.nextError = code;
      const res = await client(m.app, token).post(SEARCH, {
        filter: { influencer: { followers: { min: 1000 + code.length } } },
      });
      expect([res.status, res.body.error?.message], code).toEqual([status, message]);
    }
    expect(await balance()).toBe(before);
    const ledgerRows = await m.app.ctx.db
      .selectFrom('credit_transactions')
      .select('reason')
      .where('user_id', '=', proId)
      .where('amount', '<', 0)
      .where('key', 'not like', 'demo:%')
      .orderBy('id')
      .execute();
    expect(ledgerRows.map((r) => r.reason)).toEqual([
      'search page 1',
      `report ${MODASH_PROFILES[0]!.userId}`,
    ]);
  });
});
