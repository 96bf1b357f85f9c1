import { z } from 'zod';
import { INT4_MAX, id, pagingQuery } from './common';
import {
  ACCURACY_STEPS,
  GENDERS,
  PLATFORMS,
  RADIUS_MAX_MILES,
  RADIUS_MIN_MILES,
  RADIUS_STEP_MILES,
} from './constants';
import { API_MESSAGE } from './messages';

/*
 * Influencer discovery (issue 5; spec §1–§5, §7, §9).
 *
 * The search body follows Modash's Discovery search body (`POST /v1/instagram/search`): `page` (0-based),
 * `sort {field, direction}`, `filter.influencer {…}` and `filter.audience {…}`, so the Modash adapter passes it
 * through and the local index answers the same body.
 *
 * Credits: one credit per page of DISCOVERY_PAGE_SIZE results, one per full profile report. Repeating the same
 * search (same body and page) within 24 h is free, and so is re-opening a report within 24 h. Not enough
 * credits → 402, nothing debited; the provider failing → nothing debited.
 *
 * `total` is exact up to DISCOVERY_TOTAL_CAP matches; when the planner expects more, the local index does not
 * count and answers DISCOVERY_TOTAL_CAP with `totalCapped: true` (a broad search never scans millions of rows
 * to count). On PostgreSQL a count that would take longer than 10 ms is replaced by the planner's estimate,
 * and on the embedded PGlite only an expected 2,000 matches or fewer are counted (else the estimate), both
 * also with `totalCapped: true`: show such a total as approximate ("about 10,000+").
 */

/** Results per page of a discovery search. */
export const DISCOVERY_PAGE_SIZE = 15;
/** Deepest page (0-based) a search may ask for. */
export const DISCOVERY_MAX_PAGE = 66;
/** Past this many matches the local index reports the cap instead of counting (see `totalCapped`). */
export const DISCOVERY_TOTAL_CAP = 10_000;
/** Credits a page of search results costs; a full profile report costs the same. */
export const DISCOVERY_SEARCH_COST = 1;
export const DISCOVERY_REPORT_COST = 1;
/** A repeated identical search, or a re-opened report, is free for this long. */
export const DISCOVERY_CACHE_MS = 24 * 60 * 60 * 1000;

export const DISCOVERY_MAX_IDS = 20;
export const DISCOVERY_MAX_TEXT_TAGS = 10;
export const DISCOVERY_MAX_TEXT_LENGTH = 100;
export const DISCOVERY_LIST_NAME_MAX_LENGTH = 100;
export const DISCOVERY_INVITE_MESSAGE_MAX_LENGTH = 2000;
/** Largest follower count a filter may name. */
export const DISCOVERY_MAX_FOLLOWERS = 1_000_000_000;

export const DISCOVERY_SORT_FIELDS = ['followers', 'engagements', 'engagementRate', 'relevance'] as const;
export type DiscoverySortField = (typeof DISCOVERY_SORT_FIELDS)[number];
export const DISCOVERY_SORT_LABELS: Record<DiscoverySortField, string> = {
  followers: 'Followers',
  engagements: 'Engagements',
  engagementRate: 'Engagement rate',
  relevance: 'Relevance',
};

export const AUDIENCE_AGE_BUCKETS = ['13-17', '18-24', '25-34', '35-44', '45-64', '65-'] as const;
export type AudienceAgeBucket = (typeof AUDIENCE_AGE_BUCKETS)[number];

/** The accuracy slider (spec §9: 25, 50, 75, 100 %) as the weight of an audience filter. */
export const AUDIENCE_WEIGHTS = ACCURACY_STEPS.map((s) => s / 100) as readonly number[];

/** Account types of the index (Modash: 1 regular, 2 business, 3 creator). */
export const ACCOUNT_TYPES = [
  { id: 1, name: 'Regular' },
  { id: 2, name: 'Business' },
  { id: 3, name: 'Creator' },
] as const;

