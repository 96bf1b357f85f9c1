import { z } from 'zod';
import { CAMPAIGN_STATUSES } from './campaigns';
import { id, pagingQuery } from './common';
import { CONNECTION_STATUSES, review } from './connections';
import { GENDERS, PLATFORMS, RADIUS_MAX_MILES, RADIUS_MIN_MILES, RADIUS_STEP_MILES } from './constants';
import { API_MESSAGE } from './messages';

/*
 * The directories of issue 6: influencers on REACH for businesses (GET /influencers, GET /influencer/{id}) and
 * businesses for influencers (GET /businesses, GET /businesses/list, GET /my/businesses, GET /business/{id}).
 * Only public profile fields leave the server: no email, phone, street address, birthdate or coordinates.
 */

const INT4_MAX = 2_147_483_647;
const noNul = (v: string) => !v.includes('\u0000');
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
const text = z
  .string()
  .trim()
  .max(100)
  .refine(noNul, { error: 'The search contains a character that is not allowed.' });

/** Relationship of an influencer with the calling business. */
export const RELATIONSHIPS = ['connected', 'pending', 'none'] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];
export const RELATIONSHIP_LABELS: Record<Relationship, string> = {
  connected: 'Worked together',
  pending: 'Invitation pending',
  none: 'Not connected',
};

/** Age ranges offered by the directory's filter; the API takes any "min-max" or "min+". */
export const AGE_RANGES = ['18-24', '25-34', '35-44', '45-54', '55+'] as const;
export const AGE_PATTERN = /^(\d{1,3})(?:-(\d{1,3})|\+)$/;

export const RADIUS_OPTIONS: readonly number[] = Array.from(
  { length: (RADIUS_MAX_MILES - RADIUS_MIN_MILES) / RADIUS_STEP_MILES + 1 },
  (_, i) => RADIUS_MIN_MILES + i * RADIUS_STEP_MILES,
);

export const INFLUENCER_SORT_KEYS = [
  'first_name',
  'last_name',
  'rating',
  'age',
  'city',
  'created_at',
  'distance',
] as const;
export type InfluencerSortKey = (typeof INFLUENCER_SORT_KEYS)[number];

/**
 * GET /influencers (spec §7). `zipcode` and `radius` (miles, 25–200 in steps of 25) go together; `distance`
 * sorting needs them. `rating` is a minimum; `age` a range ("25-34" or "55+"); `gender` KNOWN means any
 * stated gender and UNKNOWN none.
 */
export const influencersQuery = pagingQuery(INFLUENCER_SORT_KEYS, 'first_name')
  .extend({
    tag: optional(id.max(INT4_MAX)).describe('Interest id'),
    rating: optional(z.coerce.number().min(0).max(5)).describe('Minimum rating (0–5)'),
    name: optional(text).describe('Part of the name or a social username'),
    relationship: optional(z.enum(RELATIONSHIPS)).describe('With your business'),
    state: optional(id.max(INT4_MAX)).describe('State id'),
    platform: optional(z.enum(PLATFORMS)),
    age: optional(z.string().trim().regex(AGE_PATTERN, { error: API_MESSAGE.directoryAgeFormat })).describe(
      'An age range: "25-34" or "55+"',
    ),
    gender: optional(z.enum(GENDERS)),
    campaignId: optional(id).describe('Influencers connected to this campaign of yours'),
    zipcode: optional(
      z
        .string()
        .trim()
        .regex(/^\d{5}$/, { error: API_MESSAGE.directoryZipFormat }),
    ).describe('US ZIP code; needs radius'),
    radius: optional(
      z.coerce
        .number({ error: API_MESSAGE.directoryRadiusRange })
        .int({ error: API_MESSAGE.directoryRadiusRange })
        .min(RADIUS_MIN_MILES, { error: API_MESSAGE.directoryRadiusRange })
        .max(RADIUS_MAX_MILES, { error: API_MESSAGE.directoryRadiusRange })
        .refine((v) => v % RADIUS_STEP_MILES === 0, { error: API_MESSAGE.directoryRadiusRange }),
    ).describe('Miles around zipcode; needs zipcode'),
  })
  .superRefine((q, issue) => {
    if ((q.zipcode === undefined) !== (q.radius === undefined)) {
      issue.addIssue({
        code: 'custom',
        message: API_MESSAGE.directoryZipRadiusTogether,
        path: [q.zipcode === undefined ? 'zipcode' : 'radius'],
      });
    }
    if (q.sortBy === 'distance' && q.zipcode === undefined) {
      issue.addIssue({ code: 'custom', message: API_MESSAGE.directoryDistanceSort, path: ['sortBy'] });
    }
  });
export type InfluencersQuery = z.input<typeof influencersQuery>;

const avatarType = z.enum(['initials', 'upload']);
const tag = z.object({ id: z.number().int(), name: z.string() });

