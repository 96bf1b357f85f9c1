import { z } from 'zod';
import {
  CAMPAIGN_SORT_KEYS,
  CAMPAIGN_STATUSES,
  type CampaignSortKey,
  type CampaignStatus,
} from './campaign-constants';
import { id, pageNumber, pagingQuery } from './common';
import {
  CAMPAIGN_MEDIA_TYPES,
  CAMPAIGN_TYPES,
  DEFAULT_PAGE_SIZE,
  MAX_CAMPAIGN_INTERESTS,
  MAX_CAMPAIGN_MEDIA,
  MAX_PAGE_SIZE,
  USER_TYPES,
} from './constants';
import { API_MESSAGE } from './messages';

export { CAMPAIGN_SORT_KEYS, CAMPAIGN_STATUSES, type CampaignSortKey, type CampaignStatus };

/*
 * Campaigns (spec §3, §4, §7; DESIGN.md §4). Money is integer cents everywhere in the API; the client shows
 * dollars with 2 decimals. Drafts may be incomplete: every field except the type may be null until publishing.
 */

/** The lifecycle actions, each a `POST /campaign/{id}/<action>`. */
export const CAMPAIGN_ACTIONS = ['publish', 'pause', 'resume', 'complete', 'archive'] as const;
export type CampaignAction = (typeof CAMPAIGN_ACTIONS)[number];

/**
 * What an admin may do to any business's campaign, each a `POST /admin/campaigns/{id}/<action>`: take an active
 * campaign off the platform (pause), then put it away for good (archive). Legal transitions only.
 */
export const ADMIN_CAMPAIGN_ACTIONS = ['pause', 'archive'] as const satisfies readonly CampaignAction[];
export type AdminCampaignAction = (typeof ADMIN_CAMPAIGN_ACTIONS)[number];

export const CAMPAIGN_TYPE_IDS = CAMPAIGN_TYPES.map((t) => t.id);
export type CampaignTypeId = (typeof CAMPAIGN_TYPES)[number]['id'];
export const CAMPAIGN_TYPE = { product: 1, cash: 2, combination: 3 } as const;

/** Largest amount of money any field accepts: $1 billion, far below 2^53 cents. */
export const MAX_MONEY_CENTS = 100_000_000_000;
export const CAMPAIGN_TITLE_MAX_LENGTH = 150;
export const CAMPAIGN_TEXT_MAX_LENGTH = 5000;
export const CAMPAIGN_MESSAGE_MAX_LENGTH = 5000;

/** Fields of the campaign form, in wizard order, with the label used in messages. */
export const CAMPAIGN_FIELD_LABELS = {
  type_id: 'Campaign type',
  title: 'Title',
  start_date: 'Start date',
  end_date: 'End date',
  interests: 'Interests',
  description: 'Description',
  brand_overview: 'Brand overview',
  objectives: 'Objectives',
  talking_points: 'Talking points',
  post_requirements: 'Post requirements',
  url_tracking: 'URL tracking',
  tracker_url: 'Tracker URL',
  product_name: 'Product name',
  product_amount_cents: 'Product amount',
  product_description: 'Product description',
  product_link: 'Product link',
  total_budget_cents: 'Total budget',
  amount_per_post_cents: 'Amount per post',
  max_posts_per_influencer: 'Max posts per influencer',
} as const;
export type CampaignField = keyof typeof CAMPAIGN_FIELD_LABELS;

/** Product fields (types 1 and 3) and budget fields (types 2 and 3) that publishing needs. */
export const PRODUCT_FIELDS = ['product_name', 'product_amount_cents', 'product_description'] as const;
export const BUDGET_FIELDS = [
  'total_budget_cents',
  'amount_per_post_cents',
  'max_posts_per_influencer',
] as const;

/** Fields a campaign of this type must have before it can be published (the wizard marks them). */
export function fieldsRequiredToPublish(typeId: number): CampaignField[] {
  const fields: CampaignField[] = ['title', 'start_date', 'end_date', 'description'];
  if (typeId === CAMPAIGN_TYPE.product || typeId === CAMPAIGN_TYPE.combination)
    fields.push(...PRODUCT_FIELDS);
  if (typeId === CAMPAIGN_TYPE.cash || typeId === CAMPAIGN_TYPE.combination) fields.push(...BUDGET_FIELDS);
  return fields;
}

/** The values `campaignValueProblems` checks; dates YYYY-MM-DD, money in cents, null when empty. */
export type CampaignValues = {
  start_date: string | null;
  end_date: string | null;
  total_budget_cents: number | null;
  amount_per_post_cents: number | null;
};

