import { z } from 'zod';
import { CAMPAIGN_TYPE_IDS } from './campaigns';
import { ADVISED_TITLE_MAX_LENGTH, MAX_CAMPAIGN_INTERESTS } from './constants';
import { API_MESSAGE } from './messages';

/*
 * The AI campaign builder (issue 4): the business gives a short brief and gets the details step of the wizard
 * drafted. Nothing is stored; the client fills the form and the business edits and saves it as usual.
 */

export const AI_PRODUCT_MAX_LENGTH = 500;
export const AI_BRIEF_FIELD_MAX_LENGTH = 300;
export const AI_TONE_MAX_LENGTH = 50;
/** The tones the wizard offers; any other short text is accepted as a free-form tone. */
export const AI_TONES = ['friendly', 'professional', 'playful', 'bold', 'luxury'] as const;
export type AiTone = (typeof AI_TONES)[number];

const noNul = (v: string) => !v.includes('\u0000');
const emptyToUndefined = (v: unknown) =>
  (typeof v === 'string' && v.trim() === '') || v === null ? undefined : v;
const briefText = (label: string, max: number) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .max(max, { error: `${label} must be at most ${max} characters.` })
      .refine(noNul, { error: `${label} contains a character that is not allowed.` })
      .optional(),
  );

/** POST /campaigns/ai/draft */
export const aiDraftBody = z.object({
  type_id: z
    .number()
    .int()
    .refine((v) => (CAMPAIGN_TYPE_IDS as readonly number[]).includes(v), {
      error: API_MESSAGE.campaignTypeRequired,
    })
    .optional()
    .describe('1 product, 2 cash, 3 combination: shapes the post requirements'),
  product: z
    .string({ error: API_MESSAGE.aiProductRequired })
    .trim()
    .min(1, { error: API_MESSAGE.aiProductRequired })
    .max(AI_PRODUCT_MAX_LENGTH, { error: `The product must be at most ${AI_PRODUCT_MAX_LENGTH} characters.` })
    .refine(noNul, { error: 'The product contains a character that is not allowed.' })
    .describe('What the campaign promotes, in a few words or sentences'),
  audience: briefText('The audience', AI_BRIEF_FIELD_MAX_LENGTH).describe('Who it is for'),
  goal: briefText('The goal', AI_BRIEF_FIELD_MAX_LENGTH).describe(
    'What the campaign should achieve (awareness, sales, a launch, engagement…)',
  ),
  tone: briefText('The tone', AI_TONE_MAX_LENGTH).describe(
    `One of ${AI_TONES.join(', ')} or a few words of your own`,
  ),
});
export type AiDraftBody = z.input<typeof aiDraftBody>;

/** The drafted details step. Bullet fields are lines starting with "- ". */
export const aiDraft = z
  .object({
    title: z.string().describe(`Advice: under ${ADVISED_TITLE_MAX_LENGTH} characters`),
    description: z.string(),
    brand_overview: z.string(),
    objectives: z.string(),
    talking_points: z.string(),
    post_requirements: z.string(),
    interests: z
      .array(z.object({ id: z.number().int(), name: z.string() }))
      .max(MAX_CAMPAIGN_INTERESTS)
      .describe('Suggested interests, chosen from GET /keywords/search'),
    source: z
      .enum(['ai', 'embedded'])
      .describe('ai: written by the configured AI model; embedded: by the built-in generator'),
  })
  .meta({ id: 'CampaignAiDraft' });
export type AiDraft = z.infer<typeof aiDraft>;

/**
 * Which writer drafts campaigns on this server and how long it usually takes, so the builder's waiting text
 * and progress bar say what will really happen: an AI model about 5–10 s (spec §9), the built-in writer
 * about a second.
 */
export const aiProvider = z
  .object({
    source: z
      .enum(['ai', 'embedded'])
      .describe('ai: an AI model is configured; embedded: the built-in writer'),
    typical_seconds: z
      .object({ min: z.number().int().min(0), max: z.number().int().min(1) })
      .describe('How long a draft usually takes'),
  })
  .meta({ id: 'CampaignAiProvider' });
export type AiProvider = z.infer<typeof aiProvider>;

/** The typical drafting time of each writer (an AI model: spec §9). */
export const AI_TYPICAL_SECONDS: Record<AiProvider['source'], AiProvider['typical_seconds']> = {
  ai: { min: 5, max: 10 },
  embedded: { min: 0, max: 1 },
};
