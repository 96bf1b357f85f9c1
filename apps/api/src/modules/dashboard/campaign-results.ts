import type { PipelineBudget } from '@reach/contract/campaign-pipeline';
import type { BusinessDashboard } from '@reach/contract/dashboard';
import type { BusinessActor } from '../../actor';
import type { AppContext } from '../../context';
import { campaignPipeline } from '../campaigns/pipeline';

/*
 * The business dashboard's campaign results and what needs attention. Each active campaign's figures come from
 * its pipeline (campaigns/pipeline.ts: ledger, accepted creators, posts' metrics), so the dashboard and the
 * campaign page never disagree.
 */

/** Active campaigns shown with their results, newest first. */
export const DASHBOARD_CAMPAIGNS = 12;

/**
 * Low budget: less than a fifth of the campaign's budget (its total, else what was funded) left, or nothing left.
 * A campaign without any budget is never low.
 */
export function isLowBudget(budget: PipelineBudget): boolean {
  const base = budget.total_budget_cents ?? budget.funded_cents;
  if (!base || base <= 0) return false;
  return budget.remaining_cents <= 0 || budget.remaining_cents * 5 < base;
}

export async function campaignResults(
  ctx: AppContext,
  actor: BusinessActor,
): Promise<
  Pick<BusinessDashboard, 'campaigns'> & { lowBudget: BusinessDashboard['attention']['low_budget'] }
> {
  const active = await ctx.db
    .selectFrom('campaigns')
    .select(['id', 'title'])
    .where('business_id', '=', actor.businessId)
    .where('status', '=', 'active')
    .orderBy('id', 'desc')
    .limit(DASHBOARD_CAMPAIGNS)
    .execute();
  const campaigns = [];
  for (const row of active) {
    const pipeline = await campaignPipeline(ctx, actor, row.id);
    const { counts } = pipeline;
    campaigns.push({
      campaign_id: row.id,
      title: row.title ?? 'Untitled campaign',
      creators: counts.accepted + counts.content_submitted + counts.approved + counts.paid,
      results: pipeline.results,
      budget: pipeline.budget,
    });
  }
  return {
    campaigns,
    lowBudget: campaigns
      .filter((c) => isLowBudget(c.budget))
      .map((c) => ({
        campaign_id: c.campaign_id,
        title: c.title,
        remaining_cents: c.budget.remaining_cents,
        total_budget_cents: c.budget.total_budget_cents,
      })),
  };
}

/** Creators invited to, and applications to, the business's open (active or paused) campaigns awaiting an answer. */
export async function pendingConnections(ctx: AppContext, actor: BusinessActor) {
  const rows = await ctx.db
    .selectFrom('connections as cn')
    .innerJoin('campaigns as c', 'c.id', 'cn.campaign_id')
    .select(['cn.status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('c.business_id', '=', actor.businessId)
    .where('c.status', 'in', ['active', 'paused'])
    .where('cn.status', 'in', ['invited', 'applied'])
    .groupBy('cn.status')
    .execute();
  const count = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { invitations: count('invited'), applications: count('applied') };
}