/**
 * Values that are present but cannot be published, with the message for each (the same messages the API's
 * publish check answers): an end date before the start date, an end date before `today` (YYYY-MM-DD), an amount
 * per post above the total budget, and — unless `startMayBePast` (a campaign that already started keeps its
 * start date) — a start date before `today`. The wizard refuses these on the step that owns the field.
 */
export function campaignValueProblems(
  c: CampaignValues,
  today: string,
  { startMayBePast = false }: { startMayBePast?: boolean } = {},
): Partial<Record<CampaignField, string>> {
  const problems: Partial<Record<CampaignField, string>> = {};
  const { start_date: start, end_date: end } = c;
  if (start && start < today && !startMayBePast) problems.start_date = API_MESSAGE.campaignStartDatePast;
  if (start && end && start > end) problems.end_date = API_MESSAGE.campaignDatesOrder;
  else if (end && end < today) problems.end_date = API_MESSAGE.campaignEndDatePast;
  const total = c.total_budget_cents;
  const perPost = c.amount_per_post_cents;
  if (total !== null && perPost !== null && perPost > total)
    problems.amount_per_post_cents = API_MESSAGE.campaignAmountExceedsBudget;
  return problems;
}

/** Fields that may still change while a campaign is active (anything else needs a pause first). */
export const ACTIVE_EDITABLE_FIELDS = [
  'description',
  'brand_overview',
  'objectives',
  'talking_points',
  'post_requirements',
  'end_date',
] as const satisfies readonly CampaignField[];

/** The labels of what a brief revision may record: the campaign's fields, and its media. */
export const BRIEF_FIELD_LABELS: Record<CampaignField | 'media', string> = {
  ...CAMPAIGN_FIELD_LABELS,
  media: 'Media',
};

/** Why the fields an active campaign keeps are locked (the brief editor shows it next to them). */
export const ACTIVE_LOCKED_REASON = 'Accepted creators agreed to these terms';

// ── request pieces ────────────────────────────────────────────────────────────────────────────────────────

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
/** PostgreSQL text cannot hold NUL characters: refuse them as invalid input rather than fail on storing. */
const noNul = (v: string) => !v.includes('\u0000');
/** Interest ids are 32-bit in the database. */
const INT4_MAX = 2_147_483_647;

const text = (label: string, max = CAMPAIGN_TEXT_MAX_LENGTH) =>
  z.preprocess(
    emptyToNull,
    z
      .string()
      .trim()
      .max(max, { error: `${label} must be at most ${max} characters.` })
      .refine(noNul, { error: `${label} contains a character that is not allowed.` })
      .nullable()
      .optional(),
  );

const webAddress = (label: string) =>
  z.preprocess(
    emptyToNull,
    z
      .url({ protocol: /^https?$/, error: `${label} must be a full web address (https://…).` })
      .max(500)
      .refine(noNul, { error: `${label} must be a full web address (https://…).` })
      .nullable()
      .optional(),
  );

const date = (label: string) =>
  z.preprocess(
    emptyToNull,
    z.iso
      .date({ error: `${label} must be a date (YYYY-MM-DD).` })
      .nullable()
      .optional(),
  );

const cents = (label: string, min: number) =>
  z
    .number({ error: `${label} must be an amount in cents.` })
    .int({ error: `${label} must be a whole number of cents.` })
    .min(min, { error: `${label} must be at least ${min === 0 ? '0' : '$0.01'}.` })
    .max(MAX_MONEY_CENTS, { error: `${label} is too large.` })
    .nullable()
    .optional();

const typeId = z
  .number({ error: API_MESSAGE.campaignTypeRequired })
  .int({ error: API_MESSAGE.campaignTypeRequired })
  .refine((v) => (CAMPAIGN_TYPE_IDS as readonly number[]).includes(v), {
    error: API_MESSAGE.campaignTypeRequired,
  });

