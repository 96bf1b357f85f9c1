import { z } from 'zod';
import { CONNECTION_STATUSES } from './connections';
import { metricsProvenanceSummary } from './posts';

/*
 * A campaign's pipeline (issue 12): every creator on the campaign by stage, what happens next and who it waits
 * on, the budget from the ledger and the accepted creators, and the posts' figures. GET /campaign/{id}/pipeline,
 * for the campaign's business and admins.
 */

/** The stages, in the order a creator moves through them (declined is where the others may end). */
export const PIPELINE_STAGES = [
  'invited',
  'applied',
  'accepted',
  'content_submitted',
  'approved',
  'paid',
  'declined',
] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number];

export const PIPELINE_STAGE_LABELS: Record<PipelineStage, string> = {
  invited: 'Invited',
  applied: 'Applied',
  accepted: 'Accepted',
  content_submitted: 'Content submitted',
  approved: 'Approved',
  paid: 'Paid',
  declined: 'Declined',
};

/** Who the next step waits on; `none` when nothing is expected of anyone. */
export const PIPELINE_WAITING_ON = ['business', 'creator', 'none'] as const;
export type PipelineWaitingOn = (typeof PIPELINE_WAITING_ON)[number];

/** The next step, as a code the web can link to an existing action, and a sentence to show. */
export const PIPELINE_NEXT_ACTIONS = [
  'answer_invitation',
  'review_application',
  'submit_content',
  'resubmit_content',
  'review_content',
  'submit_more_content',
  'complete_collaboration',
  'none',
] as const;
export type PipelineNextAction = (typeof PIPELINE_NEXT_ACTIONS)[number];

const cents = z.number().int();

export const pipelineCreator = z
  .object({
    connection_id: z.number().int(),
    influencer_user_id: z.number().int(),
    name: z.string(),
    username: z.string().nullable().describe('Instagram handle when known'),
    avatar_url: z.string().nullable(),
    connection_status: z.enum(CONNECTION_STATUSES),
    stage: z.enum(PIPELINE_STAGES),
    next_action: z.enum(PIPELINE_NEXT_ACTIONS),
    next_action_label: z.string(),
    waiting_on: z.enum(PIPELINE_WAITING_ON),
    posts: z.object({
      submitted: z.number().int(),
      approved: z.number().int(),
      rejected: z.number().int(),
      paid: z.number().int(),
    }),
    paid_cents: cents.describe('Paid to this creator on this campaign (ledger)'),
    committed_cents: cents.describe('Still owed to this creator under the campaign terms'),
    updated_at: z.string(),
  })
  .meta({ id: 'PipelineCreator' });
export type PipelineCreator = z.infer<typeof pipelineCreator>;

/**
 * Money in cents. funded: charged into the budget; refunded: returned to the card; spent: paid out to creators
 * (post payments); committed: owed to accepted creators under the terms (amount per post × posts per creator,
 * less what they were paid); remaining = funded − refunded − spent − committed (below 0 when more is promised
 * than funded).
 */
export const pipelineBudget = z
  .object({
    total_budget_cents: cents.nullable(),
    funded_cents: cents,
    refunded_cents: cents,
    committed_cents: cents,
    spent_cents: cents,
    remaining_cents: cents,
  })
  .meta({ id: 'PipelineBudget' });
export type PipelineBudget = z.infer<typeof pipelineBudget>;

export const campaignPipeline = z
  .object({
    campaign_id: z.number().int(),
    counts: z.object(
      Object.fromEntries(PIPELINE_STAGES.map((s) => [s, z.number().int()])) as Record<
        PipelineStage,
        z.ZodNumber
      >,
    ),
    creators: z.array(pipelineCreator),
    budget: pipelineBudget,
    results: z.object({
      posts: z.number().int().describe('Posts submitted (any status)'),
      approved_posts: z.number().int(),
      reach: z.number().int().describe('Sum of the approved posts’ reach where measured'),
      engagements: z.number().int().describe('Likes + comments of the approved posts where measured'),
      measured_posts: z.number().int().describe('Approved posts with metrics'),
      provenance: metricsProvenanceSummary.describe(
        'Where the reach and engagements of the approved posts come from (measured or estimated) and their age',
      ),
    }),
  })
  .meta({ id: 'CampaignPipeline' });
export type CampaignPipeline = z.infer<typeof campaignPipeline>;
