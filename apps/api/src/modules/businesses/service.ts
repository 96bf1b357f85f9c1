import type { BusinessPublicProfile } from '@reach/contract/directory';
import { API_MESSAGE } from '@reach/contract/messages';
import { sql } from 'kysely';
import type { Actor } from '../../actor';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { visibleReviewsAbout } from '../reviews/service';
import { businessBase, presentBusinessItem, selectBusinessColumns } from './lists';

/**
 * GET /business/{id}: a business's public profile, its active campaigns, its visible reviews, and — for an
 * influencer — their own connections with it.
 */
export async function getBusinessProfile(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<BusinessPublicProfile> {
  const row = await selectBusinessColumns(businessBase(ctx.db), actor)
    .where('b.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', API_MESSAGE.businessNotFound);
  const [campaigns, reviews, collaborations] = await Promise.all([
    ctx.db
      .selectFrom('campaigns as c')
      .innerJoin('campaign_types as t', 't.id', 'c.type_id')
      .select([
        'c.id',
        'c.title',
        'c.status',
        't.name as type_name',
        'c.start_date',
        'c.end_date',
        'c.amount_per_post_cents',
        'c.product_name',
        sql<string | null>`left(c.description, 200)`.as('excerpt'),
      ])
      .where('c.business_id', '=', id)
      .where('c.status', '=', 'active')
      .orderBy(sql`c.end_date`, (ob) => ob.asc().nullsLast())
      .orderBy('c.id')
      .execute(),
    visibleReviewsAbout(ctx, row.user_id),
    actor.type === 'influencer'
      ? ctx.db
          .selectFrom('connections as cn')
          .innerJoin('campaigns as c', 'c.id', 'cn.campaign_id')
          .select(['cn.id', 'cn.campaign_id', 'c.title', 'cn.status', 'cn.updated_at'])
          .where('cn.business_id', '=', id)
          .where('cn.influencer_user_id', '=', actor.userId)
          .orderBy('cn.updated_at', 'desc')
          .orderBy('cn.id', 'desc')
          .execute()
      : [],
  ]);
  return {
    ...presentBusinessItem(ctx, row),
    campaigns,
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
