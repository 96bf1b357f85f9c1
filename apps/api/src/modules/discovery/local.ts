import {
  ACCOUNT_TYPES,
  AUDIENCE_AGE_BUCKETS,
  DISCOVERY_INTERESTS,
  DISCOVERY_PAGE_SIZE,
  DISCOVERY_TOTAL_CAP,
  type DiscoveryEntry,
  type DiscoveryReport,
  type DiscoverySearch,
  type InfluencerData,
} from '@reach/contract/discovery';
import { locationScope } from '@reach/contract/location-scope';
import { API_MESSAGE } from '@reach/contract/messages';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB, InfluencerIndexRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { LANGUAGES } from './data';
import type { DiscoveryProvider, SearchGate, SearchPage } from './provider';

/*
 * The local index provider: the Modash-shaped search body answered by SQL on influencer_index.
 *
 * Semantics of the filters (the property test in test/discovery.test.ts checks each):
 *  - influencer.location: a picked place inside another picked place narrows to it (country ∩ its city), and
 *    the profile's country, state or city is one of the most specific places left (location-scope.ts); with
 *    `radius` (one city), any city whose centre lies within that many miles of it;
 *  - gender KNOWN = MALE or FEMALE; age min/max on the influencer's age; lastposted = posted within n days;
 *  - bio / keywords: every word appears in the bio / the captions (PostgreSQL 'simple' text search);
 *  - textTags: every hashtag / mention is among the recent posts' tags; interests: any of the ids;
 *  - audience.location: the audience share of any of the countries ≥ its weight; audience.gender: the share
 *    of that gender ≥ weight; audience.age: the summed share of the chosen buckets ≥ the largest weight;
 *    audience.language: the share of that language ≥ weight; audience.credibility ≥ the minimum.
 * Sort: the chosen field with the id as tiebreak; `relevance` ranks by distance of the similarity vectors to
 * the `relevance` target (or by followers without one): the rows of the target's nearest lookalike lists (IVF,
 * migration 0027) ranked exactly, the filters applied; lists are taken (nearest first; with a gender filter, by
 * the centre of their rows of that gender, migration 0031) until they hold ~LOOKALIKE_CANDIDATES rows the
 * gender filter keeps (a list without any is skipped), 4× that while a page is not filled (up to every
 * list, which is exact); before the lists are trained, and under LOOKALIKE_LISTS_FROM profiles, KNN on the
 * GiST index.
 * total: exact up to DISCOVERY_TOTAL_CAP, else capped (never counts millions of rows).
 */

const COLUMNS = sql.raw(
  `i.id, i.modash_id, i.platform, i.username, i.fullname, i.picture, i.url, i.followers, i.engagements,
   i.engagement_rate, i.country_id, i.state_id, i.city_id, i.language, i.gender, i.age, i.age_group,
   i.interests, i.has_contact_details, i.is_verified, i.aud_credibility, i.aud_male, i.aud_top_country`,
);
type EntryRow = Pick<
  InfluencerIndexRow,
  | 'id'
  | 'modash_id'
  | 'platform'
  | 'username'
  | 'fullname'
  | 'picture'
  | 'url'
  | 'followers'
  | 'engagements'
  | 'engagement_rate'
  | 'country_id'
  | 'state_id'
  | 'city_id'
  | 'language'
  | 'gender'
  | 'age'
  | 'age_group'
  | 'interests'
  | 'has_contact_details'
  | 'is_verified'
  | 'aud_credibility'
  | 'aud_male'
  | 'aud_top_country'
>;

type PlaceNames = {
  country_name: string | null;
  state_name: string | null;
  city_name: string | null;
  aud_country_name: string | null;
};
/**
 * A lookalike search's target: its entry's columns, its vector, its place names and its nearest lookalike
 * lists as `[id, rows, females, males]`, nearest first (null when none were asked for or none exist).
 */
type TargetRow = EntryRow &
  PlaceNames &
  Pick<InfluencerIndexRow, 'similarity'> & { lists: [number, number, number, number][] | null };
const namesOf = (r: EntryRow & PlaceNames) => {
  const m = new Map<number, string>();
  const put = (id: number | null, name: string | null) =>
    id !== null && name !== null && m.set(Number(id), name);
  put(r.country_id, r.country_name);
  put(r.state_id, r.state_name);
  put(r.city_id, r.city_name);
  put(r.aud_top_country, r.aud_country_name);
  return m;
};

/** A page's entry from a row that carries its place names. */
const entryOf = (r: EntryRow & PlaceNames): DiscoveryEntry => ({
  id: Number(r.id),
  modash_id: r.modash_id,
  influencer_data: present(r, namesOf(r)),
});

const SORT_COLUMNS = {
  followers: 'i.followers',
  engagements: 'i.engagements',
  engagementRate: 'i.engagement_rate',
  relevance: 'i.followers',
} as const;

const METERS_PER_MILE = 1609.344;
/**
 * Rows a lookalike search ranks: its nearest lists (generator.ts: ~2,500 profiles each) until they hold about
 * this many rows its gender filter keeps (every row without one). bench/results/discovery-postgres-10000000.md
 * has the recall this gives (the share of the exact top 15 found): 4 lists found 99.4 % of it on 1,000,000
 * profiles, 2 lists 94.5 %; with `female`, 99.8 % (the lists ordered by their women's centres, migration 0031).
 */
export const LOOKALIKE_CANDIDATES = 10_000;
/**
 * Smallest index whose lookalikes are ranked from the lists: below it the exact GiST KNN costs less (100,000
 * profiles on PGlite: median 8.4 ms exact against 40.7 ms for 10,000 candidates, whose distances are most of it).
 */
export const LOOKALIKE_LISTS_FROM = 200_000;
/**
 * Nearest lists a first page reads before the rest (LOOKALIKE_LISTS_READ): 1,000,000 profiles, 100 random
 * targets, the lists taken were at most 6 without a filter and 46 with `female` (p90 31).
 */
const LOOKALIKE_LISTS_FIRST = 64;
/** Nearest lists read per search to choose from (×4 each time a page is not filled). */
const LOOKALIKE_LISTS_READ = 256;
/**
 * Rows a lookalike search ranks once the lists are split in parts (migration 0032, generator.ts: ~100
 * profiles each): its nearest parts until they hold about this many rows its gender filter keeps (1,000,000
 * profiles, 100 random targets: the recall of ~10,000 rows of whole lists in ~1,000 rows of parts).
 */
