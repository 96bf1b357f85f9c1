import crypto from 'node:crypto';
import { API_MESSAGE } from '@reach/contract/messages';
import type {
  FacebookWebhookResponse,
  WebhookHandshakeQuery,
  WebhookSubscriptions,
} from '@reach/contract/posts';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { SocialMedia } from '../../adapters/social/index';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { deliverAll, type PendingNotification } from '../connections/service';
import type { NotifyInput } from '../notifications/service';
import { postsLink, refreshMetrics } from './service';
import { presentSubscription } from './webhook-presenter';
import { validSignature, validVerifyToken } from './webhook-signature';

/*
 * Facebook / Instagram webhooks (routes in webhooks.ts): the verification handshake, the signed deliveries and
 * the signed-in user's subscriptions.
 *
 * A delivery's X-Hub-Signature-256 must be `sha256=` + the HMAC-SHA256 of the raw body with FACEBOOK_APP_SECRET
 * (webhook-signature.ts) before the body is parsed or anything is stored: a bad or missing signature is a 401
 * and nothing changes. A verified delivery is recorded once (sha256 of the body; Meta's payloads carry no event
 * id), in the same transaction as its effects, so a replayed delivery changes nothing. Its `instagram` changes
 * (fields media, mentions, comments) that name a media id are matched to an influencer — the subscribed
 * Instagram account (entry id) of an influencer, or the Instagram username on their profile — who has an
 * accepted connection on an active campaign (if the entry is a business's account, only that business's
 * campaigns; the most recently accepted connection otherwise). Each media id becomes at most one post (source
 * `webhook`, status submitted) and the business is told.
 */

const WATCHED_FIELDS = new Set(['media', 'mentions', 'comments']);

const change = z.object({
  field: z.string(),
  value: z.record(z.string(), z.unknown()).optional(),
});
const payload = z.object({
  object: z.string(),
  entry: z
    .array(
      z.object({
        id: z.union([z.string(), z.number()]).transform(String),
        time: z.number().optional(),
        changes: z.array(change).optional(),
      }),
    )
    .default([]),
});
type Payload = z.output<typeof payload>;

const str = (v: unknown) =>
  typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null;

/** The media a change is about, with what the change itself says of it. */
type Detected = {
  accountId: string;
  mediaId: string;
  username: string | null;
  permalink: string | null;
  caption: string | null;
};

function detected(body: Payload): Detected[] {
  const out: Detected[] = [];
  if (body.object !== 'instagram') return out;
  for (const entry of body.entry) {
    for (const c of entry.changes ?? []) {
      if (!WATCHED_FIELDS.has(c.field) || !c.value) continue;
      const v = c.value;
      const media = (v.media ?? null) as Record<string, unknown> | null;
      const from = (v.from ?? null) as Record<string, unknown> | null;
      const mediaId = str(v.media_id) ?? str(media?.id) ?? (c.field === 'media' ? str(v.id) : null);
      if (!mediaId) continue;
      out.push({
        accountId: entry.id,
        mediaId,
        username:
          str(v.username) ?? str(media?.username) ?? (c.field === 'comments' ? null : str(from?.username)),
        permalink: str(v.permalink) ?? str(media?.permalink),
        caption: str(v.caption) ?? str(media?.caption),
      });
    }
  }
  return out;
}

/**
 * GET /facebook/webhooks: Meta's verification handshake. hub.mode=subscribe and hub.verify_token equal to
 * FACEBOOK_WEBHOOK_VERIFY_TOKEN → hub.challenge, to be echoed as text/plain; anything else → 403.
 */
export function verifyHandshake(ctx: AppContext, query: WebhookHandshakeQuery): string {
  const valid = validVerifyToken(query['hub.verify_token'] ?? '', ctx.config.FACEBOOK_WEBHOOK_VERIFY_TOKEN);
  if (query['hub.mode'] !== 'subscribe' || !valid)
    throw new AppError('forbidden', API_MESSAGE.facebookWebhookToken);
  return query['hub.challenge'] ?? '';
}

