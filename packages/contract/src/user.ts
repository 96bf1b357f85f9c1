import { z } from 'zod';
import { USER_TYPES } from './constants';

export const business = z
  .object({
    type: z.string().nullable(),
    business_name: z.string().nullable(),
    address_1: z.string().nullable(),
    city: z.string().nullable(),
    state_id: z.number().int().nullable(),
    postal_code: z.string().nullable(),
    website: z.string().nullable(),
    description: z.string().nullable(),
    active_subscription_id: z.number().int().nullable(),
  })
  .meta({ id: 'Business' });
export type Business = z.infer<typeof business>;

export const influencerProfile = z
  .object({
    id: z.number().int(),
    user_id: z.number().int(),
    country_id: z.number().int().nullable(),
    state_id: z.number().int().nullable(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    email: z.string().nullable(),
    phone_number: z.string().nullable(),
    address_1: z.string().nullable(),
    address_2: z.string().nullable(),
    city: z.string().nullable(),
    postal_code: z.string().nullable(),
    status: z.string().nullable(),
    gender: z.string().nullable(),
    age: z.number().int().nullable(),
    instagram_username: z.string().nullable(),
    instagram_profile_url: z.string().nullable(),
    facebook_username: z.string().nullable(),
    facebook_profile_url: z.string().nullable(),
    twitter_username: z.string().nullable(),
    twitter_profile_url: z.string().nullable(),
    tiktok_username: z.string().nullable(),
    youtube_username: z.string().nullable(),
    rating: z.number().nullable(),
    data: z.record(z.string(), z.unknown()).nullable(),
    website: z.string().nullable(),
    birthdate: z.string().nullable().describe('YYYY-MM-DD'),
    bio: z.string().nullable(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    state: z.string().nullable().describe('State name'),
    tags: z.array(z.object({ id: z.number().int(), name: z.string() })),
  })
  .meta({ id: 'InfluencerProfile' });
export type InfluencerProfile = z.infer<typeof influencerProfile>;

export const subscriptionMetadata = z
  .object({
    trial: z.boolean().describe('True while the 7-day Pro trial runs'),
    plan: z.enum(['free', 'pro', 'business']),
    status: z.enum(['trialing', 'active', 'past_due', 'canceled', 'none']),
    trial_ends_at: z.string().nullable(),
    current_period_end: z.string().nullable(),
  })
  .meta({ id: 'SubscriptionMetadata' });
export type SubscriptionMetadata = z.infer<typeof subscriptionMetadata>;

/** The User entity of spec §3, returned by GET /my/user. */
export const user = z
  .object({
    id: z.number().int(),
    type: z.enum(USER_TYPES),
    name: z.string(),
    email: z.string(),
    username: z.string(),
    avatarType: z.enum(['initials', 'upload']),
    avatar: z.string().nullable().describe('Path under the storage base URL when avatarType is upload'),
    credits: z.number().int(),
    business: business.nullable(),
    influencer: influencerProfile.nullable(),
    subscription_metadata: subscriptionMetadata.nullable(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof user>;

export const health = z.object({ status: z.literal('ok'), database: z.literal('ok'), version: z.string() });
