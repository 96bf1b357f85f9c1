import {
  type CampaignPipeline,
  PIPELINE_STAGES,
  type PipelineStage,
} from '@reach/contract/campaign-pipeline';
import type { ConnectionStatus } from '@reach/contract/connections';
import { API_MESSAGE } from '@reach/contract/messages';
import { type Kysely, sql } from 'kysely';
import type { Actor } from '../../actor';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { StatementShapes } from '../../db/statement-shapes';
import { AppError } from '../../lib/app-error';
import { campaignMoney } from '../payments/funding';
import {
  type CampaignTerms,
  type CreatorFacts,
  canSeePipeline,
  committedCents,
  NEXT_ACTION_LABELS,
  pipelineStep,
  remainingCents,
} from './pipeline-policy';

/*
 * GET /campaign/{id}/pipeline: reads the campaign's connections, their posts and the campaign's ledger rows,
 * and hands them to the pure policy (stages, next steps, commitments) and presenter. Reads only.
 */

export type PipelineCreatorRow = {
  connection_id: number;
  influencer_user_id: number;
  status: ConnectionStatus;
  given_name: string;
  family_name: string;
  avatar: string | null;
  avatar_type: 'initials' | 'upload';
  instagram_username: string | null;
  updated_at: Date;
};

export type PipelineInput = {
  campaign: CampaignTerms & { id: number; total_budget_cents: number | null };
  creators: PipelineCreatorRow[];
  /** Post counts per connection id. */
  posts: Map<number, CreatorFacts['posts']>;
  /** Cents paid (post payments in the ledger) per influencer user id. */
  paid: Map<number, number>;
  money: { funded: number; spent: number; refunded: number };
  results: {
    posts: number;
    approved: number;
    reach: number;
    engagements: number;
    measured: number;
    /** Approved posts whose metrics were measured / estimated, and the oldest as-of time. */
    provenance: { measured: number; estimated: number; oldest: Date | null };
  };
  /**
   * Outreach records still waiting for the creator without a connection yet (mailed or to be mailed, opened,
   * signed up): counted as invited, like the outreach list shows them (bounced and failed ones are not).
   */
  outreachAwaiting: number;
  avatarUrl: (key: string) => string;
};

const NO_POSTS = { submitted: 0, approved: 0, rejected: 0, paid: 0 };

/** The pipeline from what was read: pure, no queries. */
export function presentPipeline(input: PipelineInput): CampaignPipeline {
  const { campaign } = input;
  const counts = Object.fromEntries(PIPELINE_STAGES.map((s) => [s, 0])) as Record<PipelineStage, number>;
  let committed = 0;
  const creators = input.creators.map((row) => {
    const facts: CreatorFacts = {
      connectionStatus: row.status,
      posts: input.posts.get(row.connection_id) ?? NO_POSTS,
    };
    const step = pipelineStep(facts, campaign);
    const owed = committedCents(facts, campaign);
    counts[step.stage] += 1;
    committed += owed;
    return {
      connection_id: row.connection_id,
      influencer_user_id: row.influencer_user_id,
      name: `${row.given_name} ${row.family_name}`.trim() || 'Unnamed creator',
      username: row.instagram_username,
      avatar_url: row.avatar_type === 'upload' && row.avatar ? input.avatarUrl(row.avatar) : null,
      connection_status: row.status,
      stage: step.stage,
      next_action: step.next,
      next_action_label: NEXT_ACTION_LABELS[step.next],
      waiting_on: step.waitingOn,
      posts: { ...facts.posts },
      paid_cents: input.paid.get(row.influencer_user_id) ?? 0,
      committed_cents: owed,
      updated_at: row.updated_at.toISOString(),
    };
  });
  counts.invited += input.outreachAwaiting;
  const order = (s: PipelineStage) => PIPELINE_STAGES.indexOf(s);
  creators.sort((a, b) => order(a.stage) - order(b.stage) || b.updated_at.localeCompare(a.updated_at));
  const { money } = input;
  return {
    campaign_id: campaign.id,
    counts,
    creators,
    budget: {
      total_budget_cents: campaign.total_budget_cents,
      funded_cents: money.funded,
      refunded_cents: money.refunded,
      committed_cents: committed,
      spent_cents: money.spent,
      remaining_cents: remainingCents(money, committed),
    },
    results: {
      posts: input.results.posts,
      approved_posts: input.results.approved,
      reach: input.results.reach,
      engagements: input.results.engagements,
      measured_posts: input.results.measured,
      provenance: {
        measured_posts: input.results.provenance.measured,
        estimated_posts: input.results.provenance.estimated,
        oldest_as_of: input.results.provenance.oldest?.toISOString() ?? null,
      },
    },
  };
}

