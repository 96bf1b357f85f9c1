import type {
  CampaignMessage,
  CampaignMessagesResponse,
  campaignThreadsPage,
} from '@reach/contract/campaigns';
import { API_MESSAGE } from '@reach/contract/messages';
import type { z } from 'zod';
import type { Actor } from '../../actor';
import type { AppContext } from '../../context';
import type { CampaignRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { canMessage, threadAccess } from './policy';
import { displayName, type MessageRow, presentMessage } from './presenter';
import { hasThread, loadCampaign, notFound } from './service';

/*
 * Conversations about a campaign: one thread per campaign and influencer (campaign_messages.influencer_user_id).
 * The campaign's business, that influencer and admins read and write it (policy.threadAccess / canMessage).
 */

function messageQuery(ctx: AppContext) {
  return ctx.db
    .selectFrom('campaign_messages as m')
    .innerJoin('users as u', 'u.id', 'm.sender_user_id')
    .leftJoin('businesses as sb', 'sb.user_id', 'm.sender_user_id')
    .select([
      'm.id',
      'm.campaign_id',
      'm.influencer_user_id',
      'm.sender_user_id',
      'm.body',
      'm.created_at',
      'u.type as sender_type',
      'u.given_name as sender_given_name',
      'u.family_name as sender_family_name',
      'u.avatar as sender_avatar',
      'u.avatar_type as sender_avatar_type',
      'sb.business_name as sender_business_name',
    ]);
}

/** The campaign and the thread the actor asks for, or the refusal (404 hides the campaign, 403 another's thread). */
async function resolveThread(
  ctx: AppContext,
  actor: Actor,
  campaignId: number,
  requested: number | undefined,
) {
  const campaign = await loadCampaign(ctx.db, campaignId);
  if (!campaign) throw notFound();
  const thread = actor.type === 'influencer' ? await hasThread(ctx.db, campaignId, actor.userId) : false;
  const access = threadAccess(actor, campaign, { threadInfluencerId: requested, hasThread: thread });
  if (access === 'not_found') throw notFound();
  if (access === 'forbidden') throw new AppError('forbidden', API_MESSAGE.campaignMessageOtherThread);
  return {
    campaign,
    hasThread: thread,
    influencerId: actor.type === 'influencer' ? actor.userId : requested,
  };
}

/** GET /campaigns/{id}/messages: page 1 holds the newest messages, each page ordered oldest first. */
export async function listCampaignMessages(
  ctx: AppContext,
  actor: Actor,
  campaignId: number,
  query: { user_id?: number | undefined; creator_id?: number | undefined; page: number; items: number },
): Promise<CampaignMessagesResponse> {
  const { influencerId } = await resolveThread(ctx, actor, campaignId, query.user_id ?? query.creator_id);
  let rows = messageQuery(ctx).where('m.campaign_id', '=', campaignId);
  let count = ctx.db
    .selectFrom('campaign_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('campaign_id', '=', campaignId);
  if (influencerId !== undefined) {
    rows = rows.where('m.influencer_user_id', '=', influencerId);
    count = count.where('influencer_user_id', '=', influencerId);
  }
  const [page, total] = await Promise.all([
    rows
      .orderBy('m.id', 'desc')
      .limit(query.items)
      .offset((query.page - 1) * query.items)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return {
    messages: page.reverse().map((m) => presentMessage(ctx, m as MessageRow)),
    total_messages: Number(total.n),
  };
}

/**
 * POST /campaigns/{id}/messages: stores the message, notifies the other side (category messages) and pushes
 * a live `message` event to the business and the influencer of the thread.
 */
export async function sendCampaignMessage(
  ctx: AppContext,
  actor: Actor,
  campaignId: number,
  input: { body: string; user_id?: number | undefined },
): Promise<CampaignMessage> {
  const {
    campaign,
    hasThread: thread,
    influencerId,
  } = await resolveThread(ctx, actor, campaignId, input.user_id);
  if (influencerId === undefined) {
    throw new AppError('validation', API_MESSAGE.campaignMessageRecipientRequired, {
      user_id: API_MESSAGE.campaignMessageRecipientRequired,
    });
  }
  if (actor.type !== 'influencer') {
    const recipient = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', influencerId)
      .where('type', '=', 'influencer')
      .executeTakeFirst();
    if (!recipient) {
      throw new AppError('validation', API_MESSAGE.campaignMessageRecipientUnknown, {
        user_id: API_MESSAGE.campaignMessageRecipientUnknown,
      });
    }
  }
  if (!canMessage(actor, campaign, thread))
    throw new AppError('conflict', API_MESSAGE.campaignMessagesClosed);

  const inserted = await ctx.db
    .insertInto('campaign_messages')
    .values({
      campaign_id: campaignId,
      influencer_user_id: influencerId,
      sender_user_id: actor.userId,
      body: input.body,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await messageQuery(ctx).where('m.id', '=', inserted.id).executeTakeFirstOrThrow();
  const message = presentMessage(ctx, row as MessageRow);
  await deliver(ctx, actor, campaign, influencerId, message);
  return message;
}

async function deliver(
  ctx: AppContext,
  actor: Actor,
  campaign: CampaignRow,
  influencerId: number,
  message: CampaignMessage,
) {
  const business = await ctx.db
    .selectFrom('businesses')
    .select(['user_id', 'business_name'])
    .where('id', '=', campaign.business_id)
    .executeTakeFirstOrThrow();
  const title = campaign.title ?? 'Untitled campaign';
  const excerpt = message.body.length > 120 ? `${message.body.slice(0, 117)}…` : message.body;
  const body = `${message.sender.name} about "${title}": ${excerpt}`;
  const recipients: { userId: number; link: string }[] = [];
  if (actor.userId !== business.user_id)
    recipients.push({
      userId: business.user_id,
      link: `/business/campaigns/${campaign.id}?influencer=${influencerId}`,
    });
  if (actor.userId !== influencerId)
    recipients.push({ userId: influencerId, link: `/influencer/campaigns/${campaign.id}` });
  for (const r of recipients) {
    await ctx.notifier.notify(r.userId, {
      category: 'messages',
      body,
      link: r.link,
      emailSubject: `REACH: new message about ${title}`,
    });
  }
  for (const userId of new Set([business.user_id, influencerId])) {
    ctx.live.publish(userId, { type: 'message', campaign_id: campaign.id, message });
  }
}

/** GET /campaigns/{id}/threads: the conversations of a campaign, the most recently active first. */
export async function listCampaignThreads(
  ctx: AppContext,
  actor: Actor,
  campaignId: number,
  query: { page: number; items: number },
): Promise<z.infer<typeof campaignThreadsPage>> {
  // Influencers get their own thread only; the business and admins every thread.
  const { influencerId } = await resolveThread(ctx, actor, campaignId, undefined);
  let groups = ctx.db
    .selectFrom('campaign_messages')
    .select([
      'influencer_user_id',
      (eb) => eb.fn.countAll<number>().as('n'),
      (eb) => eb.fn.max('id').as('last_id'),
    ])
    .where('campaign_id', '=', campaignId)
    .groupBy('influencer_user_id');
  let total = ctx.db
    .selectFrom('campaign_messages')
    .select((eb) => eb.fn.count<number>('influencer_user_id').distinct().as('n'))
    .where('campaign_id', '=', campaignId);
  if (influencerId !== undefined) {
    groups = groups.where('influencer_user_id', '=', influencerId);
    total = total.where('influencer_user_id', '=', influencerId);
  }
  const [rows, count] = await Promise.all([
    groups
      .orderBy('last_id', 'desc')
      .limit(query.items)
      .offset((query.page - 1) * query.items)
      .execute(),
    total.executeTakeFirstOrThrow(),
  ]);
  if (!rows.length) return { data: [], total: Number(count.n) };
  const [last, people] = await Promise.all([
    messageQuery(ctx)
      .where(
        'm.id',
        'in',
        rows.map((r) => Number(r.last_id)),
      )
      .execute(),
    ctx.db
      .selectFrom('users as u')
      .leftJoin('influencer_profiles as p', 'p.user_id', 'u.id')
      .select([
        'u.id',
        'u.type',
        'u.given_name',
        'u.family_name',
        'u.avatar',
        'u.avatar_type',
        'p.instagram_username',
      ])
      .where(
        'u.id',
        'in',
        rows.map((r) => r.influencer_user_id),
      )
      .execute(),
  ]);
  const lastById = new Map(last.map((m) => [m.id, m as MessageRow]));
  const personById = new Map(people.map((p) => [p.id, p]));
  return {
    data: rows.map((r) => {
      const person = personById.get(r.influencer_user_id)!;
      return {
        influencer: {
          id: person.id,
          name: displayName(person.type, person.given_name, person.family_name, null),
          avatar_url:
            person.avatar_type === 'upload' && person.avatar ? ctx.storage.url(person.avatar) : null,
          instagram_username: person.instagram_username,
        },
        total_messages: Number(r.n),
        last_message: presentMessage(ctx, lastById.get(Number(r.last_id))!),
      };
    }),
    total: Number(count.n),
  };
}