/** The editable fields of a campaign; absent means "leave as is", null or '' clears a field. */
const campaignFields = z.object({
  title: text('Title', CAMPAIGN_TITLE_MAX_LENGTH).describe('Advice: under 50 characters'),
  start_date: date('Start date').describe('YYYY-MM-DD'),
  end_date: date('End date').describe('YYYY-MM-DD; on or after start_date'),
  interests: z
    .array(z.number().int().positive().max(INT4_MAX, { error: API_MESSAGE.campaignUnknownInterests }), {
      error: 'Interests must be a list of interest ids.',
    })
    .max(MAX_CAMPAIGN_INTERESTS, { error: API_MESSAGE.campaignTooManyInterests })
    .transform((ids) => [...new Set(ids)])
    .optional()
    .describe(
      `Interest ids (GET /keywords/search), at most ${MAX_CAMPAIGN_INTERESTS}; replaces the current set`,
    ),
  description: text('Description'),
  brand_overview: text('Brand overview'),
  objectives: text('Objectives'),
  talking_points: text('Talking points'),
  post_requirements: text('Post requirements'),
  url_tracking: z.boolean({ error: 'URL tracking must be true or false.' }).optional(),
  tracker_url: webAddress('Tracker URL'),
  product_name: text('Product name', 200),
  product_amount_cents: cents('Product amount', 0).describe('Retail value of the product, in cents'),
  product_description: text('Product description'),
  product_link: webAddress('Product link'),
  total_budget_cents: cents('Total budget', 1).describe('In cents'),
  amount_per_post_cents: cents('Amount per post', 1).describe('In cents; at most total_budget_cents'),
  max_posts_per_influencer: z
    .number({ error: 'Max posts per influencer must be a whole number.' })
    .int({ error: 'Max posts per influencer must be a whole number.' })
    .min(1, { error: 'Max posts per influencer must be at least 1.' })
    .max(1000, { error: 'Max posts per influencer must be at most 1000.' })
    .nullable()
    .optional(),
});

/** POST /campaigns: a new draft. Only the type is required; save any subset of the rest. */
export const createCampaignBody = campaignFields.extend({
  type_id: typeId.describe('1 product, 2 cash, 3 combination'),
});
export type CreateCampaignBody = z.input<typeof createCampaignBody>;

/**
 * PUT /campaign/{id}: change some fields. Drafts and paused campaigns take any field; active campaigns only
 * ACTIVE_EDITABLE_FIELDS (sending an unchanged value of another field is fine); completed and archived none.
 */
export const updateCampaignBody = campaignFields.extend({ type_id: typeId.optional() });
export type UpdateCampaignBody = z.input<typeof updateCampaignBody>;

export const campaignIdParams = z.object({ id });

/** POST /admin/campaigns/{id}/<pause|archive>: an optional reason, told to the business and kept in the audit log. */
export const adminCampaignActionBody = z.object({
  reason: z
    .string()
    .trim()
    .max(500, { error: 'The reason can be at most 500 characters.' })
    .refine(noNul, { error: 'The reason contains a character that is not allowed.' })
    .optional(),
});
export type AdminCampaignActionBody = z.input<typeof adminCampaignActionBody>;
export const campaignMediaParams = z.object({ id, mediaId: id });

/** PUT /campaign/{id}/media/order: every media id of the campaign, in the new order. */
export const reorderMediaBody = z.object({
  media_ids: z
    .array(z.number().int().positive().max(INT4_MAX, { error: API_MESSAGE.campaignMediaOrder }))
    .max(MAX_CAMPAIGN_MEDIA, { error: API_MESSAGE.campaignMediaOrder }),
});

// ── list queries ──────────────────────────────────────────────────────────────────────────────────────────

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
const queryBool = z.preprocess(
  (v) =>
    v === 'true' || v === '1' || v === true ? true : v === 'false' || v === '0' || v === '' ? false : v,
  z.boolean({ error: 'Use true or false.' }),
);
const search = z
  .string()
  .trim()
  .max(100)
  .refine(noNul, { error: 'The search contains a character that is not allowed.' });
const interestFilter = id.max(INT4_MAX);

const campaignPaging = pagingQuery(CAMPAIGN_SORT_KEYS, 'name');

/** GET /campaigns/business and GET /my/campaigns. Without `status`, archived campaigns are left out. */
export const businessCampaignsQuery = campaignPaging.extend({
  tag: optional(interestFilter).describe('Interest id'),
  status: optional(z.enum(CAMPAIGN_STATUSES)).describe(
    'Only this status; archived ones show only when asked for',
  ),
  search: optional(search).describe('Part of the title'),
});
export type BusinessCampaignsQuery = z.input<typeof businessCampaignsQuery>;

/** GET /campaigns/browse: active campaigns only. */
export const browseCampaignsQuery = campaignPaging.extend({
  tag: optional(interestFilter).describe('Interest id'),
  business: optional(id).describe('Business id'),
  myCampaigns: optional(queryBool).describe(
    'true: only campaigns you have a conversation (later: connection) with',
  ),
  search: optional(search).describe('Part of the title'),
});
export type BrowseCampaignsQuery = z.input<typeof browseCampaignsQuery>;

