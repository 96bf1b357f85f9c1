import { z } from 'zod';
import { id, pagingQuery } from './common';
import { PLATFORMS } from './constants';
import { API_MESSAGE } from './messages';
import {
  POST_REJECTION_REASON_MAX_LENGTH,
  POST_SORT_KEYS,
  POST_STATUS_LABELS,
  POST_STATUSES,
  type PostSortKey,
  type PostStatus,
} from './post-constants';

export {
  POST_REJECTION_REASON_MAX_LENGTH,
  POST_SORT_KEYS,
  POST_STATUS_LABELS,
  POST_STATUSES,
  type PostSortKey,
  type PostStatus,
};

/*
 * Posts (issue 7; spec §4 "Post approval triggers cash payout"): what an influencer published for a campaign
 * they are connected to (an ACCEPTED connection on an active campaign).
 *
 *   influencer submits (POST /posts) ─┐
 *   Instagram webhook detects it ─────┴──▶ submitted ──business approves──▶ approved  (cash/combination: paid)
 *                                              │
 *                                              └──business rejects (reason)──▶ rejected ──influencer resubmits──▶ submitted
 *
 * Approving a post of a cash (2) or combination (3) campaign pays `amount_per_post_cents` from the campaign's
 * funded budget to the influencer's balance, exactly once (idempotency key `post:<id>`), in the same
 * transaction as the status change; never beyond `max_posts_per_influencer` approved posts of that influencer
 * on that campaign, nor beyond the funded budget (409, post stays submitted). Approving an approved post again
 * is an idempotent success returning the same post and the same payment (200). Product campaigns (1) approve
 * without payment.
 */

/** How the post reached REACH: submitted by the influencer, or detected by the Instagram webhook. */
export const POST_SOURCES = ['submitted', 'webhook'] as const;
export type PostSource = (typeof POST_SOURCES)[number];

/** The platforms a post can be on (same list as the influencer directory). */
export const POST_PLATFORMS = PLATFORMS;
export type PostPlatform = (typeof POST_PLATFORMS)[number];

export const POST_MEDIA_KINDS = ['image', 'video'] as const;
export type PostMediaKind = (typeof POST_MEDIA_KINDS)[number];

/** Up to 5 files per post (JPEG/PNG ≤ 10 MB, MP4 ≤ 100 MB), type judged by content; a screenshot is one image. */
export const MAX_POST_MEDIA = 5;
export const POST_CAPTION_MAX_LENGTH = 2200;
export const POST_URL_MAX_LENGTH = 2048;

/** The multipart field names of POST /posts and POST /posts/{id}/resubmit: repeat `media` up to 5 times. */
export const POST_MEDIA_FIELD = 'media';

export const POST_ACTIONS = ['approve', 'reject', 'resubmit'] as const;
export type PostAction = (typeof POST_ACTIONS)[number];

const noNul = (v: string) => !v.includes('\u0000');
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

const postUrl = z
  .string({ error: API_MESSAGE.postUrlRequired })
  .trim()
  .min(1, { error: API_MESSAGE.postUrlRequired })
  .max(POST_URL_MAX_LENGTH, { error: API_MESSAGE.postUrlInvalid })
  .url({ protocol: /^https?$/, hostname: /\./, error: API_MESSAGE.postUrlInvalid })
  .describe('The link to the published post (http or https)');

const caption = z
  .string()
  .trim()
  .max(POST_CAPTION_MAX_LENGTH, { error: API_MESSAGE.postCaptionTooLong })
  .refine(noNul, { error: 'The caption contains a character that is not allowed.' })
  .transform((v) => (v === '' ? null : v))
  .nullish()
  .describe('The caption as published');

// ── requests ──────────────────────────────────────────────────────────────────────────────────────────────

/**
 * POST /posts — JSON, or multipart/form-data with these fields as text parts plus up to 5 file parts named
 * `media` (JPEG/PNG/MP4, type checked by content; a screenshot of the post is simply an image).
 * The connection must be yours, ACCEPTED, on an active campaign. 201 → Post.
 */
export const submitPostBody = z.object({
  connection_id: id.describe('Your accepted connection (GET /my/connections?status=accepted)'),
  platform: z.enum(POST_PLATFORMS, { error: API_MESSAGE.postPlatformInvalid }),
  post_url: postUrl,
  caption,
});
export type SubmitPostBody = z.input<typeof submitPostBody>;

/**
 * POST /posts/{id}/resubmit — only when rejected; same encoding as POST /posts (JSON or multipart). The new
 * url/caption replace the old ones; media files sent replace the old media (none sent → the old media stay).
 */
