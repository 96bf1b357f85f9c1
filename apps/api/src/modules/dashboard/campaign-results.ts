import type { PipelineBudget } from '@reach/contract/campaign-pipeline';
import type { BusinessDashboard } from '@reach/contract/dashboard';
import { API_MESSAGE } from '@reach/contract/messages';
import type { Expression } from 'kysely';
import type { BusinessActor } from '../../actor';
import type { AppContext } from '../../context';
import { StatementShapes } from '../../db/statement-shapes';
import { AppError } from '../../lib/app-error';
import { campaignPipelines, PIPELINE_CAMPAIGN } from '../campaigns/pipeline';

/*
 * The business dashboard's campaign results and what needs attention. Each active campaign's figures come from
 * its pipeline (campaigns/pipeline.ts: ledger, accepted creators, posts' metrics), so the dashboard and the
 * campaign page never disagree.
 */

/** The dashboard's statements, built and compiled once per shape. */
const statements = new StatementShapes();

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

/** The business's active campaigns shown with their results, newest first (at most DASHBOARD_CAMPAIGNS). */
export function activeCampaignsQuery(db: AppContext['db'], businessId: number | Expression<number>) {
  return db
    .selectFrom('campaigns')
    .select(['title', ...PIPELINE_CAMPAIGN])
    .where('business_id', '=', businessId)
    .where('status', '=', 'active')
    .orderBy('id', 'desc')
    .limit(DASHBOARD_CAMPAIGNS);
}

export type ActiveCampaignRow = Awaited<
  ReturnType<ReturnType<typeof activeCampaignsQuery>['executeTakeFirstOrThrow']>
>;

/**
 * The dashboard's campaign results and low budgets; `known`: the active campaigns as the caller's statement
 * read them (the route's `callerColumns`), else read here.
 */
export async function campaignResults(
  ctx: AppContext,
  actor: BusinessActor,
  known?: readonly ActiveCampaignRow[],
): Promise<
  Pick<BusinessDashboard, 'campaigns'> & { lowBudget: BusinessDashboard['attention']['low_budget'] }
> {
  const { db } = ctx;
  const active =
    known ??
    (await statements.execute(db, 'active', { businessId: actor.businessId }, (v) =>
      activeCampaignsQuery(db, v.businessId),
    ));
  // Every active campaign's pipeline read at once (one round of statements, not one per campaign).
  const pipelines = await campaignPipelines(ctx, actor, active);
  const campaigns = active.map((row, i) => {
    const pipeline = pipelines[i];
    // Gone since it was listed: as its own pipeline's read would answer.
    if (pipeline?.campaign_id !== row.id) throw new AppError('not_found', API_MESSAGE.campaignNotFound);
    const { counts } = pipeline;
    return {
      campaign_id: row.id,
      title: row.title ?? 'Untitled campaign',
      creators: counts.accepted + counts.content_submitted + counts.approved + counts.paid,
      results: pipeline.results,
      budget: pipeline.budget,
    };
  });
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