/** GET /campaigns/all (admin): every status. */
export const adminCampaignsQuery = campaignPaging.extend({
  business: optional(id).describe('Business id'),
  tag: optional(interestFilter).describe('Interest id'),
  campaign: optional(search).describe('Part of the title'),
  status: optional(z.enum(CAMPAIGN_STATUSES)),
});
export type AdminCampaignsQuery = z.input<typeof adminCampaignsQuery>;

// ── responses ─────────────────────────────────────────────────────────────────────────────────────────────

export const campaignType = z
  .object({ id: z.number().int(), name: z.string(), description: z.string() })
  .meta({ id: 'CampaignType' });
export type CampaignType = z.infer<typeof campaignType>;
/** GET /campaign-types/all */
export const campaignTypesResponse = z.object({ data: z.array(campaignType) });

const interestRef = z.object({ id: z.number().int(), name: z.string() });

export const campaignMedia = z
  .object({
    id: z.number().int(),
    url: z.string(),
    mime: z.enum(CAMPAIGN_MEDIA_TYPES),
    size_bytes: z.number().int(),
    position: z.number().int().describe('0-based display order'),
  })
  .meta({ id: 'CampaignMedia' });
export type CampaignMedia = z.infer<typeof campaignMedia>;
export const campaignMediaList = z.object({ data: z.array(campaignMedia) });

/** A campaign row in a list (tables and browse cards). */
export const campaignSummary = z
  .object({
    id: z.number().int(),
    title: z.string().nullable().describe('Null for an untitled draft'),
    status: z.enum(CAMPAIGN_STATUSES),
    type_id: z.number().int(),
    type_name: z.string(),
    business_id: z.number().int(),
    business_name: z.string().nullable(),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    excerpt: z.string().nullable().describe('The start of the description'),
    product_name: z.string().nullable(),
    product_amount_cents: z.number().int().nullable(),
    total_budget_cents: z.number().int().nullable(),
    amount_per_post_cents: z.number().int().nullable(),
    max_posts_per_influencer: z.number().int().nullable(),
    interests: z.array(interestRef),
    cover_url: z.string().nullable().describe('The first image, if any'),
    published_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'CampaignSummary' });
export type CampaignSummary = z.infer<typeof campaignSummary>;
export const campaignsPage = z.object({ data: z.array(campaignSummary), total: z.number().int() });
export type CampaignsPage = z.infer<typeof campaignsPage>;

/** Picker entries: GET /campaigns/active and GET /campaigns/list. */
export const campaignOption = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  status: z.enum(CAMPAIGN_STATUSES),
});
export const campaignOptions = z.object({ data: z.array(campaignOption) });
export type CampaignOption = z.infer<typeof campaignOption>;

/** What the caller may do with this campaign now, so the client never re-derives the rules. */
export const campaignAbilities = z
  .object({
    update: z.boolean(),
    publish: z.boolean(),
    pause: z.boolean(),
    resume: z.boolean(),
    complete: z.boolean(),
    archive: z.boolean(),
    duplicate: z.boolean(),
    delete: z.boolean(),
    media: z.boolean().describe('Upload, remove and reorder media'),
    message: z.boolean().describe('Send a message about this campaign'),
    fund: z.boolean().describe('Pay what the budget still needs by card (cash and combination campaigns)'),
  })
  .meta({ id: 'CampaignAbilities' });
export type CampaignAbilities = z.infer<typeof campaignAbilities>;

/**
 * Money of a campaign, in cents. committed: promised to accepted influencers (connections, later);
 * spent: paid out for approved posts; left = total − committed − spent. funded: charged to cards into the
 * budget; refunded: returned when the campaign ended; available: what the funded budget can still pay
 * (funded − spent − refunded); to_fund: what publishing still needs (total − funded, at least 0).
 */
export const campaignBudget = z.object({
  total_budget_cents: z.number().int().nullable(),
  committed_cents: z.number().int(),
  spent_cents: z.number().int(),
  left_cents: z.number().int().nullable(),
  funded_cents: z.number().int(),
  refunded_cents: z.number().int(),
  available_cents: z.number().int(),
  to_fund_cents: z.number().int(),
});

