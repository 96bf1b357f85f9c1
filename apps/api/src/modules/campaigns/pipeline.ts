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
import { AppError } from '../../lib/app-error';
import { moneyOf } from '../payments/funding';
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

/** The campaign's pipeline for its business or an admin; anyone else gets 404. */
export async function campaignPipeline(ctx: AppContext, actor: Actor, id: number): Promise<CampaignPipeline> {
  const { db } = ctx;
  const campaign = await db
    .selectFrom('campaigns')
    .select([
      'id',
      'business_id',
      'type_id',
      'status',
      'total_budget_cents',
      'amount_per_post_cents',
      'max_posts_per_influencer',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!campaign || !canSeePipeline(actor, campaign))
    throw new AppError('not_found', API_MESSAGE.campaignNotFound);

  const creators = await db
    .selectFrom('connections as cn')
    .innerJoin('users as u', 'u.id', 'cn.influencer_user_id')
    .leftJoin('influencer_profiles as ip', 'ip.user_id', 'cn.influencer_user_id')
    .select([
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
    .where('cn.campaign_id', '=', id)
    .orderBy('cn.id')
    .execute();

  const postRows = await db
    .selectFrom('posts')
    .select([
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
    .where('campaign_id', '=', id)
    .groupBy(['connection_id', 'status'])
    .execute();
  const posts = new Map<number, CreatorFacts['posts']>();
  const results: PipelineInput['results'] = {
    posts: 0,
    approved: 0,
    reach: 0,
    engagements: 0,
    measured: 0,
    provenance: { measured: 0, estimated: 0, oldest: null },
  };
  for (const r of postRows) {
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

  const paidRows = await db
    .selectFrom('ledger_transactions')
    .select(['influencer_user_id', (eb) => eb.fn.sum<number>('amount_cents').as('cents')])
    .where('campaign_id', '=', id)
    .where('kind', '=', 'post_payment')
    .groupBy('influencer_user_id')
    .execute();
  const paid = new Map<number, number>();
  for (const r of paidRows)
    if (r.influencer_user_id !== null) paid.set(r.influencer_user_id, Number(r.cents));

  // The same rule as the outreach list's awaiting statuses (outreach/policy.ts AWAITING_STATUSES).
  const awaiting = await db
    .selectFrom('campaign_invitations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('campaign_id', '=', id)
    .where('connection_id', 'is', null)
    .where((eb) =>
      eb.or([
        eb('delivery', 'in', ['none', 'queued', 'sent']),
        eb('opened_at', 'is not', null),
        eb('signed_up_at', 'is not', null),
      ]),
    )
    .executeTakeFirstOrThrow();

  return presentPipeline({
    campaign,
    creators,
    posts,
    paid,
    money: await moneyOf(db, id),
    results,
    outreachAwaiting: Number(awaiting.n),
    avatarUrl: (key) => ctx.storage.url(key),
  });
}

/**
 * What the campaign owes its accepted creators under its terms, in cents (the pipeline's committed total), for
 * the campaign's own budget figures (GET /campaign/{id}).
 */
export async function committedOf(db: Kysely<DB>, campaign: CampaignTerms & { id: number }): Promise<number> {
  if (committedCents(ACCEPTED_UNPAID, campaign) === 0) return 0;
  const rows = await db
    .selectFrom('connections as cn')
    .leftJoin('posts as p', (join) =>
      join.onRef('p.connection_id', '=', 'cn.id').on('p.payment_transaction_id', 'is not', null),
    )
    .select(['cn.id', (eb) => eb.fn.count<number>('p.id').as('paid')])
    .where('cn.campaign_id', '=', campaign.id)
    .where('cn.status', '=', 'accepted')
    .groupBy('cn.id')
    .execute();
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