/** The pipelines' statements, built and compiled once per shape (the number of campaigns read at once). */
const statements = new StatementShapes();

/** A campaign's columns the pipeline reads. */
export const PIPELINE_CAMPAIGN = [
  'id',
  'business_id',
  'type_id',
  'status',
  'total_budget_cents',
  'amount_per_post_cents',
  'max_posts_per_influencer',
] as const;

type PipelineCampaign = PipelineInput['campaign'] & { business_id: number };

/** The campaign's pipeline for its business or an admin; anyone else gets 404. */
export async function campaignPipeline(ctx: AppContext, actor: Actor, id: number): Promise<CampaignPipeline> {
  const campaign = await ctx.db
    .selectFrom('campaigns')
    .select(PIPELINE_CAMPAIGN)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!campaign || !canSeePipeline(actor, campaign))
    throw new AppError('not_found', API_MESSAGE.campaignNotFound);
  const [pipeline] = await pipelinesOf(ctx, [campaign]);
  return pipeline as CampaignPipeline;
}

/**
 * The pipelines of `campaigns` (rows read with {@link PIPELINE_CAMPAIGN}: the business dashboard's active
 * ones), in that order: the same answers as {@link campaignPipeline} for each, read in one round of statements
 * for them all rather than one per campaign. A campaign that is not the actor's is left out.
 */
export async function campaignPipelines(
  ctx: AppContext,
  actor: Actor,
  campaigns: readonly PipelineCampaign[],
): Promise<CampaignPipeline[]> {
  return pipelinesOf(
    ctx,
    campaigns.filter((c) => canSeePipeline(actor, c)),
  );
}

