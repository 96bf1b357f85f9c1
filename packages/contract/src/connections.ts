import { z } from 'zod';
import { CAMPAIGN_STATUSES } from './campaigns';
import { id, pagingQuery } from './common';
import { API_MESSAGE } from './messages';

/*
 * Connections (issue 6; DESIGN.md §4): a business and an influencer working together on one campaign.
 *
 *   business invites ──▶ invited ──influencer accepts──▶ accepted ──business completes──▶ completed
 *   influencer applies ─▶ applied ──business accepts───▶ accepted
 *   invited ──influencer declines──▶ declined        applied ──business declines──▶ declined
 *   invited | applied | accepted ──either side cancels──▶ cancelled
 *
 * Every change is recorded (who, from, to, when) and tells the other side. After completion each side may
 * review the other once (1–5 stars and a text); an influencer's rating is the average of their visible reviews.
 */

export const CONNECTION_STATUSES = [
  'invited',
  'applied',
  'accepted',
  'declined',
  'completed',
  'cancelled',
] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];
export const CONNECTION_STATUS_LABELS: Record<ConnectionStatus, string> = {
  invited: 'Invited',
  applied: 'Applied',
  accepted: 'Active',
  declined: 'Declined',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
/** Statuses that hold the campaign + influencer pair: a second invitation or application is refused. */
export const LIVE_CONNECTION_STATUSES = ['invited', 'applied', 'accepted', 'completed'] as const;
/** Statuses still waiting for an answer. */
export const PENDING_CONNECTION_STATUSES = ['invited', 'applied'] as const;

/** The steps after the first one, each a `POST /connection/{id}/<action>`. */
export const CONNECTION_ACTIONS = ['accept', 'decline', 'cancel', 'complete'] as const;
export type ConnectionAction = (typeof CONNECTION_ACTIONS)[number];

export const CONNECTION_SIDES = ['business', 'influencer'] as const;
export type ConnectionSide = (typeof CONNECTION_SIDES)[number];

/** How a connection started: a direct invitation or application, an import, discovery, or an invite link. */
export const CONNECTION_SOURCES = ['direct', 'csv', 'list', 'discovery', 'invite_link'] as const;
export type ConnectionSource = (typeof CONNECTION_SOURCES)[number];

export const CONNECTION_MESSAGE_MAX_LENGTH = 2000;
export const REVIEW_TEXT_MAX_LENGTH = 2000;

const noNul = (v: string) => !v.includes('\u0000');
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
const note = z
  .string()
  .trim()
  .max(CONNECTION_MESSAGE_MAX_LENGTH, { error: API_MESSAGE.connectionNoteTooLong })
  .refine(noNul, { error: 'The note contains a character that is not allowed.' })
  .transform((v) => (v === '' ? undefined : v))
  .optional();

// ── requests ──────────────────────────────────────────────────────────────────────────────────────────────

/** POST /connections/invite: the business invites an influencer (profile id) to one of its active campaigns. */
export const inviteBody = z.object({
  campaign_id: id.describe('An active campaign of yours'),
  influencer_id: id.describe('The influencer profile id (GET /influencers)'),
  message: note.describe('A note for the influencer'),
});
export type InviteBody = z.input<typeof inviteBody>;

/** POST /connections/apply: the influencer applies to an active campaign. */
export const applyBody = z.object({
  campaign_id: id,
  message: note.describe('A note for the business'),
});
export type ApplyBody = z.input<typeof applyBody>;

export const connectionIdParams = z.object({ id });

/** POST /connection/{id}/review: after completion, each side rates the other once. */
export const reviewBody = z.object({
  rating: z.coerce
    .number({ error: API_MESSAGE.reviewRatingRange })
    .int({ error: API_MESSAGE.reviewRatingRange })
    .min(1, { error: API_MESSAGE.reviewRatingRange })
    .max(5, { error: API_MESSAGE.reviewRatingRange }),
  body: z
    .string({ error: API_MESSAGE.reviewTextRequired })
    .trim()
    .min(1, { error: API_MESSAGE.reviewTextRequired })
    .max(REVIEW_TEXT_MAX_LENGTH, { error: API_MESSAGE.reviewTextTooLong })
    .refine(noNul, { error: 'The review contains a character that is not allowed.' }),
});
export type ReviewBody = z.input<typeof reviewBody>;

export const CONNECTION_SORT_KEYS = [
  'name',
  'campaign',
  'status',
  'created_at',
  'updated_at',
  'end_date',
] as const;
export type ConnectionSortKey = (typeof CONNECTION_SORT_KEYS)[number];

/**
 * GET /my/connections (spec §7: paging, default sort name — the other side's name —, campaign, status). A
 * business sees its own connections, an influencer theirs.
 */
export const connectionsQuery = pagingQuery(CONNECTION_SORT_KEYS, 'name').extend({
  campaign: optional(id).describe('Campaign id'),
  status: optional(z.enum(CONNECTION_STATUSES)),
  business: optional(id).describe('Business id (influencers)'),
  influencer: optional(id).describe('Influencer profile id (businesses)'),
});
export type ConnectionsQuery = z.input<typeof connectionsQuery>;

/** GET /my/connections/list: `latest=true` gives the sidebar's few most recent cards. */
export const connectionListQuery = z.object({
  latest: optional(
    z.preprocess(
      (v) => (v === 'true' || v === '1' || v === true ? true : v === 'false' || v === '0' ? false : v),
      z.boolean({ error: 'Use true or false.' }),
    ),
  ),
});

// ── responses ─────────────────────────────────────────────────────────────────────────────────────────────

const avatarType = z.enum(['initials', 'upload']);

export const connectionAbilities = z
  .object({
    accept: z.boolean(),
    decline: z.boolean(),
    cancel: z.boolean(),
    complete: z.boolean(),
    review: z.boolean().describe('Completed, and you have not reviewed the other side yet'),
    message: z.boolean().describe('Write in the campaign thread of this influencer'),
  })
  .meta({ id: 'ConnectionAbilities' });
export type ConnectionAbilities = z.infer<typeof connectionAbilities>;

export const review = z
  .object({
    id: z.number().int(),
    connection_id: z.number().int(),
    author: z.object({
      type: z.enum(CONNECTION_SIDES),
      name: z.string(),
      avatar: z.string().nullable(),
      avatarType: avatarType,
    }),
    subject_name: z.string(),
    campaign_title: z.string().nullable(),
    rating: z.number().int(),
    body: z.string(),
    status: z.enum(['visible', 'hidden']).describe('Hidden reviews are seen by admins and their author only'),
    created_at: z.string(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof review>;

export const connectionEvent = z.object({
  from: z.enum(CONNECTION_STATUSES).nullable(),
  to: z.enum(CONNECTION_STATUSES),
  by: z.enum([...CONNECTION_SIDES, 'system']).describe('Which side made the change'),
  at: z.string(),
});

export const connection = z
  .object({
    id: z.number().int(),
    status: z.enum(CONNECTION_STATUSES),
    initiated_by: z.enum(CONNECTION_SIDES),
    source: z.enum(CONNECTION_SOURCES),
    message: z.string().nullable().describe('The note sent with the invitation or application'),
    campaign: z.object({
      id: z.number().int(),
      title: z.string().nullable(),
      status: z.enum(CAMPAIGN_STATUSES),
      type_name: z.string(),
      start_date: z.string().nullable(),
      end_date: z.string().nullable(),
    }),
    business: z.object({
      id: z.number().int(),
      user_id: z.number().int(),
      business_name: z.string().nullable(),
      avatar: z.string().nullable(),
      avatarType: avatarType,
    }),
    influencer: z.object({
      id: z.number().int().describe('Influencer profile id'),
      user_id: z.number().int().describe('Pass as user_id to the campaign messages'),
      name: z.string(),
      avatar: z.string().nullable(),
      avatarType: avatarType,
      instagram_username: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      rating: z.number().nullable(),
    }),
    created_at: z.string(),
    updated_at: z.string(),
    responded_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    cancelled_at: z.string().nullable(),
    abilities: connectionAbilities,
  })
  .meta({ id: 'Connection' });
export type Connection = z.infer<typeof connection>;

/** GET /connection/{id}: with its history and its reviews. */
export const connectionDetail = connection
  .extend({
    events: z.array(connectionEvent),
    reviews: z.object({
      mine: review.nullable(),
      theirs: review.nullable(),
    }),
  })
  .meta({ id: 'ConnectionDetail' });
export type ConnectionDetail = z.infer<typeof connectionDetail>;

export const connectionsPage = z.object({
  data: z.array(connection),
  total: z.number().int(),
  counts: z
    .record(z.enum(CONNECTION_STATUSES), z.number().int())
    .describe('Connections per status under the same filters except status (for tabs)'),
});
export type ConnectionsPage = z.infer<typeof connectionsPage>;

/**
 * Connection card of spec §3 (sidebar): one per counterpart. Business side: `id` and `influencer_id` are the
 * influencer's profile id, `name` the influencer. Influencer side: `id` is the business id, `business_name` set.
 */
export const connectionCard = z
  .object({
    id: z.number().int(),
    influencer_id: z.number().int().nullable(),
    name: z.string().nullable(),
    business_name: z.string().nullable(),
    avatar: z.string().nullable(),
    avatarType: avatarType,
  })
  .meta({ id: 'ConnectionCard' });
export type ConnectionCard = z.infer<typeof connectionCard>;
export const connectionCards = z.object({ data: z.array(connectionCard) });

/** GET /my/connections/businesses: the businesses an influencer has connections with (filters). */
export const businessOptions = z.object({
  data: z.array(z.object({ id: z.number().int(), business_name: z.string().nullable() })),
});

// ── invite links ──────────────────────────────────────────────────────────────────────────────────────────

/** GET /invite/generate: a signed sign-up link that invites whoever signs up with it to the campaign. */
export const inviteLinkQuery = z.object({ campaign_id: id.describe('An active campaign of yours') });
export const inviteLink = z
  .object({
    url: z.string().describe('Sign-up page with the invite token'),
    token: z.string(),
    campaign_id: z.number().int(),
    expires_at: z.string(),
  })
  .meta({ id: 'InviteLink' });
export type InviteLink = z.infer<typeof inviteLink>;
/** POST /invite/accept: a signed-in influencer (e.g. after a social sign-up) uses an invite link. */
export const inviteAcceptBody = z.object({ invite: z.string().min(10).max(2000) });
/** GET /invite/preview?invite=…: what an invite link is for (public, shown on the sign-up page). */
export const invitePreviewQuery = z.object({ invite: z.string().min(10).max(2000) });
export const invitePreview = z.object({
  business_name: z.string().nullable(),
  campaign_title: z.string().nullable(),
});