/**
 * POST /facebook/webhooks: a delivery as Meta sent it (the raw body and its signature header). Not configured
 * (no app secret) → 404; a bad signature → 401 (logged); a body that is not a webhook payload → 400; otherwise
 * applied once (handleFacebookDelivery).
 */
export async function receiveFacebookDelivery(
  ctx: AppContext,
  raw: Buffer,
  signature: string | undefined,
  log: FastifyBaseLogger,
): Promise<FacebookWebhookResponse> {
  const secret = ctx.config.FACEBOOK_APP_SECRET;
  if (!secret) throw new AppError('not_found', API_MESSAGE.facebookWebhookNotConfigured);
  if (!validSignature(raw, signature, secret)) {
    log.warn('facebook webhook refused: bad signature');
    throw new AppError('unauthenticated', API_MESSAGE.webhookSignature);
  }
  let body: Payload;
  try {
    body = payload.parse(JSON.parse(raw.toString('utf8')));
  } catch {
    throw new AppError('validation', API_MESSAGE.validation);
  }
  return handleFacebookDelivery(ctx, raw, body);
}

/** Applies a verified delivery once; the Graph lookups happen before the transaction. */
export async function handleFacebookDelivery(
  ctx: AppContext,
  raw: Buffer,
  body: Payload,
): Promise<FacebookWebhookResponse> {
  const hash = crypto.createHash('sha256').update(raw).digest('hex');
  const items = detected(body);
  const known = await ctx.db
    .selectFrom('facebook_webhook_events')
    .select('id')
    .where('event_hash', '=', hash)
    .executeTakeFirst();
  // What the change does not say (permalink, owner, caption) comes from the Graph API when it is configured.
  const media = new Map<string, SocialMedia>();
  if (!known && ctx.social.name === 'graph') {
    for (const d of items) {
      if (d.permalink && d.username) continue;
      try {
        const m = await ctx.social.getMedia(d.mediaId);
        if (m) media.set(d.mediaId, m);
      } catch (err) {
        ctx.log.warn({ err, mediaId: d.mediaId }, 'instagram media not fetched');
      }
    }
  }
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const first = await trx
      .insertInto('facebook_webhook_events')
      .values({ event_hash: hash, object: body.object.slice(0, 40), changes: items.length })
      .onConflict((oc) => oc.column('event_hash').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!first) return { duplicate: true, created: [] as number[], pending: [] as PendingNotification[] };
    const created: number[] = [];
    const pending: PendingNotification[] = [];
    for (const d of items) {
      const m = media.get(d.mediaId);
      const one = await postFromMedia(ctx, trx, {
        ...d,
        username: d.username ?? m?.username ?? null,
        permalink: d.permalink ?? m?.permalink ?? null,
        caption: d.caption ?? m?.caption ?? null,
      });
      if (one) {
        created.push(one.id);
        pending.push(one.pending);
      }
    }
    const accounts = [...new Set(items.map((d) => d.accountId))];
    if (accounts.length)
      await trx
        .updateTable('webhook_subscriptions')
        .set({ last_event_at: ctx.now() })
        .where('instagram_account_id', 'in', accounts)
        .execute();
    await trx
      .updateTable('facebook_webhook_events')
      .set({ posts_created: created.length })
      .where('id', '=', first.id)
      .execute();
    return { duplicate: false, created, pending };
  });
  await deliverAll(ctx, outcome.pending);
  for (const id of outcome.created) await refreshMetrics(ctx, id);
  return { received: true as const, duplicate: outcome.duplicate, posts_created: outcome.created.length };
}