export const LOOKALIKE_SUBLIST_CANDIDATES = 1_200;
/**
 * Parts a first page reads with its target, and the nearest lists among whose parts they are chosen (nearest
 * first by their own centres; for LOOKALIKE_SUBLISTS_FIRST × k parts, LOOKALIKE_SPLIT_LISTS × k lists).
 */
const LOOKALIKE_SUBLISTS_FIRST = 64;
const LOOKALIKE_SPLIT_LISTS = 16;
/** Nearest parts read per search to choose from (×4 each time a page is not filled). */
const LOOKALIKE_SUBLISTS_READ = 256;
/**
 * A lookalike page ranks first only the nearest LOOKALIKE_PAGE_BOUND × (its rows and the earlier pages') of its
 * lists' candidates (a bounded top-N sort instead of sorting all ~10,000): when the filters leave a full page
 * among them it is the same page, every row before it being among them; a page left short is ranked again
 * from every candidate (one statement more, for filters that reject most of the nearest profiles).
 */
const LOOKALIKE_PAGE_BOUND = 16;
/**
 * A lookalike search filtered by its gender alone answers the capped total from the lists' counts when they
 * hold more than this many times DISCOVERY_TOTAL_CAP such profiles (a margin for the rows written since they
 * were counted and for the planner's estimate, which the EXPLAIN would have read instead).
 */
const KNOWN_TOTAL_MARGIN = 4;
/** How long a provider keeps the lists' totals (the whole index's share of each gender). */
const LIST_TOTALS_MS = 60_000;
/** How long a provider keeps the planner's estimate of a filter set's matches (plannedMatches). */
const ESTIMATE_MS = 60_000;
/** Filter sets whose estimate a provider keeps before the memo starts over. */
const ESTIMATE_MEMO_MAX = 10_000;
/** Longest a total may take to count on PostgreSQL before the planner's estimate answers instead (by default). */
const COUNT_BUDGET_MS = 10;
/** On PGlite, matches are counted exactly only when the planner expects at most this many (else its estimate). */
const PGLITE_EXACT_COUNT_MAX = 2_000;
/** Places remembered by a provider (pickedPlaces) before the memo starts over. */
const PLACE_MEMO_MAX = 10_000;
/** Place names remembered by a provider (placeNames) before the memo starts over (the generator writes ~30,000). */
const PLACE_NAMES_MAX = 100_000;
const languageNames = new Map(LANGUAGES.map((l) => [l.code, l.name]));
const interestNames = new Map<number, string>(DISCOVERY_INTERESTS.map((i) => [i.id, i.name]));

