import type { AdminUser, AuditEntry } from '@reach/contract/admin-users';
import { isExternalUsername } from '@reach/contract/constants';
import type { User } from '@reach/contract/user';
import type { AppContext } from '../../context';
import type { SubscriptionRow, UserRow } from '../../db/schema';
import { subscriptionState } from '../../lib/subscription-state';
import type { CurrentUserFacts } from './queries';

/** Builds the spec's User entity (GET /my/user) from the user and its facts (queries.ts): whitelisted fields only. */
export function presentCurrentUser(ctx: AppContext, user: UserRow, facts: CurrentUserFacts): User {
  const base = {
    id: user.id,
    type: user.type,
    email: user.email,
    username: user.username,
    avatarType: user.avatar_type,
    avatar: user.avatar ? ctx.storage.url(user.avatar) : null,
    credits: user.credits,
  };
  if (facts.type === 'business') {
    const { business, subscription } = facts;
    const state = subscriptionState(subscription, ctx.now());
    return {
      ...base,
      name: business?.business_name || `${user.given_name} ${user.family_name}`,
      business: business
        ? {
            type: business.type,
            business_name: business.business_name,
            address_1: business.address_1,
            city: business.city,
            state_id: business.state_id,
            postal_code: business.postal_code,
            website: business.website,
            description: business.description,
            active_subscription_id: state.activeSubscriptionId,
          }
        : null,
      influencer: null,
      subscription_metadata: state.metadata,
    };
  }
  if (facts.type === 'influencer') {
    const { profile, tags } = facts;
    return {
      ...base,
      name: `${user.given_name} ${user.family_name}`,
      business: null,
      influencer: profile
        ? {
            id: profile.id,
            user_id: profile.user_id,
            country_id: profile.country_id,
            state_id: profile.state_id,
            first_name: profile.first_name,
            last_name: profile.last_name,
            email: profile.email,
            phone_number: profile.phone_number,
            address_1: profile.address_1,
            address_2: profile.address_2,
            city: profile.city,
            postal_code: profile.postal_code,
            status: profile.status,
            gender: profile.gender,
            age: ageOn(profile.birthdate, ctx.now()),
            instagram_username: profile.instagram_username,
            instagram_profile_url: profile.instagram_profile_url,
            facebook_username: profile.facebook_username,
            facebook_profile_url: profile.facebook_profile_url,
            twitter_username: profile.twitter_username,
            twitter_profile_url: profile.twitter_profile_url,
            tiktok_username: profile.tiktok_username,
            youtube_username: profile.youtube_username,
            rating: profile.rating,
            data: (profile.data as Record<string, unknown> | null) ?? null,
            website: profile.website,
            birthdate: profile.birthdate,
            bio: profile.bio,
            lat: profile.lat,
            lng: profile.lng,
            state: profile.state_name,
            tags,
          }
        : null,
      subscription_metadata: null,
    };
  }
  return {
    ...base,
    name: `${user.given_name} ${user.family_name}`,
    business: null,
    influencer: null,
    subscription_metadata: null,
  };
}

export function ageOn(birthdate: string | null, now: Date): number | null {
  if (!birthdate) return null;
  const [y, m, d] = birthdate.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age--;
  return age;
}

/** What the admin user queries select for one account (see lists.ts). */
export type AdminUserRow = Pick<
  UserRow,
  | 'id'
  | 'type'
  | 'email'
  | 'username'
  | 'given_name'
  | 'family_name'
  | 'status'
  | 'avatar'
  | 'avatar_type'
  | 'credits'
  | 'email_confirmed_at'
  | 'last_seen_at'
  | 'created_at'
> & { business_id: number | null; business_name: string | null; name: string };

/** An account in the admin table: whitelisted fields only, with the subscription state of a business. */
export function presentAdminUser(
  ctx: AppContext,
  row: AdminUserRow,
  subscription:
    | Pick<SubscriptionRow, 'id' | 'plan' | 'status' | 'trial_ends_at' | 'current_period_end'>
    | undefined,
): AdminUser {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    email: row.email,
    username: row.username,
    status: row.status,
    avatar_url: row.avatar_type === 'upload' && row.avatar ? ctx.storage.url(row.avatar) : null,
    credits: row.credits,
    external: isExternalUsername(row.username),
    email_confirmed: row.email_confirmed_at !== null,
    business_id: row.business_id,
    business_name: row.business_name,
    subscription: row.type === 'business' ? subscriptionState(subscription, ctx.now()).metadata : null,
    created_at: row.created_at.toISOString(),
    last_seen_at: row.last_seen_at?.toISOString() ?? null,
  };
}

export type AuditRow = {
  id: number;
  action: string;
  data: unknown;
  created_at: Date;
  actor_id: number | null;
  actor_name: string | null;
};

export function presentAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    action: row.action,
    actor:
      row.actor_id !== null && row.actor_name !== null ? { id: row.actor_id, name: row.actor_name } : null,
    data: (row.data as Record<string, unknown> | null) ?? null,
    created_at: row.created_at.toISOString(),
  };
}
