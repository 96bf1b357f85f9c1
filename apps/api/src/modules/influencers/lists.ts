import { LIVE_CONNECTION_STATUSES } from '@reach/contract/connections';
import type { Gender } from '@reach/contract/constants';
import {
  AGE_PATTERN,
  type InfluencerListItem,
  type InfluencerSortKey,
  type InfluencersPage,
  type influencersQuery,
  type Relationship,
} from '@reach/contract/directory';
import { API_MESSAGE } from '@reach/contract/messages';
import {
  type Kysely,
  type OrderByItemBuilder,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import type { z } from 'zod';
import type { Actor } from '../../actor';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { StatementShapes } from '../../db/statement-shapes';
import { AppError } from '../../lib/app-error';
import { pageTotal } from '../../lib/paged';
import { avatarUrl, influencerName } from '../../lib/people';
import { zipLocation } from '../../lib/zip-codes';

type Query = z.output<typeof influencersQuery>;

/** Meters in a statute mile: radius search works in miles, earthdistance in meters. */
export const METERS_PER_MILE = 1609.344;

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** The calendar date of the app's clock, so ages follow the (test-replaceable) clock, not the server's. */
export const today = (ctx: AppContext) => ctx.now().toISOString().slice(0, 10);

/** Age in whole years on `day`, from the birthdate. */
const ageSql = (day: string) => sql<number | null>`extract(year from age(${day}::date, p.birthdate))::int`;

/**
 * The calling business's relationship with the influencer of row `p`: connected, pending or none (always none
 * for an admin, who is no business).
 */
function relationshipSql(businessId: number | null) {
  if (businessId === null) return sql<Relationship>`'none'`;
  return sql<Relationship>`case
    when exists (select 1 from connections r where r.business_id = ${businessId}
                 and r.influencer_user_id = p.user_id and r.status in ('accepted', 'completed')) then 'connected'
    when exists (select 1 from connections r where r.business_id = ${businessId}
                 and r.influencer_user_id = p.user_id and r.status in ('invited', 'applied')) then 'pending'
    else 'none' end`;
}

/**
 * The profiles listed in the directory: active, confirmed influencer accounts (`directory_listed`, kept on the
 * profile by triggers from its user: migration 0029). A literal condition, not a parameter, so that a prepared
 * statement's generic plan can use the indexes over the listed profiles.
 */
function listedProfiles(db: Kysely<DB>) {
  return db.selectFrom('influencer_profiles as p').where(sql<SqlBool>`p.directory_listed`);
}

/** The directory's rows: listed profiles with their user and state. */
export function directoryBase(db: Kysely<DB>) {
  return listedProfiles(db)
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .leftJoin('states as s', 's.id', 'p.state_id');
}

type Directory = ReturnType<typeof directoryBase>;

/**
 * The public columns of a directory row (see presentListItem), added to what `q` already selects (the list's
 * page keys, say).
 */
export function selectListColumns<O>(
  q: SelectQueryBuilder<
    Directory extends SelectQueryBuilder<infer D, infer _T, infer _O> ? D : never,
    'p' | 'u' | 's',
    O
  >,
  businessId: number | null,
  day: string,
) {
  return q
    .select([
      'p.id',
      'p.user_id',
      'p.first_name',
      'p.last_name',
      'u.given_name',
      'u.family_name',
      'u.avatar',
      'u.avatar_type',
      'p.city',
      's.name as state',
      's.code as state_code',
      'p.gender',
      'p.rating',
      'p.instagram_username',
      'p.tiktok_username',
      'p.youtube_username',
      ageSql(day).as('age'),
      relationshipSql(businessId).as('relationship'),
    ])
    .select((eb) => [
      // The profile's interests as influencerTags (lib/influencer-tags.ts) reads them, kept by triggers.
      'p.directory_tags as tags',
      eb
        .selectFrom('reviews as rv')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('rv.subject_user_id', '=', 'p.user_id')
        .where('rv.status', '=', 'visible')
        .where('rv.author_type', '=', 'business')
        .as('reviews_count'),
    ]);
}
type ListRow = Awaited<ReturnType<ReturnType<typeof selectListColumns>['executeTakeFirstOrThrow']>>;

export function presentListItem(
  ctx: AppContext,
  r: ListRow,
  distanceMiles: number | null = null,
): InfluencerListItem {
  return {
    id: r.id,
    user_id: r.user_id,
    name: influencerName(r),
    first_name: r.first_name,
    last_name: r.last_name,
    avatar: avatarUrl(ctx, r.avatar, r.avatar_type),
    avatarType: r.avatar_type,
    city: r.city,
    state: r.state,
    state_code: r.state_code,
    gender: r.gender as Gender | null,
    age: r.age === null ? null : Number(r.age),
    rating: r.rating === null ? null : Number(r.rating),
    reviews_count: Number(r.reviews_count ?? 0),
    tags: r.tags,
    instagram_username: r.instagram_username,
    tiktok_username: r.tiktok_username,
    youtube_username: r.youtube_username,
    relationship: r.relationship,
    distance_miles: distanceMiles === null ? null : Math.round(distanceMiles * 10) / 10,
  };
}

/** The campaign of a `campaignId` filter: the business's own (admins: any), else 404. */
async function assertCampaign(ctx: AppContext, actor: Actor, campaignId: number) {
  const c = await ctx.db
    .selectFrom('campaigns')
    .select(['id', 'business_id'])
    .where('id', '=', campaignId)
    .executeTakeFirst();
  if (!c || (actor.type !== 'admin' && (actor.type !== 'business' || c.business_id !== actor.businessId))) {
    throw new AppError('not_found', API_MESSAGE.campaignNotFound, {
      campaignId: API_MESSAGE.campaignNotFound,
    });
  }
}

/**
 * The values of a directory page's statement (see StatementShapes): the caller, today, and each filter as its
 * statement compares it. Absent filters are `undefined`; a caller who is no business is `business: null`.
 */
type Filters = {
  business: number | null;
  today: string;
  tag: number | undefined;
  rating: number | undefined;
  namePattern: string | undefined;
  relationship: Relationship | undefined;
  state: number | undefined;
  ageMin: number | undefined;
  ageMax: number | undefined;
  gender: Gender | undefined;
  campaignId: number | undefined;
  lat: number | undefined;
  lng: number | undefined;
  meters: number | undefined;
};

/** How the gender filter reads: a group of values (KNOWN, UNKNOWN) or one value. */
const genderMode = (gender: Gender | undefined) =>
  gender === 'KNOWN' || gender === 'UNKNOWN' ? gender : gender === undefined ? 'any' : 'one';

/**
 * The filtered directory and the distance from the radius search's centre (when there is one), over the
 * profiles alone: what it reads of the user (listed or not, the displayed names) is kept on the profile.
 */
function filteredDirectory(ctx: AppContext, f: Filters, query: Query) {
  const origin = f.lat !== undefined ? sql`ll_to_earth(${f.lat}, ${f.lng})` : null;
  const distance = origin ? sql<number>`earth_distance(${origin}, ll_to_earth(p.lat, p.lng))` : null;

  let q = listedProfiles(ctx.db);
  if (f.tag !== undefined) {
    const tag = f.tag;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('influencer_interests as ti')
          .select('ti.influencer_id')
          .whereRef('ti.influencer_id', '=', 'p.id')
          .where('ti.interest_id', '=', tag),
      ),
    );
  }
  if (f.rating !== undefined) q = q.where('p.rating', '>=', f.rating);
  if (f.namePattern !== undefined) {
    const pattern = f.namePattern;
    q = q.where((eb) =>
      eb.or([
        // The displayed name, lower-cased (ILIKE compares lower-cased text anyway).
        eb(sql`p.directory_first_name || ' ' || p.directory_last_name`, 'ilike', pattern),
        eb('p.instagram_username', 'ilike', pattern),
        eb('p.tiktok_username', 'ilike', pattern),
        eb('p.youtube_username', 'ilike', pattern),
      ]),
    );
  }
  if (f.relationship !== undefined) {
    q = q.where(sql<SqlBool>`${relationshipSql(f.business)} = ${f.relationship}`);
  }
  if (f.state !== undefined) q = q.where('p.state_id', '=', f.state);
  if (query.platform !== undefined) q = q.where(`p.${query.platform}_username`, 'is not', null);
  if (f.ageMin !== undefined) {
    const age = ageSql(f.today);
    q = q.where(age, '>=', f.ageMin);
    if (f.ageMax !== undefined) q = q.where(age, '<=', f.ageMax);
  }
  const gender = genderMode(query.gender);
  if (gender === 'KNOWN') q = q.where('p.gender', 'in', ['MALE', 'FEMALE', 'KNOWN']);
  else if (gender === 'UNKNOWN')
    q = q.where((eb) => eb.or([eb('p.gender', 'is', null), eb('p.gender', '=', 'UNKNOWN')]));
  else if (gender === 'one' && f.gender !== undefined) q = q.where('p.gender', '=', f.gender);
  if (f.campaignId !== undefined) {
    const campaignId = f.campaignId;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('connections as cc')
          .select('cc.id')
          .whereRef('cc.influencer_user_id', '=', 'p.user_id')
          .where('cc.campaign_id', '=', campaignId)
          .where('cc.status', 'in', LIVE_CONNECTION_STATUSES),
      ),
    );
  }
  if (origin && distance) {
    q = q
      .where('p.lat', 'is not', null)
      .where('p.lng', 'is not', null)
      .where(sql<SqlBool>`earth_box(${origin}, ${f.meters}) @> ll_to_earth(p.lat, p.lng)`)
      .where(sql<SqlBool>`${distance} <= ${f.meters}`);
  }
  return { q, distance };
}

