import { z } from 'zod';
import { id, pageNumber } from './common';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, SORT_DIRECTIONS } from './constants';
import { SPEC_TEXT } from './messages';

/** POST /feedback */
export const feedbackBody = z.object({
  reported_page: z.string().trim().max(500).default(''),
  content: z
    .string({ error: SPEC_TEXT.feedbackRequired })
    .trim()
    .min(1, { error: SPEC_TEXT.feedbackRequired })
    .max(5000, { error: 'Feedback must be at most 5,000 characters.' }),
});
export type FeedbackBody = z.input<typeof feedbackBody>;

export const feedback = z
  .object({
    id: z.number().int(),
    reported_page: z.string(),
    content: z.string(),
    status: z.enum(['open', 'resolved']),
    created_at: z.string(),
    user: z
      .object({ id: z.number().int(), name: z.string(), email: z.string(), type: z.string() })
      .nullable(),
  })
  .meta({ id: 'Feedback' });

export const FEEDBACK_STATUSES = ['open', 'resolved'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
export const FEEDBACK_SORT_KEYS = ['created_at', 'status', 'reported_page'] as const;
export type FeedbackSortKey = (typeof FEEDBACK_SORT_KEYS)[number];

/** GET /admin/feedback: newest first unless asked otherwise. */
export const feedbackQuery = z.object({
  sortBy: z.enum(FEEDBACK_SORT_KEYS).default('created_at'),
  sortDesc: z.enum(SORT_DIRECTIONS).default('desc'),
  items: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  page: pageNumber,
  status: z
    .preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(FEEDBACK_STATUSES).optional())
    .describe('Only open or only resolved feedback'),
  search: z
    .preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z
        .string()
        .trim()
        .max(100, { error: 'The search can be at most 100 characters.' })
        .refine((v) => !v.includes('\u0000'), {
          error: 'The search contains a character that is not allowed.',
        })
        .optional(),
    )
    .describe("Part of the message, the page, or the sender's name or email"),
});
export type FeedbackQuery = z.input<typeof feedbackQuery>;

/** A feedback item as admins see it: the sender and who resolved it. */
export const adminFeedback = feedback
  .extend({
    resolved_at: z.string().nullable(),
    resolved_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  })
  .meta({ id: 'AdminFeedback' });
export type AdminFeedback = z.infer<typeof adminFeedback>;
export const feedbackPage = z.object({ data: z.array(adminFeedback), total: z.number().int() });
export type FeedbackPage = z.infer<typeof feedbackPage>;

export const feedbackIdParams = z.object({ id });

/** PUT /admin/feedback/{id}: mark resolved or open again. */
export const updateFeedbackBody = z.object({
  status: z.enum(FEEDBACK_STATUSES, { error: 'Choose open or resolved.' }),
});
export type UpdateFeedbackBody = z.input<typeof updateFeedbackBody>;