/** GET /campaign/{id} and the result of every write. */
export const campaign = campaignSummary
  .extend({
    type: campaignType,
    description: z.string().nullable(),
    brand_overview: z.string().nullable(),
    objectives: z.string().nullable(),
    talking_points: z.string().nullable(),
    post_requirements: z.string().nullable(),
    url_tracking: z.boolean(),
    tracker_url: z.string().nullable(),
    product_description: z.string().nullable(),
    product_link: z.string().nullable(),
    media: z.array(campaignMedia),
    budget: campaignBudget,
    counts: z.object({ messages: z.number().int().describe('Messages you can read') }),
    paused_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    archived_at: z.string().nullable(),
    missing_fields: z
      .array(z.string())
      .describe('For the owner of a draft or paused campaign: fields still needed to publish'),
    brief_updated_at: z
      .string()
      .nullable()
      .describe('When the brief last changed after publishing (its latest brief revision), else null'),
    abilities: campaignAbilities,
  })
  .meta({ id: 'Campaign' });
export type Campaign = z.infer<typeof campaign>;

// ── brief revisions ───────────────────────────────────────────────────────────────────────────────────────

const briefValue = z
  .union([z.string(), z.number(), z.boolean(), z.array(z.number().int()), z.null()])
  .describe('The value as stored: text, cents, a date, interest ids, or for media the media ids in order');

/** One field a brief revision changed, with its value before and after. */
export const campaignBriefChange = z.object({
  field: z.string().describe('A campaign field, or `media`'),
  label: z.string(),
  old: briefValue,
  new: briefValue,
});
export type CampaignBriefChange = z.infer<typeof campaignBriefChange>;

/** GET /campaign/{id}/brief-revisions: a change to a published campaign (active or paused), newest first. */
export const campaignBriefRevision = z
  .object({
    id: z.number().int(),
    created_at: z.string(),
    by: z
      .object({ id: z.number().int(), name: z.string() })
      .nullable()
      .describe('Null once the user is gone'),
    changes: z.array(campaignBriefChange),
  })
  .meta({ id: 'CampaignBriefRevision' });
export type CampaignBriefRevision = z.infer<typeof campaignBriefRevision>;
export const campaignBriefRevisions = z.object({ data: z.array(campaignBriefRevision) });

// ── messages ──────────────────────────────────────────────────────────────────────────────────────────────

/**
 * GET /campaigns/{id}/messages. A thread is one campaign and one influencer: `user_id` (or its synonym
 * `creator_id`) names the influencer. Influencers always get their own thread; the business without it gets
 * every thread of the campaign. Page 1 holds the newest messages; each page is ordered oldest first.
 */
export const campaignMessagesQuery = z.object({
  user_id: optional(id).describe('The influencer whose thread to read'),
  creator_id: optional(id).describe('Same as user_id'),
  page: pageNumber,
  items: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
});

export const campaignMessage = z
  .object({
    id: z.number().int(),
    campaign_id: z.number().int(),
    influencer_user_id: z.number().int().describe('The thread: the influencer this conversation is with'),
    sender: z.object({
      id: z.number().int(),
      type: z.enum(USER_TYPES),
      name: z.string(),
      avatar_url: z.string().nullable(),
    }),
    body: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'CampaignMessage' });
export type CampaignMessage = z.infer<typeof campaignMessage>;

export const campaignMessagesResponse = z.object({
  messages: z.array(campaignMessage),
  total_messages: z.number().int(),
});
export type CampaignMessagesResponse = z.infer<typeof campaignMessagesResponse>;

/** POST /campaigns/{id}/messages: `user_id` (the influencer) is required for the business and admins. */
export const sendCampaignMessageBody = z.object({
  body: z
    .string({ error: API_MESSAGE.campaignMessageRequired })
    .trim()
    .min(1, { error: API_MESSAGE.campaignMessageRequired })
    .max(CAMPAIGN_MESSAGE_MAX_LENGTH, { error: API_MESSAGE.campaignMessageTooLong })
    .refine(noNul, { error: 'The message contains a character that is not allowed.' }),
  user_id: optional(id).describe('The influencer of the thread; influencers may leave it out'),
});
export type SendCampaignMessageBody = z.input<typeof sendCampaignMessageBody>;

/** GET /campaigns/{id}/threads: one row per influencer conversation, the most recent first. */
export const campaignThreadsQuery = z.object({
  page: pageNumber,
  items: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export const campaignThread = z
  .object({
    influencer: z.object({
      id: z.number().int().describe('User id; pass it as user_id'),
      name: z.string(),
      avatar_url: z.string().nullable(),
      instagram_username: z.string().nullable(),
    }),
    total_messages: z.number().int(),
    last_message: campaignMessage,
  })
  .meta({ id: 'CampaignThread' });
export const campaignThreadsPage = z.object({ data: z.array(campaignThread), total: z.number().int() });