/** The profile's columns a directory row reads (selectListColumns, presentListItem), carried by the page's rows. */
const PAGE_PROFILE_COLUMNS = [
  'p.id',
  'p.user_id',
  'p.first_name',
  'p.last_name',
  'p.city',
  'p.state_id',
  'p.gender',
  'p.rating',
  'p.instagram_username',
  'p.tiktok_username',
  'p.youtube_username',
  'p.birthdate',
  'p.directory_tags',
] as const;

/**
 * The statement of one directory page. The filtered profiles are sorted and cut to the page with the columns
 * the rows show (through the name sorts' indexes, the page's profiles only are read); each row's user and state
 * are then read by primary key, and its review count and relationship computed, for the page's rows only.
 *
 * The total is a count of the same filtered set in the select list (run once, as an InitPlan), not
 * `count(*) over ()` on the page: a window over the filtered set reads every match through the page query, so
 * a page ordered by an index stopped after its rows no more (~200 of the statement's ~700 µs of database CPU on
 * the demo data). The user and state are joined laterally, held by `OFFSET 0` (see lib/influencer-tags.ts):
 * without statistics PostgreSQL hashed every user or profile to join the page's 20 rows.
 */
function pageQuery(ctx: AppContext, f: Filters, query: Query) {
  const { q, distance } = filteredDirectory(ctx, f, query);
  const sort: Record<InfluencerSortKey, RawBuilder<unknown>> = {
    // lower(coalesce(p.first_name, u.given_name)) and the same of the last name, kept on the profile and indexed.
    first_name: sql`p.directory_first_name`,
    last_name: sql`p.directory_last_name`,
    rating: sql`p.rating`,
    age: ageSql(f.today),
    city: sql`lower(p.city)`,
    created_at: sql`p.created_at`,
    distance: distance ?? sql`p.id`,
  };
  const direction = (ob: OrderByItemBuilder) =>
    (query.sortDesc === 'desc' ? ob.desc() : ob.asc()).nullsLast();
  const page = q
    .select([
      ...PAGE_PROFILE_COLUMNS,
      sort[query.sortBy].as('sort_key'),
      distance ? distance.as('distance_m') : sql<null>`null`.as('distance_m'),
    ])
    .orderBy(sql`sort_key`, direction)
    .orderBy('p.id', query.sortDesc)
    // Literal, not parameters, so that PostgreSQL keeps one generic plan for the prepared statement
    // (see campaigns/lists.ts).
    .limit(sql.lit(query.items))
    .offset(sql.lit((query.page - 1) * query.items));
  const rows = ctx.db
    .selectFrom(page.as('p'))
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('users as u')
          .select(['u.given_name', 'u.family_name', 'u.avatar', 'u.avatar_type'])
          .whereRef('u.id', '=', 'p.user_id')
          .offset(sql.lit(0))
          .as('u'),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('states as s')
          .select(['s.name', 's.code'])
          .whereRef('s.id', '=', 'p.state_id')
          .offset(sql.lit(0))
          .as('s'),
      (join) => join.onTrue(),
    );
  // The derived tables p, u and s carry the columns selectListColumns reads, under the same names.
  return selectListColumns(rows as unknown as Directory, f.business, f.today)
    .select([
      sql<number | null>`p.distance_m`.as('distance_m'),
      sql<number | string>`(${q.select(sql`count(*)`.as('n'))})`.as('full_count'),
    ])
    .orderBy(sql`p.sort_key`, direction)
    .orderBy('p.id', query.sortDesc);
}