export const normalizeTag = (value: string) =>
  value
    .trim()
    .replace(/^[#@]+/, '')
    .toLowerCase();
export const normalizeUsername = (value: string) => value.trim().replace(/^@+/, '').toLowerCase();

export function createLocalProvider(
  db: Kysely<DB>,
  backend: 'pglite' | 'postgres' = 'pglite',
  options: {
    /**
     * Rows a lookalike search ranks (of whole lists; of the lists' parts once split), and the smallest index
     * it uses the lists on (tests rank a small index).
     */
    lookalike?: { candidates: number; listsFrom: number; sublistCandidates?: number };
    /** Longest a total may take to count on PostgreSQL (config DISCOVERY_COUNT_MS). */
    countBudgetMs?: number;
  } = {},
) {
  const lookalike = {
    candidates: LOOKALIKE_CANDIDATES,
    listsFrom: LOOKALIKE_LISTS_FROM,
    sublistCandidates: LOOKALIKE_SUBLIST_CANDIDATES,
    ...options.lookalike,
  };
  const countBudgetMs = options.countBudgetMs ?? COUNT_BUDGET_MS;
  async function names(ids: (number | null)[]): Promise<Map<number, string>> {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
    if (!wanted.length) return new Map();
    // The ids as one array parameter: one statement text (prepared once per connection) for any number of them,
    // and no query node per id to build.
    const { rows } = await sql<{ id: number; name: string }>`
      SELECT id, name FROM discovery_locations WHERE id = ANY(${wanted}::bigint[])`.execute(db);
    return new Map(rows.map((r) => [Number(r.id), r.name]));
  }

  /*
   * The places a location filter names (their kind and parents), remembered by id: a place, once written by the
   * generator, never changes (the index's places are only ever added), so a search naming known places runs
   * no statement for them. Ids not found are asked again next time (the background seed may add them).
   */
  type Place = {
    id: number;
    type: 'country' | 'state' | 'city';
    country_id: number;
    state_id: number | null;
  };
  const placeMemo = new Map<number, Place>();
  async function pickedPlaces(ids: number[]): Promise<Place[]> {
    const missing = ids.filter((id) => !placeMemo.has(id));
    if (missing.length) {
      const rows = await db
        .selectFrom('discovery_locations')
        .select(['id', 'type', 'country_id', 'state_id'])
        .where('id', 'in', missing)
        .execute();
      if (placeMemo.size + rows.length > PLACE_MEMO_MAX) placeMemo.clear();
      for (const l of rows)
        placeMemo.set(Number(l.id), {
          id: Number(l.id),
          type: l.type,
          country_id: Number(l.country_id),
          state_id: l.state_id === null ? null : Number(l.state_id),
        });
    }
    return [...new Set(ids)].flatMap((id) => placeMemo.get(id) ?? []);
  }

  /*
   * The names of the places rows name (country, state, city, audience's top country), remembered by id: a place's
   * name, once written, never changes (as pickedPlaces' places), so a page's names cost no statement once known,
   * and the page statement no sub-select per row and place (~0.1 ms of the database's CPU a search at 1,000,000
   * profiles: planning and 60 index look-ups). Names not known yet are read in one statement.
   */
  const nameMemo = new Map<number, string>();
  async function placeNames(rows: readonly EntryRow[]): Promise<Map<number, string>> {
    const ids = rows.flatMap((r) => [r.country_id, r.state_id, r.city_id, r.aud_top_country]);
    const missing = ids.filter((id): id is number => id !== null && !nameMemo.has(Number(id)));
    if (!missing.length) return nameMemo;
    const found = await names(missing);
    if (nameMemo.size + found.size > PLACE_NAMES_MAX) nameMemo.clear();
    for (const [id, name] of found) nameMemo.set(id, name);
    return nameMemo;
  }

  async function toEntries(rows: EntryRow[]): Promise<DiscoveryEntry[]> {
    const places = await placeNames(rows);
    return rows.map((r) => ({
      id: Number(r.id),
      modash_id: r.modash_id,
      influencer_data: present(r, places),
    }));
  }

  async function whereClauses(body: DiscoverySearch): Promise<RawBuilder<unknown>[]> {
    const f = body.filter.influencer;
    const a = body.filter.audience;
    const where: RawBuilder<unknown>[] = [];
    if (f.platform) where.push(sql`i.platform = ${f.platform}`);
    if (f.followers?.min !== undefined) where.push(sql`i.followers >= ${f.followers.min}`);
    if (f.followers?.max !== undefined) where.push(sql`i.followers <= ${f.followers.max}`);
    if (f.engagementRate !== undefined) where.push(sql`i.engagement_rate >= ${f.engagementRate}::real`);
    if (f.location?.length) {
      if (f.radius !== undefined) {
        const city = await db
          .selectFrom('discovery_locations')
          .select(['type', 'lat', 'lng'])
          .where('id', '=', f.location[0]!)
          .executeTakeFirst();
        if (city?.type !== 'city' || city.lat === null || city.lng === null)
          throw new AppError('validation', API_MESSAGE.discoveryRadiusOneCity, {
            radius: API_MESSAGE.discoveryRadiusOneCity,
          });
        const meters = f.radius * METERS_PER_MILE;
        where.push(sql`i.city_id IN (
          SELECT l.id FROM discovery_locations l
          WHERE l.type = 'city' AND l.lat IS NOT NULL AND l.lng IS NOT NULL
            AND earth_box(ll_to_earth(${city.lat}, ${city.lng}), ${meters}) @> ll_to_earth(l.lat, l.lng)
            AND earth_distance(ll_to_earth(${city.lat}, ${city.lng}), ll_to_earth(l.lat, l.lng)) <= ${meters})`);
      } else {
        // A picked place that contains another picked place narrows to it (United States + Los Angeles =
        // Los Angeles); the most specific places left are alternatives (location-scope.ts).
        const picked = await pickedPlaces(f.location);
        const known = locationScope(picked).places;
        // Each id on its own column (so one city or one state uses its (column, followers) index).
        const of = (type: string) => known.filter((l) => l.type === type).map((l) => l.id);
        const unknown = f.location.filter((id) => !picked.some((l) => l.id === id));
        const parts: RawBuilder<unknown>[] = [];
        const add = (column: string, list: number[]) => {
          // A single id as `=`: only then can the (column, followers) index also give the order.
          if (list.length === 1) parts.push(sql`${sql.raw(column)} = ${list[0]}`);
          else if (list.length) parts.push(sql`${sql.raw(column)} = ANY(${list}::bigint[])`);
        };
        add('i.country_id', [...of('country'), ...unknown]);
        add('i.state_id', [...of('state'), ...unknown]);
        add('i.city_id', [...of('city'), ...unknown]);
        where.push(sql`(${sql.join(parts, sql` OR `)})`);
      }
    }
    if (f.language) where.push(sql`i.language = ${f.language.toLowerCase()}`);
    if (f.gender === 'KNOWN') where.push(sql`i.gender IN ('MALE', 'FEMALE')`);
    else if (f.gender) where.push(sql`i.gender = ${f.gender}`);
    if (f.age?.min !== undefined) where.push(sql`i.age >= ${f.age.min}`);
    if (f.age?.max !== undefined) where.push(sql`i.age <= ${f.age.max}`);
    if (f.lastposted !== undefined) where.push(sql`i.last_posted >= CURRENT_DATE - ${f.lastposted}::int`);
    if (f.bio) where.push(sql`i.bio_tsv @@ plainto_tsquery('simple', ${f.bio})`);
    if (f.keywords) where.push(sql`i.captions_tsv @@ plainto_tsquery('simple', ${f.keywords})`);
    const tags = (f.textTags ?? [])
      .map((t) => `${t.type === 'hashtag' ? '#' : '@'}${normalizeTag(t.value)}`)
      .filter((t) => t.length > 1);
    if (tags.length) where.push(sql`i.tags @> ${tags}::text[]`);
    if (f.interests?.length) where.push(sql`i.interests && ${f.interests}::int[]`);
    if (f.hasContactDetails !== undefined) where.push(sql`i.has_contact_details = ${f.hasContactDetails}`);
    if (f.isVerified !== undefined) where.push(sql`i.is_verified = ${f.isVerified}`);
    if (f.accountTypes?.length) where.push(sql`i.account_type = ANY(${f.accountTypes}::smallint[])`);
    if (a.location?.length) {
      where.push(
        sql`(${sql.join(
          a.location.map((l) => sql`(i.aud_countries ->> ${String(l.id)})::real >= ${l.weight}::real`),
          sql` OR `,
        )})`,
      );
    }
    if (a.gender) {
      where.push(
        a.gender.id === 'MALE'
          ? sql`i.aud_male >= ${a.gender.weight}::real`
          : sql`1 - i.aud_male >= ${a.gender.weight}::real`,
      );
    }
    if (a.age?.length) {
      const buckets = a.age.map((x) => sql.raw(`i.aud_ages[${AUDIENCE_AGE_BUCKETS.indexOf(x.id) + 1}]`));
      const weight = Math.max(...a.age.map((x) => x.weight));
      where.push(sql`(${sql.join(buckets, sql` + `)}) >= ${weight}::real`);
    }
    if (a.language)
      where.push(sql`(i.aud_languages ->> ${a.language.id})::real >= ${a.language.weight}::real`);
    if (a.credibility !== undefined) where.push(sql`i.aud_credibility >= ${a.credibility}::real`);
    return where;
  }

  async function findByUsername(username: string) {
    return db
      .selectFrom('influencer_index')
      .selectAll()
      .where(sql<boolean>`lower(username) = ${normalizeUsername(username)}`)
      .orderBy('followers', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /*
   * The profile a lookalike search starts from (the one findByUsername finds) with its vector, its place names
   * and its `first.count` nearest lookalike lists or parts (probedLists' first read; 0: none), in one
   * statement: the answer's first entry needs no look-up of the names, and the first page's lists no statement
   * of their own. The lists come out in the order of their nearest-first scan (numbered before they are
   * aggregated).
   */
  async function lookalikeTarget(
    username: string,
    first: { level: Level; count: number },
    gender: Gender,
  ): Promise<TargetRow | undefined> {
    const { rows } = await sql<TargetRow>`SELECT ${COLUMNS}, i.similarity,
        (SELECT name FROM discovery_locations WHERE id = i.country_id) AS country_name,
        (SELECT name FROM discovery_locations WHERE id = i.state_id) AS state_name,
        (SELECT name FROM discovery_locations WHERE id = i.city_id) AS city_name,
        (SELECT name FROM discovery_locations WHERE id = i.aud_top_country) AS aud_country_name,
        (SELECT json_agg(json_build_array(l.id, l.rows, l.females, l.males) ORDER BY l.n)
          FROM (SELECT c.*, row_number() OVER () AS n FROM (
            ${nearestLists(first.level, gender, sql`i.similarity`, first.count)}) c) l) AS lists
      FROM influencer_index i WHERE lower(i.username) = ${normalizeUsername(username)}
      ORDER BY i.followers DESC LIMIT 1`.execute(db);
    return rows[0];
  }

  async function buildReport(row: InfluencerIndexRow | undefined): Promise<DiscoveryReport> {
    if (!row) throw new AppError('not_found', API_MESSAGE.discoveryInfluencerNotFound);
    const [entry] = await toEntries([row]);
    const countryIds = Object.keys(row.aud_countries).map(Number);
    const places = await names(countryIds);
    const byShare = <T extends { weight: number }>(list: T[]) => list.sort((x, y) => y.weight - x.weight);
    const male = row.aud_male ?? 0.5;
    const posts = row.captions ? [row.captions] : [];
    const today = new Date();
    return {
      profile: entry!.influencer_data,
      bio: row.bio,
      accountType: ACCOUNT_TYPES.find((t) => t.id === row.account_type)?.name ?? 'Regular',
      lastPosted: row.last_posted ?? null,
      stats: {
        followers: row.followers,
        engagements: row.engagements,
        engagementRate: row.engagement_rate,
        avgLikes: Math.round(row.engagements * 0.94),
        avgComments: Math.round(row.engagements * 0.06),
        postsCount: row.posts_count,
      },
      audience: {
        genders: [
          { code: 'FEMALE', weight: round3(1 - male) },
          { code: 'MALE', weight: round3(male) },
        ],
        ages: AUDIENCE_AGE_BUCKETS.map((code, k) => ({ code, weight: row.aud_ages?.[k] ?? 0 })),
        countries: byShare(
          countryIds.map((id) => ({
            code: String(id),
            name: places.get(id) ?? String(id),
            weight: row.aud_countries[String(id)] ?? 0,
          })),
        ),
        languages: byShare(
          Object.entries(row.aud_languages).map(([code, weight]) => ({
            code,
            name: languageNames.get(code) ?? code,
            weight,
          })),
        ),
        credibility: row.aud_credibility,
      },
      recentPosts: posts.flatMap((text, n) =>
        [0, 1, 2].map((k) => ({
          text,
          likes: Math.round(row.engagements * (0.8 + 0.15 * k) * 0.94),
          comments: Math.round(row.engagements * (0.8 + 0.15 * k) * 0.06),
          created: new Date(
            (row.last_posted ? Date.parse(row.last_posted) : today.getTime()) - (n * 3 + k * 4) * 86_400_000,
          )
            .toISOString()
            .slice(0, 10),
        })),
      ),
      hashtags: row.tags.filter((t) => t.startsWith('#')),
      mentions: row.tags.filter((t) => t.startsWith('@')),
    };
  }

  /*
   * The planner's estimate of a filter set's matches, remembered by the matches query (its text and values) for
   * ESTIMATE_MS: it moves only with the index's statistics, and the pages of one search, or the same filters
   * searched by several businesses, share it, so only the first of them runs the EXPLAIN.
   */
  const estimates = new Map<string, { at: number; rows: number }>();
  async function plannedMatches(matches: RawBuilder<unknown>): Promise<number> {
    const compiled = matches.compile(db);
    const key = `${compiled.sql}\n${JSON.stringify(compiled.parameters)}`;
    const known = estimates.get(key);
    if (known && Date.now() - known.at < ESTIMATE_MS) return known.rows;
    const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`
      EXPLAIN (FORMAT JSON) ${matches}`.execute(db);
    const planned = Math.round(rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
    if (estimates.size >= ESTIMATE_MEMO_MAX) estimates.clear();
    estimates.set(key, { at: Date.now(), rows: planned });
    return planned;
  }

  /**
   * The number of matches, without ever counting millions of rows: when the planner expects more than
   * DISCOVERY_TOTAL_CAP matches the answer is the cap (flagged `capped`) without counting; otherwise the matches
   * are counted exactly up to the cap. On PostgreSQL that count may take at most countBudgetMs; past it (a
   * selective filter whose candidates are spread over millions of rows) the planner's estimate answers, also
   * flagged `capped`. On PGlite (one connection, no timeout) only an expected PGLITE_EXACT_COUNT_MAX matches or
   * fewer are counted.
   */
  async function total(q: {
    matches: RawBuilder<unknown>;
    count: RawBuilder<{ n: number }>;
  }): Promise<{ total: number; capped: boolean }> {
    const exact = (n: number) => ({
      total: Math.min(n, DISCOVERY_TOTAL_CAP),
      capped: n > DISCOVERY_TOTAL_CAP,
    });
    const estimate = await plannedMatches(q.matches);
    if (estimate > DISCOVERY_TOTAL_CAP) return { total: DISCOVERY_TOTAL_CAP, capped: true };
    if (backend === 'pglite') {
      // One connection and no statement timeout: count only what the planner expects to be few.
      if (estimate > PGLITE_EXACT_COUNT_MAX)
        return { total: Math.min(estimate, DISCOVERY_TOTAL_CAP), capped: true };
      return exact((await q.count.execute(db)).rows[0]?.n ?? 0);
    }
    // On one connection, in three round trips: the transaction and its budget opened by one message (a
    // statement without parameters goes through the simple protocol, which runs both), the count, its end. The
    // budget also covers the COMMIT (the count's timer may still run), so any failure rolls back: the
    // connection goes back to the pool outside a transaction.
    try {
      return await db.connection().execute(async (conn) => {
        await sql.raw(`BEGIN; SET LOCAL statement_timeout = ${countBudgetMs}`).execute(conn);
        try {
          const counted = exact((await q.count.execute(conn)).rows[0]?.n ?? 0);
          await sql.raw('COMMIT').execute(conn);
          return counted;
        } catch (error) {
          await sql.raw('ROLLBACK').execute(conn);
          throw error;
        }
      });
    } catch (error) {
      if ((error as { code?: string }).code !== '57014') throw error;
      return { total: Math.min(estimate, DISCOVERY_TOTAL_CAP), capped: true };
    }
  }

  type ListCounts = { rows: number; females: number; males: number };
  type Gender = DiscoverySearch['filter']['influencer']['gender'];
  /** Whole lookalike lists (migration 0027), or their parts once split (migration 0032). */
  type Level = 'lists' | 'parts';
  /**
   * The centre a search orders the lists by: for `FEMALE` or `MALE`, that of the list's rows of that gender
   * (migration 0031; lists without any when counted left out), else every row's.
   */
  const centreOf = (gender: Gender) =>
    gender === 'FEMALE' || gender === 'MALE'
      ? {
          column: sql.raw(gender === 'FEMALE' ? 'female_center' : 'male_center'),
          where: sql.raw(`WHERE ${gender === 'FEMALE' ? 'female_center' : 'male_center'} IS NOT NULL`),
          gendered: true,
        }
      : { column: sql.raw('center'), where: sql``, gendered: false };
  /**
   * The `limit` lists (or parts) nearest `vector` by centreOf(gender), nearest first, with their counts: parts
   * are ordered among those of the limit / 4 nearest lists (LOOKALIKE_SPLIT_LISTS for
   * LOOKALIKE_SUBLISTS_FIRST).
   */
  const nearestLists = (level: Level, gender: Gender, vector: RawBuilder<unknown>, limit: number) => {
    const centre = centreOf(gender);
    if (level === 'lists')
      return sql`SELECT id, rows, females, males FROM discovery_centroids ${centre.where}
        ORDER BY ${centre.column} <-> ${vector} LIMIT ${limit}`;
    return sql`SELECT s.id, s.rows, s.females, s.males FROM discovery_sublists s
      WHERE s.list IN (SELECT id FROM discovery_centroids ${centre.where}
        ORDER BY ${centre.column} <-> ${vector} LIMIT ${splitLists(limit)})
        ${centre.gendered ? sql`AND s.${centre.column} IS NOT NULL` : sql``}
      ORDER BY s.${centre.column} <-> ${vector}, s.id LIMIT ${limit}`;
  };
  const splitLists = (parts: number) => Math.ceil((parts * LOOKALIKE_SPLIT_LISTS) / LOOKALIKE_SUBLISTS_FIRST);
  /** The rows of a list a gender filter keeps (its counts: foldedLookalike sums the same in SQL). */
  const keptRows = (gender: Gender, l: ListCounts) =>
    gender === 'FEMALE'
      ? l.females
      : gender === 'MALE'
        ? l.males
        : gender === 'KNOWN'
          ? l.females + l.males
          : l.rows;
  const keptColumn = (gender: Gender) =>
    sql.raw(
      gender === 'FEMALE'
        ? 'l.females'
        : gender === 'MALE'
          ? 'l.males'
          : gender === 'KNOWN'
            ? 'l.females + l.males'
            : 'l.rows',
    );
  /**
   * The lists' totals, how many lists there are, whether they are split in parts, and the most followers a
   * profile has (knownFilters: a follower cap above it keeps every profile).
   */
  type Totals = ListCounts & { lists: number; split: boolean; maxFollowers: number };
  let listTotals: { at: number; counts: Totals } | undefined;
  async function totals(): Promise<Totals> {
    if (listTotals && Date.now() - listTotals.at < LIST_TOTALS_MS) return listTotals.counts;
    const row = await db
      .selectFrom('discovery_centroids')
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>('rows'), sql<number>`0`).as('rows'),
        eb.fn.coalesce(eb.fn.sum<number>('females'), sql<number>`0`).as('females'),
        eb.fn.coalesce(eb.fn.sum<number>('males'), sql<number>`0`).as('males'),
        eb.fn.countAll<number>().as('lists'),
        sql<boolean>`EXISTS (SELECT 1 FROM discovery_sublists)`.as('split'),
        sql<number | null>`(SELECT max(i.followers) FROM influencer_index i)`.as('max_followers'),
      ])
      .executeTakeFirstOrThrow();
    const counts = {
      rows: Number(row.rows),
      females: Number(row.females),
      males: Number(row.males),
      lists: Number(row.lists),
      split: row.split === true,
      maxFollowers: row.max_followers === null ? 0 : Number(row.max_followers),
    };
    listTotals = { at: Date.now(), counts };
    return counts;
  }

  /**
   * The lookalike lists a search ranks (nearest first by centreOf, those its gender filter finds nothing in
   * skipped) until they hold `widen` × LOOKALIKE_CANDIDATES rows the filter keeps; `all` when every list that
   * may hold a match is in. None before the lists are trained, or on an index under LOOKALIKE_LISTS_FROM
   * profiles (the exact KNN then).
   */
  /**
   * What the target's statement reads for probedLists (its first read): the level searched (the lists' parts
   * once split) and how many of them; 0 when it reads none.
   */
  async function listsFirstRead(widen: number): Promise<{ level: Level; count: number }> {
    const index = await totals();
    const level = index.split ? 'parts' : 'lists';
    if (widen !== 1 || index.rows < lookalike.listsFrom) return { level, count: 0 };
    return { level, count: level === 'parts' ? LOOKALIKE_SUBLISTS_FIRST : LOOKALIKE_LISTS_FIRST };
  }

  /**
   * The lists (or parts) a lookalike search ranks: `every` when that is all of the level's rows (every part:
   * no list condition at all).
   */
  async function probedLists(
    target: TargetRow,
    gender: Gender,
    widen: number,
  ): Promise<{ level: Level; ids: number[]; all: boolean; every: boolean }> {
    const index = await totals();
    const level: Level = index.split ? 'parts' : 'lists';
    const none = { level, ids: [], all: false, every: false };
    if (index.rows < lookalike.listsFrom) return none;
    const parts = level === 'parts';
    const first = parts ? LOOKALIKE_SUBLISTS_FIRST : LOOKALIKE_LISTS_FIRST;
    const read = (parts ? LOOKALIKE_SUBLISTS_READ : LOOKALIKE_LISTS_READ) * widen;
    const centre = centreOf(gender);
    // As many rows the filter keeps as an unfiltered search ranks: a gender filter does not shrink it (near a
    // man, the nearest women are spread over lists that hold few of them).
    const want = widen * (parts ? lookalike.sublistCandidates : lookalike.candidates);
    // The nearest `first` lists first (what a first page almost always needs; read with the target,
    // listsFirstRead), and `read` of them only when those do not hold enough: the same lists as reading
    // `read` at once, nearest first.
    for (const limit of widen === 1 && first < read ? [first, read] : [read]) {
      const rows: (ListCounts & { id: number })[] =
        widen === 1 && limit === first
          ? (target.lists ?? []).map(([id, rows, females, males]) => ({ id, rows, females, males }))
          : (
              await sql<ListCounts & { id: number }>`${nearestLists(
                level,
                gender,
                sql`${target.similarity}::cube`,
                limit,
              )}`.execute(db)
            ).rows;
      if (!rows.length) return none;
      const ids: number[] = [];
      let expected = 0;
      for (const l of rows) {
        const count = keptRows(gender, l);
        if (l.rows && !count) continue;
        ids.push(l.id);
        expected += count;
        if (expected >= want) return { level, ids, all: false, every: false };
      }
      // Every list read: all of them, the skipped ones too (their counts may predate rows written since),
      // and those a gendered order leaves out. Parts: only when their lists were all read too.
      if (rows.length < limit && (!parts || splitLists(limit) >= index.lists))
        return parts
          ? { level, ids: [], all: true, every: true }
          : {
              level,
              ids: centre.gendered
                ? (await db.selectFrom('discovery_centroids').select('id').execute()).map((l) => l.id)
                : rows.map((l) => l.id),
              all: true,
              every: false,
            };
      if (limit === read) return { level, ids, all: false, every: false };
    }
    return none;
  }

  /**
   * The page query and the capped count of a search (exported for the benchmark's EXPLAIN). A lookalike
   * search ranks the rows of the target's nearest lists (`lists`: how far widened, and whether that is all).
   */
  async function queries(body: DiscoverySearch, widen = 1, gate?: SearchGate) {
    const where = await whereClauses(body);
    const wanted = body.filter.influencer.relevance?.[0];
    let order: RawBuilder<unknown>;
    let target: TargetRow | undefined;
    let source = sql`influencer_index i`;
    /** A lookalike page's source with every candidate ranked (`source` ranks the nearest few only). */
    let unbounded: RawBuilder<unknown> | undefined;
    let lists: { widen: number; all: boolean } | undefined;
    if (wanted) {
      target = await lookalikeTarget(wanted, await listsFirstRead(widen), body.filter.influencer.gender);
      if (!target) throw new AppError('not_found', API_MESSAGE.discoveryLookalikeNotFound(wanted));
      where.push(sql`i.id <> ${target.id}`);
      const probed = await probedLists(target, body.filter.influencer.gender, widen);
      const near = probed.ids;
      if (near.length || probed.every) {
        // The lists' ids and distances from their covering index (sorted), then each row in that order
        // read and filtered until the page is full.
        lists = { widen, all: probed.all };
        // The gender filter is also applied inside (the covering index holds the gender): the vector is
        // strongly tied to it (the audience's gender), so near a man most rows a `female` search ranks are men.
        const gender = body.filter.influencer.gender;
        const sameGender =
          gender === 'KNOWN'
            ? sql`AND c.gender IN ('MALE', 'FEMALE')`
            : gender
              ? sql`AND c.gender = ${gender}`
              : sql``;
        const similarity = target.similarity;
        // The rows of the lists (influencer_index's covering index), or of the parts (influencer_sublist's).
        const rows =
          probed.level === 'parts'
            ? sql`influencer_sublist c WHERE ${probed.every ? sql`true` : sql`c.sublist = ANY(${near}::int[])`}`
            : sql`influencer_index c WHERE c.centroid = ANY(${near}::int[])`;
        const ranked = (
          bound: RawBuilder<unknown>,
        ) => sql`(SELECT c.id, c.similarity <-> ${similarity}::cube AS d
            FROM ${rows} ${sameGender} ORDER BY d, c.id ${bound}) k
          JOIN influencer_index i ON i.id = k.id`;
        source = ranked(sql`LIMIT ${(body.page + 1) * DISCOVERY_PAGE_SIZE * LOOKALIKE_PAGE_BOUND}`);
        unbounded = ranked(sql``);
        order = sql`k.d, k.id`;
      } else {
        // Not trained yet: distance alone (a second sort key would stop the GiST index from returning rows
        // in KNN order).
        order = sql`i.similarity <-> ${target.similarity}::cube`;
      }
    } else {
      const dir = sql.raw(body.sort.direction === 'asc' ? 'ASC' : 'DESC');
      const column = sql.raw(SORT_COLUMNS[body.sort.field]);
      order = sql`${column} ${dir}, i.id ${dir}`;
    }
    const condition = where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
    // The page's place names come from the provider's memo (placeNames), not from this statement.
    const page = (gated: RawBuilder<unknown>, from = source) => sql<EntryRow>`SELECT ${COLUMNS}
        FROM ${from} ${gated}
        ORDER BY ${order} LIMIT ${DISCOVERY_PAGE_SIZE} OFFSET ${body.page * DISCOVERY_PAGE_SIZE}`;
    return {
      page: page(condition),
      /** The page with every candidate ranked (a lookalike page; see LOOKALIKE_PAGE_BOUND). */
      unbounded: unbounded && page(condition, unbounded),
      // With a gate: its row, joined to the page it lets run. Its condition names only the gate's row, so the
      // planner checks it once before the scan (a one-time filter): a stopped search reads no profile.
      gated: gate
        ? sql<EntryRow & Record<string, unknown>>`SELECT g.*, (${gate.proceed}) AS searched, p.*
            FROM (${gate.row}) g
            LEFT JOIN LATERAL (${page(sql`WHERE ${sql.join([...where, gate.proceed], sql` AND `)}`)}) p ON true`
        : undefined,
      ...counting(condition),
      target: body.page === 0 ? target : undefined,
      lists,
      /** A lookalike search filtered by nothing but its gender: its total without a statement (knownTotal). */
      known: wanted !== undefined && (await knownFilters(body, where.length - 1)),
    };
  }

  /** The capped count of a search's matches and the statement whose planned rows estimate them. */
  const counting = (condition: RawBuilder<unknown>) => ({
    count: sql<{ n: number }>`SELECT count(*)::int AS n FROM (
        SELECT 1 FROM influencer_index i ${condition} LIMIT ${DISCOVERY_TOTAL_CAP + 1}) t`,
    matches: sql`SELECT 1 FROM influencer_index i ${condition}`,
  });

  /**
   * Whether a lookalike search's `clauses` conditions (the target's own aside) keep every profile of its gender:
   * its gender filter, and at most a follower cap no profile is above (totals().maxFollowers), nothing else.
   */
  async function knownFilters(body: DiscoverySearch, clauses: number): Promise<boolean> {
    const f = body.filter.influencer;
    const cap = f.followers?.max;
    if (f.followers?.min !== undefined) return false;
    if (clauses !== (f.gender ? 1 : 0) + (cap === undefined ? 0 : 1)) return false;
    return cap === undefined || cap >= (await totals()).maxFollowers;
  }

  /**
   * The total of a lookalike search that keeps every profile of its gender (knownFilters), from the lists'
   * counts (totals(): every profile is in a list): when they hold more than KNOWN_TOTAL_MARGIN ×
   * DISCOVERY_TOTAL_CAP profiles the filter keeps, the answer is the cap, as the planner's estimate of so many
   * matches gives it (total), without the EXPLAIN; undefined otherwise (then total() answers).
   */
  async function knownTotal(body: DiscoverySearch): Promise<{ total: number; capped: boolean } | undefined> {
    const index = await totals();
    if (keptRows(body.filter.influencer.gender, index) > KNOWN_TOTAL_MARGIN * DISCOVERY_TOTAL_CAP)
      return { total: DISCOVERY_TOTAL_CAP, capped: true };
    return undefined;
  }

  /**
   * A lookalike search's page in one statement with its target (the profile, as lookalikeTarget finds it), the
   * nearest lists or parts it ranks (probedLists' first read, chosen in SQL by the same running count) and,
   * given a gate, the gate's row: one round trip instead of the target's and the page's. `enough` is false when
   * the first read does not hold enough rows (probedLists then reads more): the caller then searches as before.
   */
  function foldedLookalike(
    body: DiscoverySearch,
    where: RawBuilder<unknown>[],
    username: string,
    first: { level: Level; count: number },
    gate?: SearchGate,
  ) {
    const gender = body.filter.influencer.gender;
    const want = first.level === 'parts' ? lookalike.sublistCandidates : lookalike.candidates;
    const vector = sql`(SELECT similarity FROM t)`;
    const sameGender =
      gender === 'KNOWN'
        ? sql`AND c.gender IN ('MALE', 'FEMALE')`
        : gender
          ? sql`AND c.gender = ${gender}`
          : sql``;
    const rows =
      first.level === 'parts'
        ? sql`influencer_sublist c WHERE c.sublist = ANY(ARRAY(SELECT id FROM chosen))`
        : sql`influencer_index c WHERE c.centroid = ANY(ARRAY(SELECT id FROM chosen))`;
    const conditions = [...where, sql`i.id <> (SELECT id FROM t)`, ...(gate ? [gate.proceed] : [])];
    const page = sql`SELECT ${COLUMNS}
      FROM (SELECT c.id, c.similarity <-> ${vector} AS d
        FROM ${rows} ${sameGender} ORDER BY d, c.id
        LIMIT ${(body.page + 1) * DISCOVERY_PAGE_SIZE * LOOKALIKE_PAGE_BOUND}) k
      JOIN influencer_index i ON i.id = k.id
      WHERE ${sql.join(conditions, sql` AND `)}
      ORDER BY k.d, k.id LIMIT ${DISCOVERY_PAGE_SIZE} OFFSET ${body.page * DISCOVERY_PAGE_SIZE}`;
    // The lists in the order of their nearest-first scan (numbered before the running count), those the
    // gender filter finds nothing in skipped; chosen: each whose rows before it hold fewer than `want`.
    const ctes = sql`WITH t AS MATERIALIZED (
        SELECT ${COLUMNS}, i.similarity FROM influencer_index i
        WHERE lower(i.username) = ${normalizeUsername(username)} ORDER BY i.followers DESC LIMIT 1
      ), l AS MATERIALIZED (
        SELECT l.id, l.kept, sum(l.kept) OVER (ORDER BY l.n ROWS UNBOUNDED PRECEDING) AS upto
        FROM (SELECT l.id, l.rows, ${keptColumn(gender)} AS kept, row_number() OVER () AS n
          FROM (${nearestLists(first.level, gender, vector, first.count)}) l) l
        WHERE l.rows = 0 OR l.kept > 0
      ), chosen AS (SELECT id FROM l WHERE l.upto - l.kept < ${want})`;
    const enough = sql`(SELECT coalesce(max(upto), 0) >= ${want} FROM l)`;
    const target = sql`(SELECT row_to_json(t) FROM t)`;
    return gate
      ? sql<FoldedRow>`${ctes}
        SELECT g.*, (${gate.proceed}) AS searched, ${target} AS target,
          CASE WHEN ${gate.proceed} THEN ${enough} END AS enough, p.*
        FROM (${gate.row}) g LEFT JOIN LATERAL (${page}) p ON true`
      : sql<FoldedRow>`${ctes}
        SELECT true AS searched, ${target} AS target, ${enough} AS enough, p.*
        FROM (SELECT 1) g LEFT JOIN LATERAL (${page}) p ON true`;
  }
  type FoldedRow = EntryRow & {
    searched: boolean | null;
    target: (EntryRow & { similarity: string }) | null;
    enough: boolean | null;
  } & Record<string, unknown>;

  /**
   * A lookalike search by foldedLookalike (its first read of lists needed: a trained index of at least
   * LOOKALIKE_LISTS_FROM profiles). `again` when the statement's first read did not hold enough rows or did not
   * fill the page: then `run` searches as before, ungated (`gate` holds the gate's row, which let it run). The
   * total: knownTotal, else total() once the target is known (after the statement, not beside it).
   */
  async function runFolded(
    body: DiscoverySearch,
    username: string,
    first: { level: Level; count: number },
    gate?: SearchGate,
  ): Promise<{ gate?: Record<string, unknown>; page?: SearchPage; again?: true }> {
    const where = await whereClauses(body);
    const joined = (await foldedLookalike(body, where, username, first, gate).execute(db)).rows;
    const head = joined[0];
    const target = head?.target;
    if (!head || !target) throw new AppError('not_found', API_MESSAGE.discoveryLookalikeNotFound(username));
    const gateRow = gate
      ? Object.fromEntries(Object.entries(head).filter(([k]) => k.startsWith('gate_')))
      : undefined;
    if (head.searched !== true) return { gate: gateRow };
    const rows = joined.filter((r) => r.id !== null);
    if (head.enough !== true || rows.length < DISCOVERY_PAGE_SIZE) return { gate: gateRow, again: true };
    const counted =
      ((await knownFilters(body, where.length)) ? await knownTotal(body) : undefined) ??
      (await total(
        counting(sql`WHERE ${sql.join([...where, sql`i.id <> ${Number(target.id)}`], sql` AND `)}`),
      ));
    const directs = body.page === 0 ? [target] : [];
    const places = await placeNames([...directs, ...rows]);
    const entry = (r: EntryRow) => ({
      id: Number(r.id),
      modash_id: r.modash_id,
      influencer_data: present(r, places),
    });
    return {
      gate: gateRow,
      page: {
        total: Math.max(counted.total, body.page * DISCOVERY_PAGE_SIZE + rows.length),
        totalCapped: counted.capped,
        directs: directs.map(entry),
        lookalikes: rows.map(entry),
      },
    };
  }

  /**
   * A search, behind `gate` when given: the gate's row and the page in one statement, the total beside it (on
   * another connection; wasted when the gate stops the search, which is then answered without waiting for it).
   * A lookalike search whose first read of lists the target's statement would make is folded into one
   * statement (runFolded; `fold` false: as before, for what that statement cannot answer).
   */
  async function run(
    body: DiscoverySearch,
    gate?: SearchGate,
    fold = true,
  ): Promise<{ gate?: unknown; page?: SearchPage }> {
    const wanted = body.filter.influencer.relevance?.[0];
    if (wanted && fold) {
      const first = await listsFirstRead(1);
      if (first.count) {
        const folded = await runFolded(body, wanted, first, gate);
        if (!folded.again) return folded;
        return { gate: folded.gate, page: (await run(body, undefined, false)).page };
      }
    }
    let q = await queries(body, 1, gate);
    const counting = q.known ? knownTotal(body).then((known) => known ?? total(q)) : total(q);
    let rows: EntryRow[];
    let gateRow: Record<string, unknown> | undefined;
    try {
      if (q.gated) {
        const joined = (await q.gated.execute(db)).rows;
        // The gate's columns (gate_…) are on every row; a stopped search (or an empty page) is one row whose
        // page columns are null.
        const first: Record<string, unknown> = joined[0] ?? {};
        gateRow = Object.fromEntries(Object.entries(first).filter(([k]) => k.startsWith('gate_')));
        rows = joined.filter((r) => r.id !== null);
        if (first.searched !== true) {
          counting.catch(() => undefined);
          return { gate: gateRow };
        }
      } else rows = (await q.page.execute(db)).rows;
    } catch (error) {
      counting.catch(() => undefined);
      throw error;
    }
    const counted = await counting;
    // A lookalike page not filled from its nearest candidates: ranked again from all of them.
    if (q.unbounded && rows.length < DISCOVERY_PAGE_SIZE) rows = (await q.unbounded.execute(db)).rows;
    // A lookalike page not filled from the lists probed (selective filters, a far page): 4× the lists,
    // until every list is probed (the exact answer).
    while (q.lists && !q.lists.all && rows.length < DISCOVERY_PAGE_SIZE) {
      q = await queries(body, q.lists.widen * 4);
      rows = (await (q.unbounded ?? q.page).execute(db)).rows;
    }
    const shown = body.page * DISCOVERY_PAGE_SIZE + rows.length;
    const places = await placeNames(rows);
    return {
      gate: gateRow,
      page: {
        total: Math.max(counted.total, shown),
        totalCapped: counted.capped,
        directs: q.target ? [entryOf(q.target)] : [],
        lookalikes: rows.map((r) => ({
          id: Number(r.id),
          modash_id: r.modash_id,
          influencer_data: present(r, places),
        })),
      },
    };
  }

  const provider: DiscoveryProvider = {
    name: 'local',

    async search(body): Promise<SearchPage> {
      return (await run(body)).page!;
    },

    async searchGated<G>(body: DiscoverySearch, gate: SearchGate) {
      return (await run(body, gate)) as { gate: G; page?: SearchPage };
    },

    async report(modashId) {
      return buildReport(
        await db
          .selectFrom('influencer_index')
          .selectAll()
          .where('modash_id', '=', modashId)
          .executeTakeFirst(),
      );
    },

    async lookup(username) {
      return buildReport(await findByUsername(username));
    },

    async locations(query) {
      const q = query.trim().toLowerCase();
      let rows: {
        id: number;
        name: string;
        title: string;
        type: 'country' | 'state' | 'city';
        country_id: number;
        state_id: number | null;
      }[];
      if (!q) {
        rows = await db
          .selectFrom('discovery_locations')
          .select(['id', 'name', 'title', 'type', 'country_id', 'state_id'])
          .where('type', '=', 'country')
          .orderBy(sql`id = 148838`, 'desc')
          .orderBy('name')
          .limit(10)
          .execute();
      } else {
        rows = await db
          .selectFrom('discovery_locations')
          .select(['id', 'name', 'title', 'type', 'country_id', 'state_id'])
          .where((eb) =>
            eb.or([
              eb(sql`lower(name)`, 'like', `${escapeLike(q)}%`),
              eb(sql`lower(title)`, 'like', `${escapeLike(q)}%`),
            ]),
          )
          .orderBy(sql`CASE type WHEN 'country' THEN 0 WHEN 'state' THEN 1 ELSE 2 END`)
          .orderBy('weight', 'desc')
          .orderBy('title')
          .limit(10)
          .execute();
      }
      return rows.map((r) => ({
        ...r,
        id: Number(r.id),
        country_id: Number(r.country_id),
        state_id: r.state_id === null ? null : Number(r.state_id),
      }));
    },

    async languages(query) {
      const q = query.trim().toLowerCase();
      return LANGUAGES.filter((l) => !q || l.name.toLowerCase().startsWith(q) || l.code.startsWith(q)).map(
        (l) => ({ code: l.code, name: l.name }),
      );
    },

    async contactEmail(modashId) {
      const row = await db
        .selectFrom('influencer_index')
        .select('contact_email')
        .where('modash_id', '=', modashId)
        .executeTakeFirst();
      return row?.contact_email ?? null;
    },
  };
  return Object.assign(provider, {
    queries,
    /** A search as before the lookalike's statement was folded (tests compare the two answers). */
    searchUnfolded: async (body: DiscoverySearch) => (await run(body, undefined, false)).page!,
  });
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;
const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

function present(r: EntryRow, places: Map<number, string>): InfluencerData {
  const place = (id: number | null) => (id === null ? null : (places.get(Number(id)) ?? null));
  const male = r.aud_male;
  return {
    userId: r.modash_id,
    username: r.username,
    fullname: r.fullname,
    picture: r.picture,
    url: r.url,
    platform: r.platform,
    followers: r.followers,
    engagements: r.engagements,
    engagementRate: round5(r.engagement_rate),
    isVerified: r.is_verified,
    hasContactDetails: r.has_contact_details,
    country: place(r.country_id),
    state: place(r.state_id),
    city: place(r.city_id),
    language: r.language ? (languageNames.get(r.language) ?? r.language) : null,
    gender: r.gender,
    ageGroup: r.age_group,
    interests: r.interests.map((id) => interestNames.get(id)).filter((n): n is string => !!n),
    audience: {
      topCountry: place(r.aud_top_country),
      topGender: male === null ? null : male >= 0.5 ? 'MALE' : 'FEMALE',
      topGenderWeight: male === null ? null : round3(Math.max(male, 1 - male)),
      credibility: r.aud_credibility,
    },
  };
}
const round5 = (n: number) => Math.round(n * 100000) / 100000;
