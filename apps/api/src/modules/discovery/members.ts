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

/** The handles wanted on each platform (normalised), as the members' statement takes them. */
export type WantedHandles = Record<Platform, string[]>;

/** The handles of these entries, per platform (normalised as the index stores them). */
export function wantedHandles(entries: readonly { platform: Platform; username: string }[]): WantedHandles {
  const wanted: WantedHandles = { instagram: [], tiktok: [], youtube: [] };
  for (const e of entries) wanted[e.platform]?.push(normalizeUsername(e.username));
  return wanted;
}

/** A row of {@link membersSelect}. */
export type MemberRow = {
  user_id: number;
  influencer_id: number;
  name: string;
  instagram: string | null;
  tiktok: string | null;
  youtube: string | null;
};

/**
 * The active members naming any of the wanted handles: one SELECT whose text is the same for any handles (every
 * platform's array is a parameter, empty when none is wanted), so it runs prepared on its own and fits inside
 * another statement (the search's charge) as a CTE.
 */
export function membersSelect(wanted: WantedHandles) {
  return sql<MemberRow>`
    SELECT u.id AS user_id, p.id AS influencer_id, ${nameOf} AS name,
           ${HANDLES.instagram} AS instagram, ${HANDLES.tiktok} AS tiktok, ${HANDLES.youtube} AS youtube
    FROM influencer_profiles p JOIN users u ON u.id = p.user_id
    WHERE u.type = 'influencer' AND u.status = 'active' AND (${sql.join(
      PLATFORMS.map((p) => sql`${HANDLES[p]} = ANY(${wanted[p]}::text[])`),
      sql` OR `,
    )})`;
}
const PLATFORMS = Object.keys(HANDLE_COLUMN) as Platform[];
/** Each platform's normalised handle, built once (every search's charge carries all three). */
const HANDLES = {
  instagram: handleOf(HANDLE_COLUMN.instagram),
  tiktok: handleOf(HANDLE_COLUMN.tiktok),
  youtube: handleOf(HANDLE_COLUMN.youtube),
} satisfies Record<Platform, unknown>;

/**
 * The members of {@link membersSelect}'s rows, keyed `platform:handle`. Two profiles naming the same handle:
 * the older account wins.
 */
export function membersFound(
  rows: readonly MemberRow[],
  wanted: WantedHandles,
): Map<string, DiscoveryMember> {
  const found = new Map<string, DiscoveryMember>();
  const sorted = [...rows].sort((a, b) => Number(a.user_id) - Number(b.user_id));
  for (const r of sorted) {
    for (const platform of PLATFORMS) {
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

/** The active members behind these entries, keyed `platform:handle`, in one query. */
export async function membersOf(
  db: Kysely<DB>,
  entries: readonly { platform: Platform; username: string }[],
): Promise<Map<string, DiscoveryMember>> {
  const wanted = wantedHandles(entries);
  if (!PLATFORMS.some((p) => wanted[p].length)) return new Map();
  return membersFound((await membersSelect(wanted).execute(db)).rows, wanted);
}

/** The member found for an entry's handle (null for creators not on REACH). */
export const memberFor = (
  members: Map<string, DiscoveryMember>,
  entry: { platform: Platform; username: string },
): DiscoveryMember | null => members.get(key(entry.platform, entry.username)) ?? null;

/** `page` with `member` set on every entry, from the members found for it. */
export function pageWithMembers(page: SearchPage, members: Map<string, DiscoveryMember>): SearchPage {
  const mark = (e: DiscoveryEntry) => ({ ...e, member: memberFor(members, e.influencer_data) });
  return { ...page, directs: page.directs.map(mark), lookalikes: page.lookalikes.map(mark) };
}

/** The entries with `member` set on each (null for creators not on REACH), matched in one query. */
export async function markMembers(db: Kysely<DB>, entries: DiscoveryEntry[]): Promise<DiscoveryEntry[]> {
  const found = await membersOf(
    db,
    entries.map((e) => e.influencer_data),
  );
  return entries.map((e) => ({
    ...e,
    member: found.get(key(e.influencer_data.platform, e.influencer_data.username)) ?? null,
  }));
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
