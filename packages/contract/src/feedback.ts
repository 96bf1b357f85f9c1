import { z } from 'zod';
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
