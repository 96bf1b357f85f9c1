import type { InfluencerPublicProfile } from '@reach/contract/directory';
import { API_MESSAGE } from '@reach/contract/messages';
import type { Actor } from '../../actor';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { visibleReviewsAbout } from '../reviews/service';
import { directoryBase, presentListItem, selectListColumns, today } from './lists';

const socialUrl = {
  instagram: (u: string) => `https://instagram.com/${u}`,
  tiktok: (u: string) => `https://www.tiktok.com/@${u}`,
  youtube: (u: string) => `https://www.youtube.com/@${u}`,
  facebook: (u: string) => `https://facebook.com/${u}`,
  twitter: (u: string) => `https://x.com/${u}`,
};

/**
 * GET /influencer/{id}: an influencer's public profile (by profile id) — channels with links, interests,
 * rating and visible reviews — with the calling business's own history with them. 404 for anyone not listed
 * in the directory.
 */
export async function getInfluencerProfile(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<InfluencerPublicProfile> {
  const businessId = actor.type === 'business' ? actor.businessId : null;
  const row = await selectListColumns(directoryBase(ctx.db), businessId, today(ctx))
    .select([
      'p.bio',
      'p.website',
      'p.instagram_profile_url',
      'p.facebook_username',
      'p.facebook_profile_url',
      'p.twitter_username',
      'p.twitter_profile_url',
      'u.created_at as member_since',
    ])
    .where('p.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', API_MESSAGE.connectionInfluencerNotFound);
  const [reviews, collaborations] = await Promise.all([
    visibleReviewsAbout(ctx, row.user_id),
    // An admin is no business: it has no collaborations with anyone.
    businessId === null
      ? []
      : ctx.db
          .selectFrom('connections as cn')
          .innerJoin('campaigns as c', 'c.id', 'cn.campaign_id')
          .select(['cn.id', 'cn.campaign_id', 'c.title', 'cn.status', 'cn.updated_at'])
          .where('cn.business_id', '=', businessId)
          .where('cn.influencer_user_id', '=', row.user_id)
          .orderBy('cn.updated_at', 'desc')
          .orderBy('cn.id', 'desc')
          .execute(),
  ]);
  const socials: InfluencerPublicProfile['socials'] = [];
  const add = (platform: keyof typeof socialUrl, username: string | null, url?: string | null) => {
    if (username) socials.push({ platform, username, url: url || socialUrl[platform](username) });
  };
  add('instagram', row.instagram_username, row.instagram_profile_url);
  add('tiktok', row.tiktok_username);
  add('youtube', row.youtube_username);
  add('facebook', row.facebook_username, row.facebook_profile_url);
  add('twitter', row.twitter_username, row.twitter_profile_url);
  const { distance_miles: _distance, ...item } = presentListItem(ctx, row);
  return {
    ...item,
    bio: row.bio,
    website: row.website,
    socials,
    reviews,
    collaborations: collaborations.map((c) => ({
      connection_id: c.id,
      campaign_id: c.campaign_id,
      campaign_title: c.title,
      status: c.status,
      updated_at: c.updated_at.toISOString(),
    })),
    member_since: row.member_since.toISOString(),
  };
}
