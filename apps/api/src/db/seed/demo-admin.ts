import type { AppContext } from '../../context';
import { lockInfluencerRating, recomputeInfluencerRating } from '../../modules/reviews/service';

const HOUR = 3_600_000;

/**
 * Demo data for the admin sections: feedback sent from the Help dialog by the demo accounts, one of them already
 * resolved by the admin, so /admin/feedback shows both states.
 */
export async function seedDemoFeedback(
  ctx: AppContext,
  users: { adminUserId: number; trialUserId: number; proUserId: number; influencerUserId: number },
) {
  const now = ctx.now().getTime();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
  await ctx.db
    .insertInto('feedback')
    .values([
      {
        user_id: users.trialUserId,
        reported_page: '/business/campaigns/new',
        content: 'Could the wizard remember my last campaign type? I mostly run product campaigns.',
        created_at: at(50),
        updated_at: at(50),
      },
      {
        user_id: users.influencerUserId,
        reported_page: '/influencer/campaigns',
        content: 'The campaign cards do not say how long each campaign still runs until I open them.',
        created_at: at(26),
        updated_at: at(26),
      },
      {
        user_id: users.proUserId,
        reported_page: '/business/settings/subscriptions',
        content: 'I was charged twice this month, can someone check my invoice?',
        status: 'resolved',
        resolved_at: at(3),
        resolved_by: users.adminUserId,
        created_at: at(20),
        updated_at: at(3),
      },
      {
        user_id: users.proUserId,
        reported_page: '/business',
        content: 'The dashboard chart is great. A CSV export of the numbers would help our monthly report.',
        created_at: at(4),
        updated_at: at(4),
      },
    ])
    .execute();
}

/**
 * One review already hidden by the admin, with its reason in the audit log, so /admin/reviews shows both
 * states: the lowest-rated review a business wrote (deterministic, like the rest of the demo).
 */
export async function seedDemoHiddenReview(ctx: AppContext, adminUserId: number) {
  const at = new Date(ctx.now().getTime() - 5 * HOUR);
  await ctx.db.transaction().execute(async (trx) => {
    const review = await trx
      .selectFrom('reviews')
      .select(['id', 'subject_user_id'])
      .where('author_type', '=', 'business')
      .orderBy('rating')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!review) return;
    await trx
      .updateTable('reviews')
      .set({ status: 'hidden', moderated_by: adminUserId, moderated_at: at, updated_at: at })
      .where('id', '=', review.id)
      .execute();
    const ratingBefore = await lockInfluencerRating(trx, review.subject_user_id);
    const ratingAfter = await recomputeInfluencerRating(trx, review.subject_user_id);
    await trx
      .insertInto('audit_log')
      .values({
        actor_id: adminUserId,
        action: 'review.hidden',
        subject_type: 'review',
        subject_id: review.id,
        data: JSON.stringify({
          reason: 'Disputed: the shipment reached the creator two weeks late, so the delay was not theirs.',
          from: 'visible',
          to: 'hidden',
          subject_user_id: review.subject_user_id,
          rating_before: ratingBefore,
          rating_after: ratingAfter,
        }),
        created_at: at,
      })
      .execute();
  });
}
