import type {
  applyBody,
  Connection,
  ConnectionAction,
  ConnectionDetail,
  ConnectionSource,
  ConnectionStatus,
  inviteBody,
} from '@reach/contract/connections';
import { LIVE_CONNECTION_STATUSES } from '@reach/contract/connections';
import { API_MESSAGE } from '@reach/contract/messages';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import { type Actor, sideOf } from '../../actor';
import type { AppContext } from '../../context';
import type { ConnectionStatusColumn, DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { influencerName } from '../../lib/people';
import type { NotifyInput } from '../notifications/service';
import { connectionReviews } from '../reviews/service';
import { applyRefusal, canView, inviteRefusal, type Refusal, TRANSITIONS, transition } from './policy';
import { presentConnection } from './presenter';
import { type ConnectionViewRow, connectionQuery } from './queries';

type Db = Kysely<DB> | Transaction<DB>;
/** A notification stored with the change that caused it, delivered once that transaction commits. */
export type PendingNotification = {
  input: NotifyInput;
  row: Awaited<ReturnType<AppContext['notifier']['store']>>;
};

export const connectionNotFound = () => new AppError('not_found', API_MESSAGE.connectionNotFound);
const refuse = (r: Refusal) => new AppError(r.code, r.message);

/** The in-app page of a connection for each side. */
export const connectionLink = (side: 'business' | 'influencer', id: number) => `/${side}/connections/${id}`;

export async function deliverAll(ctx: AppContext, pending: readonly PendingNotification[]) {
  for (const p of pending) await ctx.notifier.deliver(p.row, p.input);
}

/** Tells both sides' open tabs that a connection changed (pages and sidebar cards refresh). */
function publishChange(
  ctx: AppContext,
  c: { id: number; business_user_id: number; influencer_user_id: number; status: ConnectionStatus },
) {
  for (const userId of [c.business_user_id, c.influencer_user_id]) {
    ctx.live.publish(userId, { type: 'connection', connection_id: c.id, status: c.status });
  }
}

async function recordEvent(
  trx: Db,
  connectionId: number,
  from: ConnectionStatusColumn | null,
  to: ConnectionStatusColumn,
  actorUserId: number | null,
  at: Date,
) {
  await trx
    .insertInto('connection_events')
    .values({
      connection_id: connectionId,
      actor_user_id: actorUserId,
      from_status: from,
      to_status: to,
      created_at: at,
    })
    .execute();
}

/**
 * Starts a connection (invited or applied) with its first event, unless the pair already has a live one on
 * this campaign: then nothing is written and null comes back (the live-pair unique index decides, so two
 * concurrent invitations cannot both succeed). Used by invitations, applications, imports and invite links.
 */
export async function insertConnection(
  trx: Transaction<DB>,
  input: {
    businessId: number;
    campaignId: number;
    influencerUserId: number;
    status: 'invited' | 'applied';
    source: ConnectionSource;
    message?: string | null | undefined;
    actorUserId: number | null;
    at: Date;
  },
): Promise<number | null> {
  const row = await trx
    .insertInto('connections')
    .values({
      business_id: input.businessId,
      campaign_id: input.campaignId,
      influencer_user_id: input.influencerUserId,
      status: input.status,
      initiated_by: input.status === 'invited' ? 'business' : 'influencer',
      source: input.source,
      message: input.message ?? null,
      created_by: input.actorUserId,
      created_at: input.at,
      updated_at: input.at,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return null;
  await recordEvent(trx, row.id, null, input.status, input.actorUserId, input.at);
  return row.id;
}

/** The live connection of an influencer on a campaign, if any. */
async function liveConnection(db: Db, campaignId: number, influencerUserId: number) {
  return db
    .selectFrom('connections')
    .select(['id', 'status'])
    .where('campaign_id', '=', campaignId)
    .where('influencer_user_id', '=', influencerUserId)
    .where('status', 'in', LIVE_CONNECTION_STATUSES)
    .executeTakeFirst();
}

async function loadView(ctx: AppContext, actor: Actor, id: number): Promise<ConnectionViewRow> {
  const row = await connectionQuery(ctx.db, actor.userId).where('cn.id', '=', id).executeTakeFirst();
  if (!row || !canView(actor, row)) throw connectionNotFound();
  return row;
}

export async function getConnection(ctx: AppContext, actor: Actor, id: number): Promise<Connection> {
  return presentConnection(ctx, actor, await loadView(ctx, actor, id));
}

/** GET /connection/{id}: the connection with its history and reviews. */
export async function getConnectionDetail(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<ConnectionDetail> {
  const row = await loadView(ctx, actor, id);
  const [events, reviews] = await Promise.all([
    ctx.db
      .selectFrom('connection_events as e')
      .leftJoin('users as u', 'u.id', 'e.actor_user_id')
      .select(['e.from_status', 'e.to_status', 'e.created_at', 'u.type as actor_type'])
      .where('e.connection_id', '=', id)
      .orderBy('e.id')
      .execute(),
    connectionReviews(ctx, actor, id),
  ]);
  return {
    ...presentConnection(ctx, actor, row),
    events: events.map((e) => ({
      from: e.from_status,
      to: e.to_status,
      by: e.actor_type === 'business' || e.actor_type === 'influencer' ? e.actor_type : 'system',
      at: e.created_at.toISOString(),
    })),
    reviews,
  };
}

/** POST /connections/invite: the business invites an influencer to one of its active campaigns. */
export async function inviteInfluencer(
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof inviteBody>,
): Promise<Connection> {
  const { id, pending } = await ctx.db.transaction().execute(async (trx) => {
    const campaign = await trx
      .selectFrom('campaigns as c')
      .innerJoin('businesses as b', 'b.id', 'c.business_id')
      .select(['c.id', 'c.business_id', 'c.status', 'c.title', 'b.business_name'])
      .where('c.id', '=', input.campaign_id)
      .forUpdate('c')
      .executeTakeFirst();
    const refusal = inviteRefusal(actor, campaign);
    if (refusal) throw refuse(refusal);
    const influencer = await trx
      .selectFrom('influencer_profiles as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['u.id as user_id', 'p.first_name', 'p.last_name', 'u.given_name', 'u.family_name'])
      .where('p.id', '=', input.influencer_id)
      .where('u.type', '=', 'influencer')
      .where('u.status', '=', 'active')
      .executeTakeFirst();
    if (!influencer) {
      throw new AppError('not_found', API_MESSAGE.connectionInfluencerNotFound, {
        influencer_id: API_MESSAGE.connectionInfluencerNotFound,
      });
    }
    const duplicate = () =>
      new AppError('conflict', API_MESSAGE.connectionDuplicateInvite(influencerName(influencer)));
    if (await liveConnection(trx, campaign!.id, influencer.user_id)) throw duplicate();
    const id = await insertConnection(trx, {
      businessId: campaign!.business_id,
      campaignId: campaign!.id,
      influencerUserId: influencer.user_id,
      status: 'invited',
      source: 'direct',
      message: input.message,
      actorUserId: actor.userId,
      at: ctx.now(),
    });
    if (id === null) throw duplicate();
    const notify: NotifyInput = {
      category: 'connections',
      body: `${campaign!.business_name ?? 'A business'} invited you to "${campaign!.title ?? 'a campaign'}".`,
      link: connectionLink('influencer', id),
      emailSubject: `REACH: ${campaign!.business_name ?? 'A business'} invited you to a campaign`,
    };
    return {
      id,
      pending: [{ input: notify, row: await ctx.notifier.store(trx, influencer.user_id, notify) }],
    };
  });
  return afterChange(ctx, actor, id, pending);
}

/** POST /connections/apply: the influencer applies to an active campaign. */
export async function applyToCampaign(
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof applyBody>,
): Promise<Connection> {
  const { id, pending } = await ctx.db.transaction().execute(async (trx) => {
    const campaign = await trx
      .selectFrom('campaigns as c')
      .innerJoin('businesses as b', 'b.id', 'c.business_id')
      .select(['c.id', 'c.business_id', 'c.status', 'c.title', 'b.user_id as business_user_id'])
      .where('c.id', '=', input.campaign_id)
      .forUpdate('c')
      .executeTakeFirst();
    const refusal = applyRefusal(actor, campaign);
    if (refusal) throw refuse(refusal);
    const duplicate = () => new AppError('conflict', API_MESSAGE.connectionDuplicateApply);
    if (await liveConnection(trx, campaign!.id, actor.userId)) throw duplicate();
    const id = await insertConnection(trx, {
      businessId: campaign!.business_id,
      campaignId: campaign!.id,
      influencerUserId: actor.userId,
      status: 'applied',
      source: 'direct',
      message: input.message,
      actorUserId: actor.userId,
      at: ctx.now(),
    });
    if (id === null) throw duplicate();
    const name = await nameOfInfluencer(trx, actor.userId);
    const notify: NotifyInput = {
      category: 'connections',
      body: `${name} applied to "${campaign!.title ?? 'your campaign'}".`,
      link: connectionLink('business', id),
      emailSubject: `REACH: ${name} applied to your campaign`,
    };
    return {
      id,
      pending: [{ input: notify, row: await ctx.notifier.store(trx, campaign!.business_user_id, notify) }],
    };
  });
  return afterChange(ctx, actor, id, pending);
}

async function nameOfInfluencer(db: Db, userId: number): Promise<string> {
  const r = await db
    .selectFrom('users as u')
    .leftJoin('influencer_profiles as p', 'p.user_id', 'u.id')
    .select(['u.given_name', 'u.family_name', 'p.first_name', 'p.last_name'])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
  return influencerName(r);
}

/** What the other side is told after each step, from the acting side's point of view. */
function transitionNotice(
  action: ConnectionAction,
  actorName: string,
  initiatedBy: 'business' | 'influencer',
  title: string,
): string {
  const what = initiatedBy === 'business' ? 'invitation to' : 'application to';
  switch (action) {
    case 'accept':
      return `${actorName} accepted your ${what} "${title}".`;
    case 'decline':
      return `${actorName} declined your ${what} "${title}".`;
    case 'cancel':
      return `${actorName} cancelled the collaboration on "${title}".`;
    case 'complete':
      return `${actorName} marked your collaboration on "${title}" completed. You can now review it.`;
  }
}

const STAMP: Record<ConnectionAction, 'responded_at' | 'completed_at' | 'cancelled_at'> = {
  accept: 'responded_at',
  decline: 'responded_at',
  cancel: 'cancelled_at',
  complete: 'completed_at',
};

/**
 * POST /connection/{id}/<action>: one status change and its event in one transaction, on the row locked
 * FOR UPDATE, so of two concurrent answers exactly one wins and the other sees the new status (409).
 * The other side is notified (stored in the same transaction, pushed and mailed after it commits).
 */
export async function transitionConnection(
  ctx: AppContext,
  actor: Actor,
  id: number,
  action: ConnectionAction,
): Promise<Connection> {
  const pending = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('connections as cn')
      .innerJoin('campaigns as c', 'c.id', 'cn.campaign_id')
      .innerJoin('businesses as b', 'b.id', 'cn.business_id')
      .select([
        'cn.id',
        'cn.business_id',
        'cn.influencer_user_id',
        'cn.status',
        'cn.initiated_by',
        'c.status as campaign_status',
        'c.title',
        'b.user_id as business_user_id',
        'b.business_name',
      ])
      .where('cn.id', '=', id)
      .forUpdate('cn')
      .executeTakeFirst();
    if (!row) throw connectionNotFound();
    const result = transition(actor, row, action, row.campaign_status);
    if ('refusal' in result) throw refuse(result.refusal);
    const now = ctx.now();
    await trx
      .updateTable('connections')
      .set({ status: result.to, [STAMP[action]]: now, updated_at: now })
      .where('id', '=', id)
      .execute();
    await recordEvent(trx, id, row.status, result.to, actor.userId, now);
    const side = sideOf(actor, row)!;
    const actorName =
      side === 'business' ? (row.business_name ?? 'The business') : await nameOfInfluencer(trx, actor.userId);
    const recipient = side === 'business' ? row.influencer_user_id : row.business_user_id;
    const notify: NotifyInput = {
      category: 'connections',
      body: transitionNotice(action, actorName, row.initiated_by, row.title ?? 'a campaign'),
      link: connectionLink(side === 'business' ? 'influencer' : 'business', id),
      emailSubject: `REACH: your connection was ${TRANSITIONS[action].verb}`,
    };
    return [{ input: notify, row: await ctx.notifier.store(trx, recipient, notify) }];
  });
  return afterChange(ctx, actor, id, pending);
}

/** After a committed change: deliver its notifications, push the change live, and return the fresh view. */
async function afterChange(
  ctx: AppContext,
  actor: Actor,
  id: number,
  pending: readonly PendingNotification[],
): Promise<Connection> {
  await deliverAll(ctx, pending);
  const view = await loadView(ctx, actor, id);
  publishChange(ctx, { ...view, status: view.status as ConnectionStatus });
  return presentConnection(ctx, actor, view);
}

// ── pending invitations of imports → connections ─────────────────────────────────────────────────────────

/**
 * Turns the pending invitations addressed to a new influencer (by email once it is proven, or by the Instagram
 * username they set) into invited connections, inside `trx`. Campaigns no longer taking people (not active or
 * paused) keep their invitations pending. Returns the notifications to deliver after commit.
 */
export async function claimInvitations(
  ctx: AppContext,
  trx: Transaction<DB>,
  influencerUserId: number,
  by: { email?: string | null; instagram?: string | null },
): Promise<PendingNotification[]> {
  const email = by.email?.trim().toLowerCase() || null;
  const instagram = by.instagram?.trim().toLowerCase() || null;
  if (!email && !instagram) return [];
  const invitations = await trx
    .selectFrom('campaign_invitations as i')
    .innerJoin('campaigns as c', 'c.id', 'i.campaign_id')
    .innerJoin('businesses as b', 'b.id', 'i.business_id')
    .leftJoin('campaign_imports as imp', 'imp.id', 'i.import_id')
    .select([
      'i.id',
      'i.campaign_id',
      'i.business_id',
      'i.source',
      'c.title',
      'b.business_name',
      'imp.created_by',
    ])
    .where('i.status', '=', 'pending')
    .where('i.influencer_user_id', 'is', null)
    .where('c.status', 'in', ['active', 'paused'])
    .where((eb) =>
      eb.or([
        ...(email ? [eb(eb.fn('lower', ['i.email']), '=', email)] : []),
        ...(instagram ? [eb(eb.fn('lower', ['i.instagram_username']), '=', instagram)] : []),
      ]),
    )
    .orderBy('i.id')
    .forUpdate('i')
    .execute();
  const pending: PendingNotification[] = [];
  for (const inv of invitations) {
    const now = ctx.now();
    const created = await insertConnection(trx, {
      businessId: inv.business_id,
      campaignId: inv.campaign_id,
      influencerUserId,
      status: 'invited',
      source: inv.source,
      actorUserId: inv.created_by,
      at: now,
    });
    const connectionId =
      created ?? (await liveConnection(trx, inv.campaign_id, influencerUserId))?.id ?? null;
    // Link the person unless another invitation of the same campaign already names them (one per person).
    const taken = await trx
      .selectFrom('campaign_invitations')
      .select('id')
      .where('campaign_id', '=', inv.campaign_id)
      .where('influencer_user_id', '=', influencerUserId)
      .executeTakeFirst();
    await trx
      .updateTable('campaign_invitations')
      .set({
        status: 'converted',
        connection_id: connectionId,
        ...(taken ? {} : { influencer_user_id: influencerUserId }),
        // Claimed by the address it was mailed to: the creator signed up (a username set later is not that).
        ...(email ? { signed_up_at: now } : {}),
        updated_at: now,
      })
      .where('id', '=', inv.id)
      .execute();
    if (created === null) continue;
    const notify: NotifyInput = {
      category: 'connections',
      body: `${inv.business_name ?? 'A business'} invited you to "${inv.title ?? 'a campaign'}".`,
      link: connectionLink('influencer', created),
    };
    pending.push({ input: notify, row: await ctx.notifier.store(trx, influencerUserId, notify) });
  }
  return pending;
}

/**
 * The invitation connection of an invite link (GET /invite/generate), inside `trx`: created when the campaign
 * of the link is still active and its business still owns it. Returns the notification for the influencer,
 * or nothing when the link no longer applies or they are already connected to the campaign.
 */
export async function redeemInvite(
  ctx: AppContext,
  trx: Transaction<DB>,
  influencerUserId: number,
  claims: { campaignId: number; businessId: number; issuedBy: number; outreachId?: number },
): Promise<PendingNotification[]> {
  const pending = await redeem(ctx, trx, influencerUserId, claims);
  if (claims.outreachId) await linkOutreach(ctx, trx, influencerUserId, claims.campaignId, claims.outreachId);
  return pending;
}

/**
 * The outreach record a mailed link was made for: the creator signed up (or signed in) through it, and it is
 * linked to their connection on the campaign (the one just created, or the one they already had).
 */
async function linkOutreach(
  ctx: AppContext,
  trx: Transaction<DB>,
  influencerUserId: number,
  campaignId: number,
  outreachId: number,
) {
  const now = ctx.now();
  const connection = await liveConnection(trx, campaignId, influencerUserId);
  const taken = await trx
    .selectFrom('campaign_invitations')
    .select('id')
    .where('campaign_id', '=', campaignId)
    .where('influencer_user_id', '=', influencerUserId)
    .where('id', '!=', outreachId)
    .executeTakeFirst();
  await trx
    .updateTable('campaign_invitations')
    .set((eb) => ({
      signed_up_at: eb.fn.coalesce('signed_up_at', eb.val(now)),
      opened_at: eb.fn.coalesce('opened_at', eb.val(now)),
      updated_at: now,
      ...(connection ? { status: 'converted' as const, connection_id: connection.id } : {}),
      ...(taken ? {} : { influencer_user_id: influencerUserId }),
    }))
    .where('id', '=', outreachId)
    .where('campaign_id', '=', campaignId)
    .execute();
}

async function redeem(
  ctx: AppContext,
  trx: Transaction<DB>,
  influencerUserId: number,
  claims: { campaignId: number; businessId: number; issuedBy: number },
): Promise<PendingNotification[]> {
  const campaign = await trx
    .selectFrom('campaigns as c')
    .innerJoin('businesses as b', 'b.id', 'c.business_id')
    .select(['c.id', 'c.status', 'c.title', 'c.business_id', 'b.business_name'])
    .where('c.id', '=', claims.campaignId)
    .executeTakeFirst();
  if (!campaign || campaign.business_id !== claims.businessId || campaign.status !== 'active') return [];
  const id = await insertConnection(trx, {
    businessId: campaign.business_id,
    campaignId: campaign.id,
    influencerUserId,
    status: 'invited',
    source: 'invite_link',
    actorUserId: claims.issuedBy,
    at: ctx.now(),
  });
  if (id === null) return [];
  const notify: NotifyInput = {
    category: 'connections',
    body: `${campaign.business_name ?? 'A business'} invited you to "${campaign.title ?? 'a campaign'}".`,
    link: connectionLink('influencer', id),
  };
  return [{ input: notify, row: await ctx.notifier.store(trx, influencerUserId, notify) }];
}

/** A sql fragment: the status in lifecycle order (for sorting). */
export const CONNECTION_STATUS_ORDER = sql<number>`case cn.status when 'invited' then 0 when 'applied' then 1 when 'accepted' then 2 when 'completed' then 3 when 'declined' then 4 else 5 end`;
