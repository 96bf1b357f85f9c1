import { type Kysely, sql } from 'kysely';
import type { IndexedAccountLookup } from '../../adapters/social/index';
import type { DB } from '../../db/schema';

const USERNAME_COLUMN = {
  instagram: 'instagram_username',
  tiktok: 'tiktok_username',
  youtube: 'youtube_username',
} as const;

/**
 * Finds a post's influencer in the local discovery index by the username of the post's platform on their
 * profile (the index's lower(username) index answers it), for the embedded default's post metrics.
 */
export function indexedAccountLookup(db: Kysely<DB>): IndexedAccountLookup {
  return async ({ platform, influencerUserId }) => {
    const column = USERNAME_COLUMN[platform as keyof typeof USERNAME_COLUMN];
    if (!column) return null;
    const row = await db
      .selectFrom('influencer_profiles as p')
      .innerJoin('influencer_index as x', (join) =>
        join
          .on(sql`lower(x.username)`, '=', sql`lower(ltrim(${sql.ref(`p.${column}`)}, '@'))`)
          .on('x.platform', '=', platform as 'instagram'),
      )
      .select(['x.followers', 'x.engagements'])
      .where('p.user_id', '=', influencerUserId)
      .limit(1)
      .executeTakeFirst();
    return row ? { followers: Number(row.followers), engagements: Number(row.engagements) } : null;
  };
}
