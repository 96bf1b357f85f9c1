import type { AppContext } from '../context';

/* How people are shown, the same in every module (connections, posts, reviews, the directories). */

/** An influencer's display name: the profile's names, else the account's. */
export function influencerName(r: {
  first_name: string | null;
  last_name: string | null;
  given_name: string;
  family_name: string;
}): string {
  const first = r.first_name ?? r.given_name;
  const last = r.last_name ?? r.family_name;
  return `${first} ${last}`.trim();
}

/** The URL of an uploaded avatar; null for initials (the client draws those). */
export function avatarUrl(ctx: AppContext, avatar: string | null, type: 'initials' | 'upload') {
  return type === 'upload' && avatar ? ctx.storage.url(avatar) : null;
}