/** The page statements, one per shape (the filters set, the platform, the gender's kind, the sort, the page). */
const pages = new StatementShapes();

/**
 * GET /influencers: the directory, every filter of spec §7 in SQL. A radius search takes the ZIP code's
 * centroid and keeps the profiles whose (lat, lng) lie within `radius` miles: earth_box() finds candidates
 * through the GiST index on ll_to_earth(lat, lng), earth_distance() then checks the exact great-circle
 * distance (earthdistance's sphere).
 */
export async function listInfluencers(ctx: AppContext, actor: Actor, query: Query): Promise<InfluencersPage> {
  if (query.campaignId !== undefined) await assertCampaign(ctx, actor, query.campaignId);
  let center: { lat: number; lng: number } | undefined;
  if (query.zipcode !== undefined) {
    center = await zipLocation(ctx.db, query.zipcode);
    if (!center)
      throw new AppError('validation', API_MESSAGE.directoryZipUnknown, {
        zipcode: API_MESSAGE.directoryZipUnknown,
      });
  }
  const [, min, max] = query.age?.match(AGE_PATTERN) ?? [];
  const filters: Filters = {
    business: actor.type === 'business' ? actor.businessId : null,
    today: today(ctx),
    tag: query.tag,
    rating: query.rating,
    namePattern: query.name ? like(query.name) : undefined,
    relationship: query.relationship,
    state: query.state,
    ageMin: min === undefined ? undefined : Number(min),
    ageMax: max === undefined ? undefined : Number(max),
    gender: query.gender,
    campaignId: query.campaignId,
    lat: center?.lat,
    lng: center?.lng,
    meters: center ? (query.radius ?? 0) * METERS_PER_MILE : undefined,
  };
  const page = await pages.execute(
    ctx.db,
    [query.sortBy, query.sortDesc, query.items, query.page, query.platform, genderMode(query.gender)].join(
      ' ',
    ),
    filters,
    (slotted) => pageQuery(ctx, slotted, query),
  );
  const total = await pageTotal(page, query.page, async () => {
    const { q } = filteredDirectory(ctx, filters, query);
    return (await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
  });
  return {
    data: page.map((r) =>
      presentListItem(ctx, r, r.distance_m === null ? null : Number(r.distance_m) / METERS_PER_MILE),
    ),
    total,
  };
}