export const resubmitPostBody = z.object({
  platform: optional(z.enum(POST_PLATFORMS, { error: API_MESSAGE.postPlatformInvalid })).describe(
    'Defaults to the current platform',
  ),
  post_url: postUrl,
  caption,
});
export type ResubmitPostBody = z.input<typeof resubmitPostBody>;

/** POST /posts/{id}/reject */
export const rejectPostBody = z.object({
  reason: z
    .string({ error: API_MESSAGE.postRejectReasonRequired })
    .trim()
    .min(1, { error: API_MESSAGE.postRejectReasonRequired })
    .max(POST_REJECTION_REASON_MAX_LENGTH, { error: API_MESSAGE.postRejectReasonTooLong })
    .refine(noNul, { error: 'The reason contains a character that is not allowed.' }),
});
export type RejectPostBody = z.input<typeof rejectPostBody>;

export const postIdParams = z.object({ id });

/**
 * GET /posts — paging (default sort submitted_at, ascending like every list; send sortDesc=desc for newest
 * first), campaign, status, influencer (profile id). A business sees the posts of its campaigns, an influencer
 * their own, an admin all. → `{ data: Post[], total }`.
 */
export const postsQuery = pagingQuery(POST_SORT_KEYS, 'submitted_at').extend({
  campaign: optional(id).describe('Campaign id'),
  status: optional(z.enum(POST_STATUSES)),
  influencer: optional(id).describe('Influencer profile id'),
});
export type PostsQuery = z.input<typeof postsQuery>;

// ── responses ─────────────────────────────────────────────────────────────────────────────────────────────

const avatarType = z.enum(['initials', 'upload']);

export const postMedia = z
  .object({
    url: z.string(),
    type: z.enum(POST_MEDIA_KINDS),
    mime: z.string().describe('image/jpeg, image/png or video/mp4'),
  })
  .meta({ id: 'PostMedia' });
export type PostMedia = z.infer<typeof postMedia>;

/** A business (or an admin) may refresh a post's metrics once in this many minutes (429 otherwise). */
export const METRICS_REFRESH_MINUTES = 10;

export const postAbilities = z
  .object({
    approve: z.boolean().describe('The business owning the campaign, post submitted'),
    reject: z.boolean().describe('The business owning the campaign, post submitted'),
    resubmit: z.boolean().describe('The influencer who posted it, post rejected, connection still accepted'),
    refresh_metrics: z
      .boolean()
      .describe(
        `The business owning the campaign or an admin, post not rejected (at most once per ${METRICS_REFRESH_MINUTES} minutes per post)`,
      ),
  })
  .meta({ id: 'PostAbilities' });
export type PostAbilities = z.infer<typeof postAbilities>;

export const postPayment = z
  .object({
    amount_cents: z.number().int(),
    paid_at: z.string(),
  })
  .meta({ id: 'PostPayment' });
export type PostPayment = z.infer<typeof postPayment>;

// ── Metrics with their provenance (issue 14) ──────────────────────────────────────────────────────────────

/** measured: read from the platform's API; estimated: computed by REACH (`method` says how). */
export const METRICS_SOURCES = ['measured', 'estimated'] as const;
export type MetricsSource = (typeof METRICS_SOURCES)[number];
export const METRICS_SOURCE_LABELS: Record<MetricsSource, string> = {
  measured: 'measured',
  estimated: 'estimated',
};