/** Interests an influencer posts about (ids used by `filter.influencer.interests`). */
export const DISCOVERY_INTERESTS = [
  { id: 1, name: 'Beauty & Cosmetics' },
  { id: 2, name: 'Fashion' },
  { id: 3, name: 'Fitness & Yoga' },
  { id: 4, name: 'Food & Cooking' },
  { id: 5, name: 'Travel & Tourism' },
  { id: 6, name: 'Sports' },
  { id: 7, name: 'Music' },
  { id: 8, name: 'Gaming' },
  { id: 9, name: 'Technology' },
  { id: 10, name: 'Parenting & Family' },
  { id: 11, name: 'Pets' },
  { id: 12, name: 'Home & Garden' },
  { id: 13, name: 'Cars & Motorbikes' },
  { id: 14, name: 'Art & Design' },
  { id: 15, name: 'Health & Wellness' },
  { id: 16, name: 'Business & Finance' },
  { id: 17, name: 'Photography' },
  { id: 18, name: 'Entertainment' },
  { id: 19, name: 'Education' },
  { id: 20, name: 'Outdoors' },
] as const;

const noNul = (v: string) => !v.includes('\u0000');
const text = z
  .string()
  .trim()
  .max(DISCOVERY_MAX_TEXT_LENGTH, { error: API_MESSAGE.discoveryTextTooLong(DISCOVERY_MAX_TEXT_LENGTH) })
  .refine(noNul, { error: 'The text contains a character that is not allowed.' });
const count = z.number().int().min(0).max(DISCOVERY_MAX_FOLLOWERS);

function range(label: string, bound: z.ZodNumber) {
  return z
    .object({ min: bound.optional(), max: bound.optional() })
    .refine((r) => r.min === undefined || r.max === undefined || r.min <= r.max, {
      error: API_MESSAGE.discoveryRangeContradictory(label),
    });
}

/** Interest ids are int4 in the index (`interests && $1::int[]`); location ids are bigint. */
const ids = (label: string, max = Number.MAX_SAFE_INTEGER) =>
  z
    .array(z.number().int().positive().max(max))
    .max(DISCOVERY_MAX_IDS, { error: API_MESSAGE.discoveryTooMany(label, DISCOVERY_MAX_IDS) });

const weight = z
  .number()
  .refine((w) => AUDIENCE_WEIGHTS.includes(w), { error: API_MESSAGE.discoveryWeight })
  .default(0.25);

export const influencerFilter = z
  .object({
    followers: range('followers', count).optional(),
    engagementRate: z.number().min(0).max(1).optional().describe('Minimum engagement rate, 0..1'),
    location: ids('locations').optional().describe('Location ids (GET /discovery/locations)'),
    radius: z
      .number()
      .int()
      .min(RADIUS_MIN_MILES)
      .max(RADIUS_MAX_MILES)
      .multipleOf(RADIUS_STEP_MILES)
      .optional()
      .describe('Miles around the one city in `location`'),
    language: z.string().trim().min(2).max(8).optional().describe('Language code, e.g. en'),
    gender: z.enum(GENDERS).optional(),
    age: range('age', z.number().int().min(13).max(100)).optional(),
    lastposted: z.number().int().min(1).max(3650).optional().describe('Posted within this many days'),
    bio: text.optional().describe('Words in the bio'),
    keywords: text.optional().describe('Keywords in captions'),
    textTags: z
      .array(z.object({ type: z.enum(['hashtag', 'mention']), value: text.pipe(z.string().min(1)) }))
      .max(DISCOVERY_MAX_TEXT_TAGS, {
        error: API_MESSAGE.discoveryTooMany('hashtags and mentions', DISCOVERY_MAX_TEXT_TAGS),
      })
      .optional(),
    relevance: z
      .array(text.pipe(z.string().min(2)))
      .max(1, { error: API_MESSAGE.discoveryOneLookalike })
      .optional()
      .describe("['@username']: rank by similarity to that influencer"),
    interests: ids('interests', INT4_MAX).optional(),
    hasContactDetails: z.boolean().optional(),
    isVerified: z.boolean().optional(),
    accountTypes: z.array(z.number().int().min(1).max(3)).max(3).optional(),
    platform: z.enum(PLATFORMS).optional(),
  })
  .refine((f) => f.radius === undefined || f.location?.length === 1, {
    error: API_MESSAGE.discoveryRadiusOneCity,
    path: ['radius'],
  });