/** One detected media → a submitted webhook post on the matched influencer's connection, or null. */
async function postFromMedia(ctx: AppContext, trx: Transaction<DB>, d: Detected) {
  const subscriber = await trx
    .selectFrom('webhook_subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.user_id', 'u.type'])
    .where('s.object', '=', 'instagram')
    .where('s.instagram_account_id', '=', d.accountId)
    .where('s.active', '=', true)
    .executeTakeFirst();
  let influencerUserId: number | null = subscriber?.type === 'influencer' ? subscriber.user_id : null;
  const businessUserId = subscriber?.type === 'business' ? subscriber.user_id : null;
  if (influencerUserId === null && d.username) {
    const byName = await trx
      .selectFrom('influencer_profiles as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select('p.user_id')
      .where((eb) =>
        eb(eb.fn('lower', ['p.instagram_username']), '=', d.username!.replace(/^@/, '').toLowerCase()),
      )
      .where('u.type', '=', 'influencer')
      .where('u.status', '=', 'active')
      .orderBy('p.id')
      .executeTakeFirst();
    influencerUserId = byName?.user_id ?? null;
  }
  if (influencerUserId === null) return null;

  let q = trx
    .selectFrom('connections as cn')
    .innerJoin('campaigns as c', 'c.id', 'cn.campaign_id')
    .innerJoin('businesses as b', 'b.id', 'cn.business_id')
    .select(['cn.id', 'cn.campaign_id', 'cn.business_id', 'c.title', 'b.user_id as business_user_id'])
    .where('cn.influencer_user_id', '=', influencerUserId)
    .where('cn.status', '=', 'accepted')
    .where('c.status', '=', 'active');
  if (businessUserId !== null) q = q.where('b.user_id', '=', businessUserId);
  const cn = await q
    .orderBy('cn.responded_at', (ob) => ob.desc().nullsLast())
    .orderBy('cn.id', 'desc')
    .forUpdate('cn')
    .executeTakeFirst();
  if (!cn) return null;

  const now = ctx.now();
  const post = await trx
    .insertInto('posts')
    .values({
      connection_id: cn.id,
      campaign_id: cn.campaign_id,
      business_id: cn.business_id,
      influencer_user_id: influencerUserId,
      platform: 'instagram',
      post_url: d.permalink?.slice(0, 2048) ?? null,
      caption: d.caption?.slice(0, 2200) ?? null,
      source: 'webhook',
      external_media_id: d.mediaId,
      status: 'submitted',
      submitted_at: now,
      created_at: now,
      updated_at: now,
    })
    // The same media id (a replay with other bytes) or the same URL already submitted by hand: no second post.
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!post) return null;
  await trx
    .insertInto('post_events')
    .values({
      post_id: post.id,
      actor_user_id: null,
      from_status: null,
      to_status: 'submitted',
      post_url: d.permalink,
      created_at: now,
    })
    .execute();
  const who = await trx
    .selectFrom('users as u')
    .leftJoin('influencer_profiles as p', 'p.user_id', 'u.id')
    .select(['u.given_name', 'u.family_name', 'p.first_name', 'p.last_name'])
    .where('u.id', '=', influencerUserId)
    .executeTakeFirstOrThrow();
  const name = `${who.first_name ?? who.given_name} ${who.last_name ?? who.family_name}`.trim();
  const notify: NotifyInput = {
    category: 'posts',
    body: `A new Instagram post by ${name} for "${cn.title ?? 'your campaign'}" was detected. Review it to approve or reject it.`,
    link: postsLink('business'),
    emailSubject: `REACH: a new post by ${name} is waiting for review`,
  };
  return {
    id: post.id,
    pending: { input: notify, row: await ctx.notifier.store(trx, cn.business_user_id, notify) },
  };
}

/** GET /facebook/myWebhooks: the user's webhook subscriptions, oldest first. */
export async function listMyWebhooks(ctx: AppContext, userId: number): Promise<WebhookSubscriptions> {
  const rows = await ctx.db
    .selectFrom('webhook_subscriptions')
    .select([
      'id',
      'object',
      'fields',
      'instagram_account_id',
      'instagram_username',
      'active',
      'last_event_at',
      'created_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return { data: rows.map(presentSubscription) };
}
