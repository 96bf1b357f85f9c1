import crypto from 'node:crypto';
import fs from 'node:fs';
import type { CampaignMediaType } from '@reach/contract/constants';
import { API_MESSAGE } from '@reach/contract/messages';
import { formatUsd } from '@reach/contract/money';
import {
  POST_METRICS_MESSAGE,
  type Post,
  type PostPlatform,
  type resubmitPostBody,
  type submitPostBody,
} from '@reach/contract/posts';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Actor } from '../../actor';
import { type MetricsSubject, SocialError } from '../../adapters/social/index';
import type { AppContext } from '../../context';
import type { DB, PostStatusColumn } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { deliverAll, type PendingNotification } from '../connections/service';
import type { NotifyInput } from '../notifications/service';
import { payFromCampaignBudget } from '../payments/ledger';
import {
  canView,
  isBusinessOf,
  isPaidType,
  paymentRefusal,
  type Refusal,
  refreshMetricsRefusal,
  resubmitRefusal,
  reviewRefusal,
  submitRefusal,
} from './policy';
import { mediaByPost, presentPost } from './presenter';
import { postMediaRows, postQuery } from './queries';

/*
 * Posts: submission, review (approve pays, reject explains), resubmission. Every change happens in one
 * transaction on locked rows — the post row, then its connection row (one per campaign + influencer), then the
 * ledger accounts — with its event and its notifications, which are delivered once it commits.
 */

export const postNotFound = () => new AppError('not_found', API_MESSAGE.postNotFound);
const refuse = (r: Refusal) => new AppError(r.code, r.message);

/** An uploaded file already checked (type by content, size) and waiting in a temporary file. */
export type ReceivedFile = { tmp: string; mime: CampaignMediaType; ext: string; size: number };

/** The business's in-app page of posts (to review). */
export const postsLink = (side: 'business') => `/${side}/posts`;

/**
 * Where an influencer reads about one of its posts: the connection's page, which lists the campaign's posts
 * with their review (influencers have no page of posts of their own).
 */
export const influencerPostLink = (connectionId: number) => `/influencer/connections/${connectionId}`;

/** Idempotency key of a post's payment: one payment per post, whatever the retries. */
export const postPaymentKey = (postId: number) => `post:${postId}`;

function isUniqueViolation(error: unknown, index?: string): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e?.code !== '23505') return false;
  return !index || e.constraint === index || (e.message ?? '').includes(index);
}

async function loadView(ctx: AppContext, actor: Actor, id: number) {
  const row = await postQuery(ctx.db).where('po.id', '=', id).executeTakeFirst();
  if (!row || !canView(actor, row)) throw postNotFound();
  return row;
}

export async function getPost(ctx: AppContext, actor: Actor, id: number): Promise<Post> {
  const row = await loadView(ctx, actor, id);
  const media = mediaByPost(ctx, await postMediaRows(ctx.db, [id]));
  return presentPost(ctx, actor, row, media.get(id) ?? []);
}

/** Puts checked uploads in storage under posts/<connection>/…; returns what to record. */
async function storeFiles(ctx: AppContext, connectionId: number, files: readonly ReceivedFile[]) {
  const stored: { key: string; mime: CampaignMediaType; size: number }[] = [];
  try {
    for (const f of files) {
      const key = `posts/${connectionId}/${crypto.randomUUID()}.${f.ext}`;
      await ctx.storage.putFile(key, f.tmp, f.mime);
      stored.push({ key, mime: f.mime, size: f.size });
    }
    return stored;
  } catch (error) {
    await deleteFiles(
      ctx,
      stored.map((s) => s.key),
    );
    throw error;
  }
}

export async function deleteFiles(ctx: AppContext, keys: readonly string[]) {
  for (const key of keys)
    await ctx.storage.delete(key).catch((err) => ctx.log.warn({ err, key }, 'post media file not deleted'));
}

