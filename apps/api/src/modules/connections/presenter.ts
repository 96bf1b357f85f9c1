import type { CampaignStatus } from '@reach/contract/campaigns';
import type {
  Connection,
  ConnectionDetail,
  ConnectionSide,
  ConnectionStatus,
} from '@reach/contract/connections';
import type { Actor } from '../../actor';
import type { AppContext } from '../../context';
import { avatarUrl, influencerName } from '../../lib/people';
import { canMessage } from '../campaigns/policy';
import { abilities } from './policy';
import type { ConnectionViewRow } from './queries';

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
