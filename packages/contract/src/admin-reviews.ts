import { z } from 'zod';
import { id, pageNumber } from './common';
import { CONNECTION_SIDES } from './connections';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, SORT_DIRECTIONS } from './constants';
import { API_MESSAGE } from './messages';

/*
 * Reviews moderation (spec §1 "Admins: manage … reviews", §2 /admin/reviews). After a completed connection the
 * business rates the influencer and the influencer may rate the business. Admins list every review, and hide
 * one (it leaves the public profile and stops counting toward the rating) or show it again. Each change says
 * why: the reason is kept in the audit log with the admin who acted, not shown to the author.
 */

export const REVIEW_STATUSES = ['visible', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = { visible: 'Visible', hidden: 'Hidden' };

/** Who reviewed whom: a business its influencer, or an influencer the business. */
export const REVIEW_DIRECTIONS = ['business_to_influencer', 'influencer_to_business'] as const;
export type ReviewDirection = (typeof REVIEW_DIRECTIONS)[number];
export const REVIEW_DIRECTION_LABELS: Record<ReviewDirection, string> = {
  business_to_influencer: 'Business → influencer',
  influencer_to_business: 'Influencer → business',
};

/** `author` and `subject` sort by the reviewer's and the reviewed side's display names. */
export const REVIEW_SORT_KEYS = [
  'created_at',
  'rating',
  'author',
  'subject',
  'campaign',
  'direction',
  'status',
] as const;
export type ReviewSortKey = (typeof REVIEW_SORT_KEYS)[number];

export const REVIEW_REASON_MAX_LENGTH = 500;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const noNul = (v: string) => !v.includes('\u0000');

/** GET /reviews (admin): newest first unless asked otherwise. */
export const adminReviewsQuery = z.object({
  sortBy: z.enum(REVIEW_SORT_KEYS).default('created_at'),
  sortDesc: z.enum(SORT_DIRECTIONS).default('desc'),
  items: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  page: pageNumber,
  search: z
    .preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .max(100, { error: 'The search can be at most 100 characters.' })
        .refine(noNul, { error: 'The search contains a character that is not allowed.' })
        .optional(),
    )
    .describe("Part of the reviewer's or the reviewed side's name, the campaign title or the review text"),
  direction: z
    .preprocess(blankToUndefined, z.enum(REVIEW_DIRECTIONS).optional())
    .describe('Only reviews written by businesses (business_to_influencer) or by influencers'),
  rating: z
    .preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: API_MESSAGE.reviewRatingRange })
        .int({ error: API_MESSAGE.reviewRatingRange })
        .min(1, { error: API_MESSAGE.reviewRatingRange })
        .max(5, { error: API_MESSAGE.reviewRatingRange })
        .optional(),
    )
    .describe('Only reviews with exactly this many stars'),
  status: z
    .preprocess(blankToUndefined, z.enum(REVIEW_STATUSES).optional())
    .describe('Only visible or only hidden reviews'),
});
export type AdminReviewsQuery = z.input<typeof adminReviewsQuery>;

const person = z.object({
  user_id: z.number().int().describe('Opens the account in /admin/users'),
  type: z.enum(CONNECTION_SIDES),
  name: z.string().describe("Business name, or the influencer's name"),
});

/** A review as admins see it: both sides, the campaign, and its latest moderation. */
export const adminReview = z
  .object({
    id: z.number().int(),
    connection_id: z.number().int(),
    direction: z.enum(REVIEW_DIRECTIONS),
    author: person.extend({
      avatar: z.string().nullable(),
      avatarType: z.enum(['initials', 'upload']),
    }),
    subject: person.extend({
      rating: z
        .number()
        .nullable()
        .describe("The reviewed side's rating now: the average of its visible reviews (null when none)"),
    }),
    campaign: z.object({ id: z.number().int(), title: z.string().nullable() }),
    rating: z.number().int().describe('1–5 stars'),
    body: z.string(),
    status: z.enum(REVIEW_STATUSES),
    created_at: z.string(),
    moderation: z
      .object({
        status: z.enum(REVIEW_STATUSES).describe('What the admin set it to'),
        at: z.string(),
        by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
        reason: z.string().nullable(),
      })
      .nullable()
      .describe('The latest hide or show, with its reason from the audit log; null if never moderated'),
    abilities: z.object({ hide: z.boolean(), show: z.boolean() }),
  })
  .meta({ id: 'AdminReview' });
export type AdminReview = z.infer<typeof adminReview>;
export const adminReviewsPage = z.object({ data: z.array(adminReview), total: z.number().int() });
export type AdminReviewsPage = z.infer<typeof adminReviewsPage>;

export const reviewIdParams = z.object({ id });

/** PATCH /reviews/{id} (admin): hide or show a review, saying why. */
export const moderateReviewBody = z.object({
  status: z.enum(REVIEW_STATUSES, { error: 'Choose visible or hidden.' }),
  reason: z
    .string({ error: API_MESSAGE.reviewReasonRequired })
    .trim()
    .min(1, { error: API_MESSAGE.reviewReasonRequired })
    .max(REVIEW_REASON_MAX_LENGTH, {
      error: `The reason can be at most ${REVIEW_REASON_MAX_LENGTH} characters.`,
    })
    .refine(noNul, { error: 'The reason contains a character that is not allowed.' })
    .describe('Why: kept in the audit log with the admin, not shown to the author'),
});
export type ModerateReviewBody = z.input<typeof moderateReviewBody>;