export const influencerListItem = z
  .object({
    id: z.number().int().describe('Influencer profile id'),
    user_id: z.number().int(),
    name: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    avatar: z.string().nullable(),
    avatarType: avatarType,
    city: z.string().nullable(),
    state: z.string().nullable().describe('State name'),
    state_code: z.string().nullable(),
    gender: z.enum(GENDERS).nullable(),
    age: z.number().int().nullable(),
    rating: z.number().nullable(),
    reviews_count: z.number().int(),
    tags: z.array(tag),
    instagram_username: z.string().nullable(),
    tiktok_username: z.string().nullable(),
    youtube_username: z.string().nullable(),
    relationship: z.enum(RELATIONSHIPS),
    distance_miles: z.number().nullable().describe('From the zipcode, when searching by radius'),
  })
  .meta({ id: 'InfluencerListItem' });
export type InfluencerListItem = z.infer<typeof influencerListItem>;
export const influencersPage = z.object({ data: z.array(influencerListItem), total: z.number().int() });
export type InfluencersPage = z.infer<typeof influencersPage>;

export const SOCIAL_PLATFORMS = ['instagram', 'tiktok', 'youtube', 'facebook', 'twitter'] as const;
export const SOCIAL_LABELS: Record<(typeof SOCIAL_PLATFORMS)[number], string> = {
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
};

/** A past or current connection between the calling business and the influencer. */
export const collaboration = z.object({
  connection_id: z.number().int(),
  campaign_id: z.number().int(),
  campaign_title: z.string().nullable(),
  status: z.enum(CONNECTION_STATUSES),
  updated_at: z.string(),
});

/** GET /influencer/{id}: the influencer's profile id. */
export const influencerIdParams = z.object({ id });

/** GET /influencer/{id}: the public profile, with this business's history with the influencer. */
export const influencerPublicProfile = influencerListItem
  .omit({ distance_miles: true })
  .extend({
    bio: z.string().nullable(),
    website: z.string().nullable(),
    socials: z.array(z.object({ platform: z.enum(SOCIAL_PLATFORMS), username: z.string(), url: z.string() })),
    reviews: z.array(review).describe('Visible reviews, newest first (at most 20)'),
    collaborations: z.array(collaboration).describe('Your connections with this influencer, newest first'),
    member_since: z.string(),
  })
  .meta({ id: 'InfluencerPublicProfile' });
export type InfluencerPublicProfile = z.infer<typeof influencerPublicProfile>;

// ── businesses ────────────────────────────────────────────────────────────────────────────────────────────

export const BUSINESS_SORT_KEYS = [
  'business_name',
  'city',
  'rating',
  'active_campaigns',
  'created_at',
] as const;
export type BusinessSortKey = (typeof BUSINESS_SORT_KEYS)[number];

/**
 * GET /businesses and GET /my/businesses (spec §7): `campaign` is part of an active campaign's title, `tag` an
 * interest of its active campaigns, `location` a city, state name, state code or ZIP prefix.
 */
export const businessesQuery = pagingQuery(BUSINESS_SORT_KEYS, 'business_name').extend({
  campaign: optional(text).describe('Part of the title of one of its active campaigns'),
  name: optional(text).describe('Part of the business name'),
  tag: optional(id.max(INT4_MAX)).describe('Interest id of one of its active campaigns'),
  location: optional(text).describe('City, state name or code, or ZIP code prefix'),
});
export type BusinessesQuery = z.input<typeof businessesQuery>;

export const businessListItem = z
  .object({
    id: z.number().int(),
    business_name: z.string().nullable(),
    type: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    state_code: z.string().nullable(),
    website: z.string().nullable(),
    description: z.string().nullable(),
    avatar: z.string().nullable(),
    avatarType: avatarType,
    active_campaigns: z.number().int(),
    rating: z.number().nullable().describe('Average of its visible reviews by influencers'),
    reviews_count: z.number().int(),
    tags: z.array(tag).describe('Interests of its active campaigns'),
    connected: z.boolean().describe('You (an influencer) have worked or work with it'),
  })
  .meta({ id: 'BusinessListItem' });
export type BusinessListItem = z.infer<typeof businessListItem>;
export const businessesPage = z.object({ data: z.array(businessListItem), total: z.number().int() });
export type BusinessesPage = z.infer<typeof businessesPage>;

export const businessIdParams = z.object({ id });

/** GET /business/{id}: a business's public profile, its active campaigns, reviews and your connections. */
export const businessPublicProfile = businessListItem
  .extend({
    campaigns: z.array(
      z.object({
        id: z.number().int(),
        title: z.string().nullable(),
        status: z.enum(CAMPAIGN_STATUSES),
        type_name: z.string(),
        start_date: z.string().nullable(),
        end_date: z.string().nullable(),
        amount_per_post_cents: z.number().int().nullable(),
        product_name: z.string().nullable(),
        excerpt: z.string().nullable(),
      }),
    ),
    reviews: z.array(review),
    collaborations: z.array(collaboration).describe('Your connections with this business (influencers)'),
    member_since: z.string(),
  })
  .meta({ id: 'BusinessPublicProfile' });
export type BusinessPublicProfile = z.infer<typeof businessPublicProfile>;