/** Groups `rows` by `key`, each group in the rows' order. */
function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/** The pipelines of `campaigns` (already found visible to the caller): each read once for them all. */
async function pipelinesOf(
  ctx: AppContext,
  campaigns: readonly PipelineCampaign[],
): Promise<CampaignPipeline[]> {
  if (!campaigns.length) return [];
  const { db } = ctx;
  const ids = campaigns.map((c) => c.id);
  const [creatorRows, postRows, paidRows, awaitingRows, money] = await Promise.all([
    statements.execute(db, 'creators', { ids }, (v) =>
      db
        .selectFrom('connections as cn')
        .innerJoin('users as u', 'u.id', 'cn.influencer_user_id')
        .leftJoin('influencer_profiles as ip', 'ip.user_id', 'cn.influencer_user_id')
        .select([
          'cn.campaign_id',
          'cn.id as connection_id',
          'cn.influencer_user_id',
          'cn.status',
          'cn.updated_at',
          'u.given_name',
          'u.family_name',
          'u.avatar',
          'u.avatar_type',
          'ip.instagram_username',
        ])
        .where('cn.campaign_id', 'in', v.ids)
        .orderBy('cn.id'),
    ),
    statements.execute(db, 'posts', { ids }, (v) =>
      db
        .selectFrom('posts')
        .select([
          'campaign_id',
          'connection_id',
          'status',
          (eb) => eb.fn.countAll<number>().as('n'),
          (eb) => eb.fn.count<number>('payment_transaction_id').as('paid'),
          (eb) => eb.fn.count<number>('metrics_fetched_at').as('measured'),
          (eb) => eb.fn.sum<number>('reach').as('reach'),
          (eb) => eb.fn.sum<number>('likes').as('likes'),
          (eb) => eb.fn.sum<number>('comments').as('comments'),
          sql<number>`count(*) filter (where metrics_source = 'measured')`.as('from_platform'),
          sql<number>`count(*) filter (where metrics_source = 'estimated')`.as('estimated'),
          (eb) => eb.fn.min('metrics_fetched_at').as('oldest'),
        ])
        .where('campaign_id', 'in', v.ids)
        .groupBy(['campaign_id', 'connection_id', 'status']),
    ),
    statements.execute(db, 'paid', { ids }, (v) =>
      db
        .selectFrom('ledger_transactions')
        .select(['campaign_id', 'influencer_user_id', (eb) => eb.fn.sum<number>('amount_cents').as('cents')])
        .where('campaign_id', 'in', v.ids)
        .where('kind', '=', 'post_payment')
        .groupBy(['campaign_id', 'influencer_user_id']),
    ),
    // The same rule as the outreach list's awaiting statuses (outreach/policy.ts AWAITING_STATUSES).
    statements.execute(db, 'awaiting', { ids }, (v) =>
      db
        .selectFrom('campaign_invitations')
        .select(['campaign_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('campaign_id', 'in', v.ids)
        .where('connection_id', 'is', null)
        .where((eb) =>
          eb.or([
            eb('delivery', 'in', ['none', 'queued', 'sent']),
            eb('opened_at', 'is not', null),
            eb('signed_up_at', 'is not', null),
          ]),
        )
        .groupBy('campaign_id'),
    ),
    campaignMoney(db, ids),
  ]);
  const creatorsOf = groupBy(creatorRows, (r) => r.campaign_id);
  const postsOf = groupBy(postRows, (r) => r.campaign_id);
  const paidOf = groupBy(paidRows, (r) => r.campaign_id as number);
  const awaitingOf = new Map(awaitingRows.map((r) => [r.campaign_id, Number(r.n)]));

  return campaigns.map((campaign) => {
    const posts = new Map<number, CreatorFacts['posts']>();
    const results: PipelineInput['results'] = {
      posts: 0,
      approved: 0,
      reach: 0,
      engagements: 0,
      measured: 0,
      provenance: { measured: 0, estimated: 0, oldest: null },
    };
    for (const r of postsOf.get(campaign.id) ?? []) {
      const counts = posts.get(r.connection_id) ?? { ...NO_POSTS };
      const n = Number(r.n);
      counts[r.status] += n;
      counts.paid += Number(r.paid);
      posts.set(r.connection_id, counts);
      results.posts += n;
      if (r.status === 'approved') {
        results.approved += n;
        results.reach += Number(r.reach ?? 0);
        results.engagements += Number(r.likes ?? 0) + Number(r.comments ?? 0);
        results.measured += Number(r.measured);
        results.provenance.measured += Number(r.from_platform);
        results.provenance.estimated += Number(r.estimated);
        const oldest = r.oldest === null ? null : new Date(r.oldest as Date | string);
        if (oldest && (!results.provenance.oldest || oldest < results.provenance.oldest))
          results.provenance.oldest = oldest;
      }
    }
    const paid = new Map<number, number>();
    for (const r of paidOf.get(campaign.id) ?? [])
      if (r.influencer_user_id !== null) paid.set(r.influencer_user_id, Number(r.cents));
    return presentPipeline({
      campaign,
      creators: (creatorsOf.get(campaign.id) ?? []).map(({ campaign_id: _c, ...row }) => row),
      posts,
      paid,
      money: money.get(campaign.id) ?? { funded: 0, spent: 0, refunded: 0 },
      results,
      outreachAwaiting: awaitingOf.get(campaign.id) ?? 0,
      avatarUrl: (key) => ctx.storage.url(key),
    });
  });
}

/**
 * What the campaign owes its accepted creators under its terms, in cents (the pipeline's committed total), for
 * the campaign's own budget figures (GET /campaign/{id}).
 */
export async function committedOf(db: Kysely<DB>, campaign: CampaignTerms & { id: number }): Promise<number> {
  if (committedCents(ACCEPTED_UNPAID, campaign) === 0) return 0;
  const rows = await statements.execute(db, 'committed', { id: campaign.id }, (v) =>
    db
      .selectFrom('connections as cn')
      .leftJoin('posts as p', (join) =>
        join.onRef('p.connection_id', '=', 'cn.id').on('p.payment_transaction_id', 'is not', null),
      )
      .select(['cn.id', (eb) => eb.fn.count<number>('p.id').as('paid')])
      .where('cn.campaign_id', '=', v.id)
      .where('cn.status', '=', 'accepted')
      .groupBy('cn.id'),
  );
  return rows.reduce(
    (sum, r) =>
      sum +
      committedCents(
        { connectionStatus: 'accepted', posts: { ...NO_POSTS, paid: Number(r.paid) } },
        campaign,
      ),
    0,
  );
}

const ACCEPTED_UNPAID: CreatorFacts = { connectionStatus: 'accepted', posts: NO_POSTS };
