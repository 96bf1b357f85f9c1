import type { Selectable } from 'kysely';
import type { DB } from './schema';

/**
 * Every column of a table, named one by one as `alias.column`, for the statements run on every request that
 * need whole rows: a `*` in a select list keeps a statement from being prepared (db/prepared.ts: a column added
 * by a migration would change a prepared `*`'s result type), so it is parsed and planned on every run. The
 * `Record` of every column (`satisfies`-checked against the table's row type, itself checked against the
 * migrated database by schema.test.ts) keeps the list complete when a column is added.
 */
export function columnsOf<T extends keyof DB, A extends string>(
  alias: A,
  columns: Record<keyof Selectable<DB[T]>, true>,
): `${A}.${keyof Selectable<DB[T]> & string}`[] {
  return Object.keys(columns).map((column) => `${alias}.${column}`) as `${A}.${keyof Selectable<DB[T]> &
    string}`[];
}

/** The users table's columns (loadCaller reads whole user rows on every signed-in request). */
export const USER_COLUMNS = {
  id: true,
  type: true,
  email: true,
  username: true,
  given_name: true,
  family_name: true,
  avatar_type: true,
  avatar: true,
  credits: true,
  status: true,
  email_confirmed_at: true,
  last_seen_at: true,
  token_version: true,
  created_at: true,
  updated_at: true,
} as const satisfies Record<keyof Selectable<DB['users']>, true>;

/** The subscriptions table's columns (GET /my/subscription reads the latest whole row). */
export const SUBSCRIPTION_COLUMNS = {
  id: true,
  user_id: true,
  plan: true,
  status: true,
  trial_ends_at: true,
  current_period_end: true,
  provider: true,
  provider_subscription_id: true,
  canceled_at: true,
  cancel_at_period_end: true,
  created_at: true,
  updated_at: true,
} as const satisfies Record<keyof Selectable<DB['subscriptions']>, true>;

/** The influencer_profiles table's columns. */
export const INFLUENCER_PROFILE_COLUMNS = {
  id: true,
  user_id: true,
  country_id: true,
  state_id: true,
  first_name: true,
  last_name: true,
  email: true,
  phone_number: true,
  address_1: true,
  address_2: true,
  city: true,
  postal_code: true,
  status: true,
  gender: true,
  instagram_username: true,
  instagram_profile_url: true,
  facebook_username: true,
  facebook_profile_url: true,
  twitter_username: true,
  twitter_profile_url: true,
  tiktok_username: true,
  youtube_username: true,
  rating: true,
  data: true,
  website: true,
  birthdate: true,
  bio: true,
  lat: true,
  lng: true,
  created_at: true,
  updated_at: true,
  directory_listed: true,
  directory_first_name: true,
  directory_last_name: true,
  directory_tags: true,
} as const satisfies Record<keyof Selectable<DB['influencer_profiles']>, true>;

/** The campaigns table's columns (GET /campaign/{id} reads the whole row with its page). */
export const CAMPAIGN_COLUMNS = {
  id: true,
  business_id: true,
  type_id: true,
  status: true,
  title: true,
  start_date: true,
  end_date: true,
  description: true,
  brand_overview: true,
  objectives: true,
  talking_points: true,
  post_requirements: true,
  url_tracking: true,
  tracker_url: true,
  product_name: true,
  product_amount_cents: true,
  product_description: true,
  product_link: true,
  total_budget_cents: true,
  amount_per_post_cents: true,
  max_posts_per_influencer: true,
  published_at: true,
  paused_at: true,
  completed_at: true,
  archived_at: true,
  created_at: true,
  updated_at: true,
} as const satisfies Record<keyof Selectable<DB['campaigns']>, true>;

/** The campaign_media table's columns (GET /campaign/{id} lists the campaign's media). */
export const CAMPAIGN_MEDIA_COLUMNS = {
  id: true,
  campaign_id: true,
  key: true,
  mime: true,
  size_bytes: true,
  position: true,
  created_at: true,
} as const satisfies Record<keyof Selectable<DB['campaign_media']>, true>;
