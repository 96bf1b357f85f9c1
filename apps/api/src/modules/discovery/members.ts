import type { Platform } from '@reach/contract/constants';
import type { AdminDiscoveryMember, DiscoveryEntry, DiscoveryMember } from '@reach/contract/discovery';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { normalizeUsername } from './local';
import type { SearchPage } from './provider';

/*
 * REACH members behind discovery entries (issue 12): an influencer whose profile names the entry's handle on
 * the entry's platform is that creator. Discovery searches the index (or Modash) as before — same results,
 * same totals, same credits — and the page's entries are then matched to members in one query, so a
 * business sees who is already on REACH (and can invite them in-app). A member appears in a search through
 * their index entry; a member the index does not know is found by the admin's handle look-up.
 */

const HANDLE_COLUMN = {
  instagram: 'instagram_username',
  tiktok: 'tiktok_username',
  youtube: 'youtube_username',
} as const satisfies Record<Platform, string>;

/** A profile's handle as stored (maybe `@name`, any case) → the comparable form. */
const handleOf = (column: string) => sql<string>`lower(ltrim(trim(${sql.ref(`p.${column}`)}), '@'))`;
const nameOf = sql<string>`trim(coalesce(nullif(trim(p.first_name), ''), u.given_name) || ' ' ||
  coalesce(nullif(trim(p.last_name), ''), u.family_name))`;

const key = (platform: Platform, handle: string) => `${platform}:${normalizeUsername(handle)}`;

/**
 * The active members behind these entries, keyed `platform:handle`, in one query (the page's handles per
 * platform). Two profiles naming the same handle: the older account wins.
 */
async function membersByHandle(
  db: Kysely<DB>,
  entries: readonly { platform: Platform; username: string }[],
): Promise<Map<string, DiscoveryMember>> {
  const wanted: Record<Platform, string[]> = { instagram: [], tiktok: [], youtube: [] };
  for (const e of entries) wanted[e.platform]?.push(normalizeUsername(e.username));
  const platforms = (Object.keys(wanted) as Platform[]).filter((p) => wanted[p].length);
  if (!platforms.length) return new Map();
  const { rows } = await sql<{
    user_id: number;
    influencer_id: number;
    name: string;
    instagram: string | null;
    tiktok: string | null;
    youtube: string | null;
  }>`
    SELECT u.id AS user_id, p.id AS influencer_id, ${nameOf} AS name,
           ${handleOf(HANDLE_COLUMN.instagram)} AS instagram, ${handleOf(HANDLE_COLUMN.tiktok)} AS tiktok,
           ${handleOf(HANDLE_COLUMN.youtube)} AS youtube
    FROM influencer_profiles p JOIN users u ON u.id = p.user_id
    WHERE u.type = 'influencer' AND u.status = 'active' AND (${sql.join(
      platforms.map((p) => sql`${handleOf(HANDLE_COLUMN[p])} = ANY(${wanted[p]}::text[])`),
      sql` OR `,
    )})
    ORDER BY u.id`.execute(db);
  const found = new Map<string, DiscoveryMember>();
  for (const r of rows) {
    for (const platform of platforms) {
      const handle = r[platform];
      if (!handle || !wanted[platform].includes(handle) || found.has(key(platform, handle))) continue;
      found.set(key(platform, handle), {
        user_id: Number(r.user_id),
        influencer_id: Number(r.influencer_id),
        name: r.name,
        username: handle,
      });
    }
  }
  return found;
}

/** The entries with `member` set on each (null for creators not on REACH), matched in one query. */
export async function markMembers(db: Kysely<DB>, entries: DiscoveryEntry[]): Promise<DiscoveryEntry[]> {
  const found = await membersByHandle(
    db,
    entries.map((e) => e.influencer_data),
  );
  return entries.map((e) => ({
    ...e,
    member: found.get(key(e.influencer_data.platform, e.influencer_data.username)) ?? null,
  }));
}

/** The page with `member` set on every entry (null for creators not on REACH). */
export async function withMembers(db: Kysely<DB>, page: SearchPage): Promise<SearchPage> {
  const marked = await markMembers(db, [...page.directs, ...page.lookalikes]);
  return {
    ...page,
    directs: marked.slice(0, page.directs.length),
    lookalikes: marked.slice(page.directs.length),
  };
}

/** The member behind one profile (a report), or null. */
export async function memberOf(
  db: Kysely<DB>,
  profile: { platform: Platform; username: string },
): Promise<DiscoveryMember | null> {
  return (await membersByHandle(db, [profile])).get(key(profile.platform, profile.username)) ?? null;
}

/**
 * The admin's look-up: the influencer (active or suspended) whose profile names this Instagram handle, with
 * their account's email and status, or null.
 */
export async function memberByInstagramHandle(
  db: Kysely<DB>,
  username: string,
): Promise<AdminDiscoveryMember | null> {
  const handle = normalizeUsername(username);
  const { rows } = await sql<{
    user_id: number;
    influencer_id: number;
    name: string;
    email: string;
    status: 'active' | 'suspended';
    created_at: Date | string;
  }>`
    SELECT u.id AS user_id, p.id AS influencer_id, ${nameOf} AS name, u.email, u.status, u.created_at
    FROM influencer_profiles p JOIN users u ON u.id = p.user_id
    WHERE u.type = 'influencer' AND ${handleOf(HANDLE_COLUMN.instagram)} = ${handle}
    ORDER BY u.id
    LIMIT 1`.execute(db);
  const r = rows[0];
  if (!r) return null;
  return {
    user_id: Number(r.user_id),
    influencer_id: Number(r.influencer_id),
    name: r.name,
    username: handle,
    email: r.email,
    status: r.status,
    joined_at: new Date(r.created_at).toISOString(),
  };
}