export const audienceFilter = z.object({
  location: z
    .array(z.object({ id: z.number().int().positive(), weight }))
    .max(DISCOVERY_MAX_IDS, { error: API_MESSAGE.discoveryTooMany('audience locations', DISCOVERY_MAX_IDS) })
    .optional(),
  gender: z.object({ id: z.enum(['MALE', 'FEMALE']), weight }).optional(),
  age: z
    .array(z.object({ id: z.enum(AUDIENCE_AGE_BUCKETS), weight }))
    .max(AUDIENCE_AGE_BUCKETS.length)
    .optional(),
  language: z.object({ id: z.string().trim().min(2).max(8), weight }).optional(),
  credibility: z.number().min(0).max(1).optional().describe('Minimum audience credibility, 0..1'),
});

/** POST /discovery/instagram/search */
export const discoverySearchBody = z.object({
  page: z
    .number()
    .int()
    .min(0)
    .max(DISCOVERY_MAX_PAGE, { error: API_MESSAGE.discoveryPageTooDeep(DISCOVERY_MAX_PAGE) })
    .default(0),
  sort: z
    .object({ field: z.enum(DISCOVERY_SORT_FIELDS), direction: z.enum(['asc', 'desc']).default('desc') })
    .default({ field: 'followers', direction: 'desc' }),
  filter: z
    .object({
      influencer: influencerFilter.default({}),
      audience: audienceFilter.default({}),
    })
    .default({ influencer: {}, audience: {} }),
});
export type DiscoverySearchBody = z.input<typeof discoverySearchBody>;
export type DiscoverySearch = z.output<typeof discoverySearchBody>;
export type InfluencerFilter = z.output<typeof influencerFilter>;
export type AudienceFilter = z.output<typeof audienceFilter>;

// ── entries and reports ───────────────────────────────────────────────────────────────────────────────────

const share = z.object({ code: z.string(), name: z.string(), weight: z.number() });

/** The card's summary of one influencer; what a list stores as `influencer_data`. */
export const influencerData = z
  .object({
    userId: z.string(),
    username: z.string(),
    fullname: z.string(),
    picture: z.string(),
    url: z.string(),
    platform: z.enum(PLATFORMS),
    followers: z.number().int(),
    engagements: z.number().int(),
    engagementRate: z.number(),
    isVerified: z.boolean(),
    hasContactDetails: z.boolean(),
    country: z.string().nullable(),
    state: z.string().nullable(),
    city: z.string().nullable(),
    language: z.string().nullable().describe('Language name'),
    gender: z.enum(GENDERS),
    ageGroup: z.string().nullable(),
    interests: z.array(z.string()),
    audience: z.object({
      topCountry: z.string().nullable(),
      topGender: z.enum(['MALE', 'FEMALE']).nullable(),
      topGenderWeight: z.number().nullable(),
      credibility: z.number().nullable(),
    }),
  })
  .meta({ id: 'DiscoveryInfluencerData' });
export type InfluencerData = z.infer<typeof influencerData>;

/**
 * A creator who joined REACH behind a discovery entry: an active influencer whose profile names the entry's
 * handle on the entry's platform (instagram_username, tiktok_username or youtube_username, case and a leading
 * `@` ignored). Matched by the service after the provider answered, for whichever provider; the business can
 * invite them in-app (POST /connections/invite with `influencer_id`) and message them (POST
 * /campaigns/{id}/messages with `user_id`).
 */
export const discoveryMember = z
  .object({
    user_id: z.number().int().describe('The REACH user (campaign messages: user_id)'),
    influencer_id: z.number().int().describe('The influencer profile id (POST /connections/invite)'),
    name: z.string().describe('Their name on REACH'),
    username: z.string().describe('The handle on their REACH profile, without @'),
  })
  .meta({ id: 'DiscoveryMember' });
export type DiscoveryMember = z.infer<typeof discoveryMember>;

export const discoveryEntry = z
  .object({
    id: z.number().int().describe('Index id (local) or list member id (lists)'),
    modash_id: z.string(),
    influencer_data: influencerData,
    member: discoveryMember
      .nullable()
      .optional()
      .describe('The REACH member with this handle (search results and lists), null when none'),
  })
  .meta({ id: 'DiscoveryEntry' });