export const POST_METRICS_MESSAGE = {
  refreshTooSoon: (minutes: number) =>
    `This post's metrics were refreshed less than ${METRICS_REFRESH_MINUTES} minutes ago. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  refreshBusinessOnly: 'Only the business that runs the campaign can refresh its posts’ metrics.',
  refreshRejected: 'A rejected post’s metrics are not refreshed.',
  platformUnavailable:
    'The platform did not answer, so the metrics were not refreshed. The figures shown are unchanged; try again later.',
} as const;

const count = (what: string) => z.number().int().min(0).describe(what);
const maybeCount = (what: string) =>
  z
    .number()
    .int()
    .min(0)
    .nullable()
    .describe(`${what}; null when not known (not reported for this media, or not a video)`);

/** A post's figures, where they come from and the time they are as of. */
export const postMetrics = z
  .object({
    reach: maybeCount('Unique accounts that saw the post'),
    impressions: maybeCount('Times the post was seen (Instagram: views)'),
    likes: count('Likes'),
    comments: count('Comments'),
    shares: maybeCount('Shares'),
    saves: maybeCount('Saves'),
    video_views: maybeCount('Video views (plays)'),
    source: z.enum(METRICS_SOURCES).describe('measured from the platform API, or estimated by REACH'),
    method: z.string().describe('How the figures were measured or estimated, in words'),
    as_of: z.string().describe('When the figures were read or estimated (ISO 8601)'),
    fetched_at: z.string().describe('Same as as_of (kept for older clients)'),
  })
  .meta({ id: 'PostMetrics' });
export type PostMetrics = z.infer<typeof postMetrics>;

/** Where figures summed over several posts come from: how many posts' figures were measured, how many estimated. */
export const metricsProvenanceSummary = z
  .object({
    measured_posts: z
      .number()
      .int()
      .min(0)
      .describe('Posts whose figures were measured from the platform API'),
    estimated_posts: z.number().int().min(0).describe('Posts whose figures were estimated by REACH'),
    oldest_as_of: z.string().nullable().describe('The as-of time of the oldest figures summed (null: none)'),
  })
  .meta({ id: 'MetricsProvenanceSummary' });
export type MetricsProvenanceSummary = z.infer<typeof metricsProvenanceSummary>;

export const post = z
  .object({
    id: z.number().int(),
    campaign: z.object({
      id: z.number().int(),
      title: z.string().nullable(),
      type: z.number().int().describe('1 product, 2 cash, 3 combination'),
      type_name: z.string(),
      amount_per_post_cents: z.number().int().nullable(),
    }),
    connection_id: z.number().int(),
    influencer: z.object({
      id: z.number().int().describe('Influencer profile id'),
      user_id: z.number().int(),
      name: z.string(),
      avatar: z.string().nullable(),
      avatarType: avatarType,
      instagram_username: z.string().nullable(),
    }),
    business: z.object({
      id: z.number().int(),
      name: z.string().nullable(),
    }),
    platform: z.enum(POST_PLATFORMS),
    post_url: z.string().nullable().describe('Null only for a webhook post without a permalink'),
    caption: z.string().nullable(),
    media: z.array(postMedia),
    source: z.enum(POST_SOURCES),
    status: z.enum(POST_STATUSES),
    rejection_reason: z.string().nullable().describe('Set while rejected'),
    submitted_at: z.string().describe('Last (re)submission'),
    reviewed_at: z.string().nullable(),
    reviewed_by: z
      .object({ id: z.number().int(), name: z.string() })
      .nullable()
      .describe('The user who approved or rejected it'),
    payment: postPayment
      .nullable()
      .describe('Set once an approved post of a cash/combination campaign is paid'),
    metrics: postMetrics
      .nullable()
      .describe(
        'Reach, impressions, likes, comments, shares, saves and video views with their source, once fetched',
      ),
    abilities: postAbilities,
  })
  .meta({ id: 'Post' });
export type Post = z.infer<typeof post>;

export const postsPage = z.object({ data: z.array(post), total: z.number().int() });
export type PostsPage = z.infer<typeof postsPage>;

// ── Facebook / Instagram webhooks ─────────────────────────────────────────────────────────────────────────

export const WEBHOOK_OBJECTS = ['instagram', 'page', 'user'] as const;
export const WEBHOOK_FIELDS = ['media', 'mentions', 'comments'] as const;

/** GET /facebook/myWebhooks: the current user's webhook subscriptions (an influencer's Instagram account). */
export const webhookSubscription = z
  .object({
    id: z.number().int(),
    object: z.enum(WEBHOOK_OBJECTS),
    fields: z.array(z.string()),
    instagram_account_id: z.string().nullable(),
    instagram_username: z.string().nullable(),
    active: z.boolean(),
    last_event_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'WebhookSubscription' });
export type WebhookSubscription = z.infer<typeof webhookSubscription>;
export const webhookSubscriptions = z.object({ data: z.array(webhookSubscription) });
export type WebhookSubscriptions = z.infer<typeof webhookSubscriptions>;

/** GET /facebook/webhooks (public): Meta's verification handshake; answers hub.challenge as text/plain. */
export const webhookHandshakeQuery = z.object({
  'hub.mode': z.string().optional(),
  'hub.verify_token': z.string().optional(),
  'hub.challenge': z.string().max(1000).optional(),
});
export type WebhookHandshakeQuery = z.output<typeof webhookHandshakeQuery>;

/** POST /facebook/webhooks (public, signed): what a verified delivery did. */
export const facebookWebhookResponse = z.object({
  received: z.literal(true),
  duplicate: z.boolean().describe('This delivery was handled before; nothing changed'),
  posts_created: z.number().int(),
});
export type FacebookWebhookResponse = z.infer<typeof facebookWebhookResponse>;

/** GET /facebook/webhooks: the echoed hub.challenge (sent as text/plain). */
export const webhookChallenge = z.string();
