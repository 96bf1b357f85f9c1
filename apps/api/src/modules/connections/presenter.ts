import type { CampaignStatus } from '@reach/contract/campaigns';
import type {
  Connection,
  ConnectionDetail,
  ConnectionSide,
  ConnectionStatus,
} from '@reach/contract/connections';
import { type Kysely, sql } from 'kysely';
import type { Actor } from '../../actor';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { avatarUrl, influencerName } from '../../lib/people';
import { canMessage } from '../campaigns/policy';
import { abilities } from './policy';

/** The columns every connection view needs: the row, its campaign, both sides' public fields. */
export function connectionQuery(db: Kysely<DB>, actor: Actor) {
  return db
    .selectFrom('connections as cn')
    .innerJoin('campaigns as c', 'c.id', 'cn.campaign_id')
    .innerJoin('campaign_types as t', 't.id', 'c.type_id')
    .innerJoin('businesses as b', 'b.id', 'cn.business_id')
    .innerJoin('users as bu', 'bu.id', 'b.user_id')
    .innerJoin('users as iu', 'iu.id', 'cn.influencer_user_id')
    .innerJoin('influencer_profiles as p', 'p.user_id', 'cn.influencer_user_id')
    .leftJoin('states as s', 's.id', 'p.state_id')
    .select([
      'cn.id',
      'cn.business_id',
      'cn.influencer_user_id',
      'cn.status',
      'cn.initiated_by',
      'cn.source',
      'cn.message',
      'cn.created_at',
      'cn.updated_at',
      'cn.responded_at',
      'cn.completed_at',
      'cn.cancelled_at',
      'c.id as campaign_id',
      'c.title as campaign_title',
      'c.status as campaign_status',
      'c.start_date as campaign_start_date',
      'c.end_date as campaign_end_date',
      't.name as campaign_type_name',
      'b.user_id as business_user_id',
      'b.business_name',
      'bu.avatar as business_avatar',
      'bu.avatar_type as business_avatar_type',
      'p.id as influencer_id',
      'p.first_name',
      'p.last_name',
      'p.instagram_username',
      'p.city as influencer_city',
      's.name as influencer_state',
      'p.rating as influencer_rating',
      'iu.given_name',
      'iu.family_name',
      'iu.avatar as influencer_avatar',
      'iu.avatar_type as influencer_avatar_type',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('reviews as r')
            .select('r.id')
            .whereRef('r.connection_id', '=', 'cn.id')
            .where('r.author_user_id', '=', actor.userId),
        )
        .as('reviewed'),
    );
}
export type ConnectionViewRow = Awaited<
  ReturnType<ReturnType<typeof connectionQuery>['executeTakeFirstOrThrow']>
>;

/** SQL of the same name, for sorting and searching. */
export const influencerNameSql = sql<string>`trim(coalesce(p.first_name, iu.given_name) || ' ' || coalesce(p.last_name, iu.family_name))`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A connection as `actor` may see it, with what they may do next. */
export function presentConnection(ctx: AppContext, actor: Actor, r: ConnectionViewRow): Connection {
  const campaignStatus = r.campaign_status as CampaignStatus;
  const facts = {
    business_id: r.business_id,
    influencer_user_id: r.influencer_user_id,
    status: r.status as ConnectionStatus,
    initiated_by: r.initiated_by as ConnectionSide,
  };
  return {
    id: r.id,
    status: facts.status,
    initiated_by: facts.initiated_by,
    source: r.source,
    message: r.message,
    campaign: {
      id: r.campaign_id,
      title: r.campaign_title,
      status: campaignStatus,
      type_name: r.campaign_type_name,
      start_date: r.campaign_start_date,
      end_date: r.campaign_end_date,
    },
    business: {
      id: r.business_id,
      user_id: r.business_user_id,
      business_name: r.business_name,
      avatar: avatarUrl(ctx, r.business_avatar, r.business_avatar_type),
      avatarType: r.business_avatar_type,
    },
    influencer: {
      id: r.influencer_id,
      user_id: r.influencer_user_id,
      name: influencerName(r),
      avatar: avatarUrl(ctx, r.influencer_avatar, r.influencer_avatar_type),
      avatarType: r.influencer_avatar_type,
      instagram_username: r.instagram_username,
      city: r.influencer_city,
      state: r.influencer_state,
      rating: r.influencer_rating === null ? null : Number(r.influencer_rating),
    },
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    responded_at: iso(r.responded_at),
    completed_at: iso(r.completed_at),
    cancelled_at: iso(r.cancelled_at),
    abilities: abilities(actor, facts, {
      campaignStatus,
      reviewed: !!r.reviewed,
      canMessage: canMessage(actor, { business_id: r.business_id, status: campaignStatus }, true),
    }),
  };
}

export type DetailExtras = Pick<ConnectionDetail, 'events' | 'reviews'>;