/** Removes the temporary files of an upload (always, once the request is done with them). */
export async function discardReceived(files: readonly ReceivedFile[]) {
  for (const f of files) await fs.promises.rm(f.tmp, { force: true });
}

async function insertMedia(
  trx: Transaction<DB>,
  postId: number,
  stored: readonly { key: string; mime: CampaignMediaType; size: number }[],
) {
  if (stored.length === 0) return;
  await trx
    .insertInto('post_media')
    .values(
      stored.map((s, position) => ({
        post_id: postId,
        key: s.key,
        mime: s.mime,
        size_bytes: s.size,
        position,
      })),
    )
    .execute();
}

async function recordEvent(
  trx: Transaction<DB>,
  e: {
    postId: number;
    actorUserId: number | null;
    from: PostStatusColumn | null;
    to: PostStatusColumn;
    reason?: string | null;
    postUrl?: string | null;
    at: Date;
  },
) {
  await trx
    .insertInto('post_events')
    .values({
      post_id: e.postId,
      actor_user_id: e.actorUserId,
      from_status: e.from,
      to_status: e.to,
      reason: e.reason ?? null,
      post_url: e.postUrl ?? null,
      created_at: e.at,
    })
    .execute();
}

async function influencerDisplayName(trx: Transaction<DB>, userId: number) {
  const r = await trx
    .selectFrom('users as u')
    .leftJoin('influencer_profiles as p', 'p.user_id', 'u.id')
    .select(['u.given_name', 'u.family_name', 'p.first_name', 'p.last_name'])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
  return `${r.first_name ?? r.given_name} ${r.last_name ?? r.family_name}`.trim();
}

/** The connection a post goes on, locked, with its campaign and the business's user. */
async function lockConnection(trx: Transaction<DB>, connectionId: number) {
  return trx
    .selectFrom('connections as cn')
    .innerJoin('campaigns as c', 'c.id', 'cn.campaign_id')
    .innerJoin('businesses as b', 'b.id', 'cn.business_id')
    .select([
      'cn.id',
      'cn.business_id',
      'cn.campaign_id',
      'cn.influencer_user_id',
      'cn.status',
      'c.status as campaign_status',
      'c.title',
      'b.user_id as business_user_id',
    ])
    .where('cn.id', '=', connectionId)
    .forUpdate('cn')
    .executeTakeFirst();
}

const duplicateUrl = () =>
  new AppError('conflict', API_MESSAGE.postDuplicateUrl, { post_url: API_MESSAGE.postDuplicateUrl });

type StoredFile = { key: string; mime: CampaignMediaType; size: number };

/** What a submission's transaction did: the post, the media files it replaced, the notices to deliver. */
type Submitted = { id: number; oldKeys: string[]; pending: PendingNotification[] };

/**
 * The transaction skeleton of a submission (POST /posts and POST /posts/{id}/resubmit): the checked uploads go
 * to storage under the connection first, then `change` runs in one transaction with what was stored. If it
 * fails, the stored files are removed again (a URL the campaign already has is a 409); once it commits, the
 * media files it replaced are deleted, the notices delivered and the post answered.
 */
async function storeAndSubmit(
  ctx: AppContext,
  actor: Actor,
  connectionId: number,
  files: readonly ReceivedFile[],
  change: (trx: Transaction<DB>, stored: readonly StoredFile[]) => Promise<Submitted>,
): Promise<Post> {
  const stored = await storeFiles(ctx, connectionId, files);
  let result: Submitted;
  try {
    result = await ctx.db.transaction().execute(async (trx) => change(trx, stored));
  } catch (error) {
    await deleteFiles(
      ctx,
      stored.map((s) => s.key),
    );
    if (isUniqueViolation(error, 'posts_campaign_url_key')) throw duplicateUrl();
    throw error;
  }
  await deleteFiles(ctx, result.oldKeys);
  return afterChange(ctx, actor, result.id, result.pending);
}

