import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/schema';
import { latestSubscription } from '../../lib/subscription-state';

/*
 * The current user's read model: what GET /my/user shows beyond the user row, loaded here so that
 * presenter.ts only shapes rows (presenters run no queries; docs/ARCHITECTURE.md).
 */

type BusinessFacts = Awaited<ReturnType<typeof businessFacts>>;
type InfluencerFacts = Awaited<ReturnType<typeof influencerFacts>>;

/** The rows the current user's view needs, by account type. */
export type CurrentUserFacts =
  | ({ type: 'business' } & BusinessFacts)
  | ({ type: 'influencer' } & InfluencerFacts)
  | { type: 'admin' };

/** A business's profile and latest subscription (two queries, in parallel). */
async function businessFacts(db: Kysely<DB>, userId: number) {
  const [business, subscription] = await Promise.all([
    db.selectFrom('businesses').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    latestSubscription(db, userId),
  ]);
  return { business, subscription };
}

/** An influencer's profile with its state's name, then its interests by name (none without a profile). */
async function influencerFacts(db: Kysely<DB>, userId: number) {
  const profile = await db
    .selectFrom('influencer_profiles as p')
    .leftJoin('states as s', 's.id', 'p.state_id')
    .selectAll('p')
    .select('s.name as state_name')
    .where('p.user_id', '=', userId)
    .executeTakeFirst();
  const tags = profile
    ? await db
        .selectFrom('influencer_interests as ii')
        .innerJoin('interests as i', 'i.id', 'ii.interest_id')
        .select(['i.id', 'i.name'])
        .where('ii.influencer_id', '=', profile.id)
        .orderBy('i.name')
        .execute()
    : [];
  return { profile, tags };
}

/** What the current user's view needs beyond `user` itself; an admin needs nothing more. */
export async function currentUserFacts(
  db: Kysely<DB>,
  user: Pick<UserRow, 'id' | 'type'>,
): Promise<CurrentUserFacts> {
  if (user.type === 'business') return { type: 'business', ...(await businessFacts(db, user.id)) };
  if (user.type === 'influencer') return { type: 'influencer', ...(await influencerFacts(db, user.id)) };
  return { type: 'admin' };
}
