import type { AppContext } from '../../context';

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