/** Tells the business that the influencer submitted (or resubmitted) a post for its campaign; stored with the change. */
async function tellBusiness(
  ctx: AppContext,
  trx: Transaction<DB>,
  actor: Actor,
  cn: { title: string | null; business_user_id: number },
  verb: 'submitted' | 'resubmitted',
): Promise<PendingNotification> {
  const name = await influencerDisplayName(trx, actor.userId);
  const notify: NotifyInput = {
    category: 'posts',
    body: `${name} ${verb} a post for "${cn.title ?? 'your campaign'}". Review it to approve or reject it.`,
    link: postsLink('business'),
    emailSubject: `REACH: ${name} ${verb} a post for review`,
  };
  return { input: notify, row: await ctx.notifier.store(trx, cn.business_user_id, notify) };
}

/**
 * POST /posts: the influencer of an accepted connection on an active campaign submits a post (with up to 5
 * checked media files). The business is told.
 */
export async function submitPost(
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof submitPostBody>,
  files: readonly ReceivedFile[],
): Promise<Post> {
  // Refuse before storing anything when the answer is already known.
  const early = await ctx.db
    .selectFrom('connections as cn')
    .innerJoin('campaigns as c', 'c.id', 'cn.campaign_id')
    .select(['cn.influencer_user_id', 'cn.status', 'c.status as campaign_status'])
    .where('cn.id', '=', input.connection_id)
    .executeTakeFirst();
  const earlyRefusal = submitRefusal(actor, early);
  if (earlyRefusal) throw refuse(earlyRefusal);

  return storeAndSubmit(ctx, actor, input.connection_id, files, async (trx, stored) => {
    const cn = await lockConnection(trx, input.connection_id);
    const refusal = submitRefusal(actor, cn);
    if (refusal) throw refuse(refusal);
    const taken = await trx
      .selectFrom('posts')
      .select('id')
      .where('campaign_id', '=', cn!.campaign_id)
      .where('post_url', '=', input.post_url)
      .executeTakeFirst();
    if (taken) throw duplicateUrl();
    const now = ctx.now();
    const post = await trx
      .insertInto('posts')
      .values({
        connection_id: cn!.id,
        campaign_id: cn!.campaign_id,
        business_id: cn!.business_id,
        influencer_user_id: cn!.influencer_user_id,
        platform: input.platform,
        post_url: input.post_url,
        caption: input.caption ?? null,
        source: 'submitted',
        status: 'submitted',
        submitted_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertMedia(trx, post.id, stored);
    await recordEvent(trx, {
      postId: post.id,
      actorUserId: actor.userId,
      from: null,
      to: 'submitted',
      postUrl: input.post_url,
      at: now,
    });
    return {
      id: post.id,
      oldKeys: [],
      pending: [await tellBusiness(ctx, trx, actor, cn!, 'submitted')],
    };
  });
}

/**
 * POST /posts/{id}/approve: the business approves a submitted post. On a cash or combination campaign the
 * influencer is paid `amount per post` from the funded budget — idempotency key `post:<id>`, in this same
 * transaction, so the status and the payment commit together or not at all — unless that would exceed max
 * posts per influencer (counted under the connection's lock) or the funded budget: then 409 and the post stays
 * submitted. Approving an approved post again is an idempotent success: the same post and the same payment.
 */
export async function approvePost(ctx: AppContext, actor: Actor, id: number): Promise<Post> {
  const pending = await ctx.db.transaction().execute(async (trx) => {
    const post = await trx
      .selectFrom('posts')
      .select(['id', 'business_id', 'influencer_user_id', 'connection_id', 'campaign_id', 'status'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!post || !canView(actor, post)) throw postNotFound();
    if (post.status === 'approved' && isBusinessOf(actor, post)) return [];
    const refusal = reviewRefusal(actor, post, 'approved');
    if (refusal) throw refuse(refusal);
    // One influencer's posts on one campaign are approved one after the other: the max-posts count holds.
    await trx
      .selectFrom('connections')
      .select('id')
      .where('id', '=', post.connection_id)
      .forUpdate()
      .execute();
    const campaign = await trx
      .selectFrom('campaigns as c')
      .innerJoin('businesses as b', 'b.id', 'c.business_id')
      .select([
        'c.id',
        'c.title',
        'c.type_id',
        'c.amount_per_post_cents',
        'c.max_posts_per_influencer',
        'b.business_name',
      ])
      .where('c.id', '=', post.campaign_id)
      .executeTakeFirstOrThrow();
    const now = ctx.now();
    let paid: { transactionId: number; cents: number } | null = null;
    if (isPaidType(campaign.type_id)) {
      const count = await trx
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('campaign_id', '=', post.campaign_id)
        .where('influencer_user_id', '=', post.influencer_user_id)
        .where('payment_transaction_id', 'is not', null)
        .executeTakeFirstOrThrow();
      const payRefusal = paymentRefusal(campaign, Number(count.n));
      if (payRefusal) throw refuse(payRefusal);
      const cents = campaign.amount_per_post_cents!;
      const payment = await payFromCampaignBudget(trx, {
        campaignId: campaign.id,
        influencerUserId: post.influencer_user_id,
        amountCents: cents,
        idempotencyKey: postPaymentKey(post.id),
        description: `Approved post for "${campaign.title ?? 'a campaign'}"`,
        reference: { type: 'post', id: post.id },
      });
      paid = { transactionId: payment.transactionId, cents };
    }
    await trx
      .updateTable('posts')
      .set({
        status: 'approved',
        rejection_reason: null,
        reviewed_at: now,
        reviewed_by: actor.userId,
        ...(paid ? { payment_transaction_id: paid.transactionId, paid_cents: paid.cents, paid_at: now } : {}),
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
    await recordEvent(trx, {
      postId: id,
      actorUserId: actor.userId,
      from: 'submitted',
      to: 'approved',
      at: now,
    });
    const business = campaign.business_name ?? 'The business';
    const title = campaign.title ?? 'a campaign';
    const notify: NotifyInput = {
      category: 'posts',
      body: paid
        ? `${business} approved your post for "${title}". ${formatUsd(paid.cents)} was added to your balance.`
        : `${business} approved your post for "${title}".`,
      link: influencerPostLink(post.connection_id),
      emailSubject: 'REACH: your post was approved',
    };
    return [{ input: notify, row: await ctx.notifier.store(trx, post.influencer_user_id, notify) }];
  });
  if (pending.length > 0) await refreshMetrics(ctx, id);
  return afterChange(ctx, actor, id, pending);
}

/** POST /posts/{id}/reject: the business rejects a submitted post with a reason the influencer is told. */
export async function rejectPost(ctx: AppContext, actor: Actor, id: number, reason: string): Promise<Post> {
  const pending = await ctx.db.transaction().execute(async (trx) => {
    const post = await trx
      .selectFrom('posts as po')
      .innerJoin('campaigns as c', 'c.id', 'po.campaign_id')
      .innerJoin('businesses as b', 'b.id', 'po.business_id')
      .select([
        'po.id',
        'po.business_id',
        'po.influencer_user_id',
        'po.connection_id',
        'po.status',
        'c.title',
        'b.business_name',
      ])
      .where('po.id', '=', id)
      .forUpdate('po')
      .executeTakeFirst();
    if (!post) throw postNotFound();
    const refusal = reviewRefusal(actor, post, 'rejected');
    if (refusal) throw refuse(refusal);
    const now = ctx.now();
    await trx
      .updateTable('posts')
      .set({
        status: 'rejected',
        rejection_reason: reason,
        reviewed_at: now,
        reviewed_by: actor.userId,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
    await recordEvent(trx, {
      postId: id,
      actorUserId: actor.userId,
      from: 'submitted',
      to: 'rejected',
      reason,
      at: now,
    });
    const notify: NotifyInput = {
      category: 'posts',
      body: `${post.business_name ?? 'The business'} rejected your post for "${post.title ?? 'a campaign'}": ${reason} You can fix it and resubmit it.`,
      link: influencerPostLink(post.connection_id),
      emailSubject: 'REACH: your post was rejected',
    };
    return [{ input: notify, row: await ctx.notifier.store(trx, post.influencer_user_id, notify) }];
  });
  return afterChange(ctx, actor, id, pending);
}

/**
 * POST /posts/{id}/resubmit: the influencer sends a rejected post again with a new url/caption (and new media,
 * which replace the old ones; none sent keeps them). It is submitted again and the business is told.
 */
export async function resubmitPost(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: z.output<typeof resubmitPostBody>,
  files: readonly ReceivedFile[],
): Promise<Post> {
  const early = await ctx.db
    .selectFrom('posts as po')
    .innerJoin('connections as cn', 'cn.id', 'po.connection_id')
    .innerJoin('campaigns as c', 'c.id', 'po.campaign_id')
    .select([
      'po.business_id',
      'po.influencer_user_id',
      'po.status',
      'po.connection_id',
      'cn.status as cs',
      'c.status as campaign_status',
    ])
    .where('po.id', '=', id)
    .executeTakeFirst();
  if (!early) throw postNotFound();
  const earlyRefusal = resubmitRefusal(actor, early, {
    connectionStatus: early.cs,
    campaignStatus: early.campaign_status,
  });
  if (earlyRefusal) throw refuse(earlyRefusal);

  return storeAndSubmit(ctx, actor, early.connection_id, files, async (trx, stored) => {
    const post = await trx
      .selectFrom('posts')
      .select([
        'id',
        'business_id',
        'influencer_user_id',
        'status',
        'connection_id',
        'campaign_id',
        'platform',
      ])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const cn = await lockConnection(trx, post.connection_id);
    const refusal = resubmitRefusal(actor, post, {
      connectionStatus: cn!.status,
      campaignStatus: cn!.campaign_status,
    });
    if (refusal) throw refuse(refusal);
    const taken = await trx
      .selectFrom('posts')
      .select('id')
      .where('campaign_id', '=', post.campaign_id)
      .where('post_url', '=', input.post_url)
      .where('id', '!=', id)
      .executeTakeFirst();
    if (taken) throw duplicateUrl();
    let oldKeys: string[] = [];
    if (stored.length > 0) {
      const removed = await trx.deleteFrom('post_media').where('post_id', '=', id).returning('key').execute();
      oldKeys = removed.map((r) => r.key);
      await insertMedia(trx, id, stored);
    }
    const now = ctx.now();
    await trx
      .updateTable('posts')
      .set({
        status: 'submitted',
        platform: (input.platform ?? post.platform) as PostPlatform,
        post_url: input.post_url,
        caption: input.caption ?? null,
        rejection_reason: null,
        reviewed_at: null,
        reviewed_by: null,
        submitted_at: now,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
    await recordEvent(trx, {
      postId: id,
      actorUserId: actor.userId,
      from: 'rejected',
      to: 'submitted',
      postUrl: input.post_url,
      at: now,
    });
    return {
      id,
      oldKeys,
      pending: [await tellBusiness(ctx, trx, actor, cn!, 'resubmitted')],
    };
  });
}

/** What the social adapter is asked about a post: its media id or URL, and whether it is a video. */
async function metricsSubject(ctx: AppContext, id: number): Promise<MetricsSubject | null> {
  const post = await ctx.db
    .selectFrom('posts')
    .select(['id', 'platform', 'post_url', 'external_media_id', 'influencer_user_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!post) return null;
  const video = await ctx.db
    .selectFrom('post_media')
    .select('id')
    .where('post_id', '=', id)
    .where('mime', '=', 'video/mp4')
    .limit(1)
    .executeTakeFirst();
  return {
    mediaId: post.external_media_id,
    postUrl: post.post_url,
    platform: post.platform,
    influencerUserId: post.influencer_user_id,
    video: video !== undefined,
  };
}

/**
 * Reads a post's metrics through the social adapter (Graph API when configured, else estimated) and stores
 * them with their source, method and as-of time. Throws what the adapter throws (SocialError).
 */
async function fetchAndStoreMetrics(ctx: AppContext, id: number): Promise<void> {
  const subject = await metricsSubject(ctx, id);
  if (!subject) return;
  const m = await ctx.social.getMetrics(subject);
  await ctx.db
    .updateTable('posts')
    .set({
      reach: m.reach,
      impressions: m.impressions,
      likes: m.likes,
      comments: m.comments,
      shares: m.shares,
      saves: m.saves,
      video_views: m.video_views,
      metrics_source: m.source,
      metrics_method: m.method,
      metrics_fetched_at: ctx.now(),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Fetches a post's metrics and stores them (on approval, and for a post a webhook brought). Best effort: a
 * platform that cannot be reached leaves the figures as they were (logged), never failing the caller.
 */
export async function refreshMetrics(ctx: AppContext, id: number): Promise<void> {
  try {
    await fetchAndStoreMetrics(ctx, id);
  } catch (err) {
    ctx.log.warn({ err, postId: id }, 'post metrics not refreshed');
  }
}

/**
 * Counts an on-demand refresh of a post's metrics; answers the seconds to wait when the post was refreshed
 * within the window (shared by the replicas through the rate-limit store), null when this one may go ahead.
 */
export type MetricsRefreshGate = (postId: number) => Promise<{ retryAfterSeconds: number } | null>;

/**
 * POST /posts/{id}/metrics/refresh: the business of the campaign (or an admin) asks for a post's metrics now,
 * through the social adapter. At most once per METRICS_REFRESH_MINUTES per post (429 with Retry-After),
 * counted only once the actor is allowed, so nobody else can use up the business's refresh. A platform that
 * does not answer is a 503 and the stored figures stay as they were.
 */
export async function refreshPostMetrics(
  ctx: AppContext,
  actor: Actor,
  id: number,
  gate: MetricsRefreshGate,
): Promise<Post> {
  const post = await ctx.db
    .selectFrom('posts')
    .select(['business_id', 'influencer_user_id', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!post) throw postNotFound();
  const refusal = refreshMetricsRefusal(actor, post);
  if (refusal) throw refuse(refusal);
  const wait = await gate(id);
  if (wait) {
    const minutes = Math.max(1, Math.ceil(wait.retryAfterSeconds / 60));
    throw new AppError('rate_limited', POST_METRICS_MESSAGE.refreshTooSoon(minutes), undefined, {
      retryAfterSeconds: wait.retryAfterSeconds,
    });
  }
  try {
    await fetchAndStoreMetrics(ctx, id);
  } catch (err) {
    if (!(err instanceof SocialError)) throw err;
    ctx.log.warn({ err, postId: id }, 'post metrics refresh: platform unavailable');
    throw new AppError('unavailable', POST_METRICS_MESSAGE.platformUnavailable);
  }
  return getPost(ctx, actor, id);
}

/** Tells both sides' open tabs that a post changed. */
function publishChange(
  ctx: AppContext,
  p: { id: number; status: PostStatusColumn; influencer_user_id: number },
  businessUserId: number | null,
) {
  for (const userId of [p.influencer_user_id, businessUserId]) {
    if (userId !== null) ctx.live.publish(userId, { type: 'post', post_id: p.id, status: p.status });
  }
}

async function afterChange(
  ctx: AppContext,
  actor: Actor,
  id: number,
  pending: readonly PendingNotification[],
): Promise<Post> {
  await deliverAll(ctx, pending);
  const view = await getPost(ctx, actor, id);
  if (pending.length > 0) {
    const business = await ctx.db
      .selectFrom('businesses')
      .select('user_id')
      .where('id', '=', view.business.id)
      .executeTakeFirst();
    publishChange(
      ctx,
      { id, status: view.status, influencer_user_id: view.influencer.user_id },
      business?.user_id ?? null,
    );
  }
  return view;
}