export type DiscoveryEntry = z.infer<typeof discoveryEntry>;

export const discoverySearchResponse = z.object({
  influencers: z.object({
    total: z.number().int(),
    totalCapped: z.boolean().default(false).describe('total is not exact: capped at 10,000 or estimated'),
    directs: z.array(discoveryEntry).describe('An exact username match'),
    lookalikes: z.array(discoveryEntry).describe('The page of results; the client appends later pages'),
  }),
  credits: z.number().int().describe('The balance after this search'),
});
export type DiscoverySearchResponse = z.infer<typeof discoverySearchResponse>;

/** GET /discovery/report/{modash_id}: the full report; costs 1 credit, free again within 24 h. */
export const reportParams = z.object({ modash_id: z.string().trim().min(1).max(64) });

export const discoveryReport = z
  .object({
    profile: influencerData,
    bio: z.string(),
    accountType: z.string(),
    lastPosted: z.string().nullable().describe('ISO date of the latest post'),
    stats: z.object({
      followers: z.number().int(),
      engagements: z.number().int(),
      engagementRate: z.number(),
      avgLikes: z.number().int(),
      avgComments: z.number().int(),
      postsCount: z.number().int(),
    }),
    audience: z.object({
      genders: z.array(z.object({ code: z.enum(['MALE', 'FEMALE']), weight: z.number() })),
      ages: z.array(z.object({ code: z.enum(AUDIENCE_AGE_BUCKETS), weight: z.number() })),
      countries: z.array(share),
      languages: z.array(share),
      credibility: z.number().nullable(),
    }),
    recentPosts: z.array(
      z.object({
        text: z.string(),
        likes: z.number().int(),
        comments: z.number().int(),
        created: z.string(),
      }),
    ),
    hashtags: z.array(z.string()),
    mentions: z.array(z.string()),
  })
  .meta({ id: 'DiscoveryReport' });
export type DiscoveryReport = z.infer<typeof discoveryReport>;

export const discoveryReportResponse = z.object({
  report: discoveryReport,
  credits: z.number().int(),
  member: discoveryMember.nullable().optional().describe('The REACH member with this handle, null when none'),
});
export type DiscoveryReportResponse = z.infer<typeof discoveryReportResponse>;

// ── dictionaries ──────────────────────────────────────────────────────────────────────────────────────────

/** GET /discovery/locations and /discovery/languages (spec §7: `query`, `plataform` spelled as is). */
export const dictionaryQuery = z.object({
  query: z
    .string()
    .trim()
    .max(DISCOVERY_MAX_TEXT_LENGTH, { error: API_MESSAGE.discoveryTextTooLong(DISCOVERY_MAX_TEXT_LENGTH) })
    .default(''),
  plataform: z.enum(PLATFORMS).default('instagram'),
});
export type DictionaryQuery = z.input<typeof dictionaryQuery>;

export const LOCATION_TYPES = ['country', 'state', 'city'] as const;
export const discoveryLocation = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string().describe('Name with its state and country, e.g. Austin, Texas, United States'),
  type: z.enum(LOCATION_TYPES),
  country_id: z
    .number()
    .int()
    .nullable()
    .optional()
    .describe(
      'The country the place lies in (its own id for a country); absent when the provider does not say',
    ),
  state_id: z
    .number()
    .int()
    .nullable()
    .optional()
    .describe('The state the place lies in (its own id for a state); null outside a state'),
});
export type DiscoveryLocation = z.infer<typeof discoveryLocation>;
export const locationsResponse = z.object({ locations: z.array(discoveryLocation) });

export const discoveryLanguage = z.object({ code: z.string(), name: z.string() });
export type DiscoveryLanguage = z.infer<typeof discoveryLanguage>;
export const languagesResponse = z.object({ languages: z.array(discoveryLanguage) });

// ── lists ─────────────────────────────────────────────────────────────────────────────────────────────────

const listName = z
  .string({ error: API_MESSAGE.discoveryListNameRequired })
  .trim()
  .min(1, { error: API_MESSAGE.discoveryListNameRequired })
  .max(DISCOVERY_LIST_NAME_MAX_LENGTH, {
    error: API_MESSAGE.discoveryListNameTooLong(DISCOVERY_LIST_NAME_MAX_LENGTH),
  })
  .refine(noNul, { error: 'The name contains a character that is not allowed.' });

export const DISCOVERY_LIST_SORT_KEYS = ['name', 'created_at', 'influencers'] as const;
/** GET /discovery/list: the business's lists, paged, with their member counts. */
export const discoveryListsQuery = pagingQuery(DISCOVERY_LIST_SORT_KEYS, 'name');
export type DiscoveryListsQuery = z.input<typeof discoveryListsQuery>;

export const discoveryListSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  influencers_count: z.number().int(),
  created_at: z.string(),
});
export type DiscoveryListSummary = z.infer<typeof discoveryListSummary>;
export const discoveryListsPage = z.object({ data: z.array(discoveryListSummary), total: z.number().int() });

/** GET /discovery/list/all: every list of the business with its members (entry id = member id). */
export const discoveryList = z
  .object({ id: z.number().int(), name: z.string(), influencers: z.array(discoveryEntry) })
  .meta({ id: 'DiscoveryList' });
export type DiscoveryList = z.infer<typeof discoveryList>;
export const discoveryListsAll = z.array(discoveryList);

/** POST /discovery/list */
export const createListBody = z.object({ name: listName });
export type CreateListBody = z.input<typeof createListBody>;

/** DELETE /discovery/list/delete-list (list_id in the body or the query) */
export const deleteListBody = z.object({ list_id: id });

/** POST /discovery/list/add-influencer */
export const addListInfluencerBody = z.object({
  list_id: id,
  modash_id: z.string().trim().min(1).max(64),
  influencer_data: influencerData,
});
export type AddListInfluencerBody = z.input<typeof addListInfluencerBody>;

/** POST /discovery/list/remove-influencer: influencer_id is the entry's `id` in the list (member id). */
export const removeListInfluencerBody = z.object({ list_id: id, influencer_id: id });

// ── invites ───────────────────────────────────────────────────────────────────────────────────────────────

/** POST /discovery/invite/message: mail a discovered influencer a sign-up link for one campaign. */
export const discoveryInviteBody = z.object({
  modash_id: z.string().trim().min(1).max(64),
  campaign_id: id,
  message: z
    .string({ error: API_MESSAGE.discoveryInviteMessageRequired })
    .trim()
    .min(1, { error: API_MESSAGE.discoveryInviteMessageRequired })
    .max(DISCOVERY_INVITE_MESSAGE_MAX_LENGTH, {
      error: API_MESSAGE.discoveryInviteMessageTooLong(DISCOVERY_INVITE_MESSAGE_MAX_LENGTH),
    })
    .refine(noNul, { error: 'The message contains a character that is not allowed.' }),
  email: z
    .email({ error: 'Enter a valid email address.' })
    .max(254)
    .optional()
    .describe('Where to send it; defaults to the contact email the index holds'),
});
export type DiscoveryInviteBody = z.input<typeof discoveryInviteBody>;
export const discoveryInviteResponse = z.object({
  id: z.number().int(),
  email: z.string(),
  sent_at: z.string(),
});

/**
 * GET /admin/discovery/instagram/{username}: the provider's report for that username and the REACH member whose
 * profile names it as their Instagram handle (admin only). Either may be null, not both (then 404).
 */
export const adminLookupParams = z.object({ username: z.string().trim().min(1).max(64) });
export const adminDiscoveryMember = discoveryMember
  .extend({
    email: z.string(),
    status: z.enum(['active', 'suspended']),
    joined_at: z.string().describe('ISO date-time the account was created'),
  })
  .meta({ id: 'AdminDiscoveryMember' });
export type AdminDiscoveryMember = z.infer<typeof adminDiscoveryMember>;
export const adminLookupResponse = z.object({
  report: discoveryReport
    .nullable()
    .describe("The provider's report, null when it does not know the username"),
  member: adminDiscoveryMember.nullable().describe('The member with this Instagram handle, null when none'),
});
export type AdminLookupResponse = z.infer<typeof adminLookupResponse>;

/** GET /discovery/avatar/{file}: a local-index profile's generated avatar, `<modash id>.svg`. */
export const avatarParams = z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{1,40}\.svg$/) });
