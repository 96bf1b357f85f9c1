import { CAMPAIGN_TYPES } from '@reach/contract/constants';
import { API_MESSAGE } from '@reach/contract/messages';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { CampaignAi, CampaignDraft, DraftRequest } from './index';

/** Bullet fields may come back as one string of lines or as an array of lines. */
const bullets = z
  .union([z.string(), z.array(z.string())])
  .transform((v) =>
    typeof v === 'string'
      ? v.trim()
      : v.map((line) => `- ${line.trim().replace(/^[-*•]\s*/, '')}`).join('\n'),
  );
/** Prose fields may come back as one string or as an array of paragraphs. */
const prose = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (typeof v === 'string' ? v.trim() : v.map((p) => p.trim()).join('\n\n')));

/** The JSON object the model is asked for (see SYSTEM_PROMPT); anything else is a malformed answer. */
export const aiAnswer = z.object({
  title: z.string().trim().min(1),
  description: prose.refine((v) => v.length > 0),
  brand_overview: prose,
  objectives: bullets,
  talking_points: bullets,
  post_requirements: bullets,
  interests: z.array(z.string()).default([]),
});

const completion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

function systemPrompt(interestNames: readonly string[]) {
  return [
    'You write influencer-marketing campaign briefs for REACH. A business describes what it wants to promote;',
    'you draft the campaign details that influencers read before they accept.',
    'Answer with one JSON object and nothing else, with exactly these keys:',
    '- "title": a catchy campaign title, under 50 characters',
    '- "description": 2 or 3 short paragraphs: what the product is, who it is for and what the campaign wants',
    '- "brand_overview": 2 or 3 sentences about the business, from its profile',
    '- "objectives": 2 to 4 lines, each starting with "- "',
    '- "talking_points": 3 to 5 lines, each starting with "- ": the key messages to mention',
    '- "post_requirements": 3 to 6 lines, each starting with "- ": the content format, disclosure with #ad,',
    '  tagging the brand, and posting within 1-2 weeks',
    `- "interests": up to 3 interest names, copied exactly from this list: ${interestNames.join('; ')}`,
    'Write in the tone the business asks for. Do not invent prices, discounts or facts the business did not give.',
  ].join('\n');
}

function userPrompt({ brief, business }: DraftRequest) {
  const type = CAMPAIGN_TYPES.find((t) => t.id === brief.typeId);
  const line = (label: string, value: string | null | undefined) => (value ? `${label}: ${value}` : null);
  return [
    line('Campaign type', type ? `${type.name} (${type.description.toLowerCase()})` : 'not chosen yet'),
    line('Product', brief.product),
    line('Audience', brief.audience),
    line('Goal', brief.goal),
    line('Tone', brief.tone ?? 'friendly'),
    '',
    'Business profile:',
    line('Name', business.business_name),
    line('Type', business.type),
    line('City', [business.city, business.state].filter(Boolean).join(', ')),
    line('Website', business.website),
    line('Description', business.description),
  ]
    .filter((l) => l !== null)
    .join('\n');
}

/** Models sometimes wrap JSON in a Markdown fence even when asked for a JSON object. */
function unfence(content: string): string {
  const fenced = content.trim().match(/^```(?:json)?\s*([\s\S]*?)\s*```$/i);
  return fenced?.[1] ?? content.trim();
}

const isTimeout = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/**
 * Drafts through an OpenAI-compatible chat completions endpoint (OpenAI, Azure OpenAI, OpenRouter, Ollama,
 * vLLM…), asking for a JSON object. The key only ever goes into the Authorization header: it is not logged,
 * and provider error bodies (which may echo part of it) are neither logged nor passed on.
 */
export function createOpenAiCompatibleCampaignAi(options: {
  url: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
  log: FastifyBaseLogger;
}): CampaignAi {
  const endpoint = `${options.url.replace(/\/+$/, '')}/chat/completions`;
  const { log } = options;

  return {
    kind: 'openai-compatible',
    async draft(request): Promise<CampaignDraft> {
      // One deadline for the whole exchange, reading the body included.
      const signal = AbortSignal.timeout(options.timeoutMs);
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${options.apiKey}`,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify({
            model: options.model,
            messages: [
              { role: 'system', content: systemPrompt(request.interests.map((i) => i.name)) },
              { role: 'user', content: userPrompt(request) },
            ],
            response_format: { type: 'json_object' },
            temperature: 0.7,
          }),
          signal,
        });
      } catch (error) {
        if (isTimeout(error)) {
          log.warn({ timeoutMs: options.timeoutMs }, 'AI draft timed out');
          throw new AppError('unavailable', API_MESSAGE.aiTimeout);
        }
        const cause =
          error instanceof Error ? (error.cause as { code?: string } | undefined)?.code : undefined;
        log.warn({ cause }, 'AI provider unreachable');
        throw new AppError('unavailable', API_MESSAGE.aiUnavailable);
      }

      if (!response.ok) {
        await response.body?.cancel().catch(() => {});
        log.warn({ status: response.status }, 'AI provider refused the draft request');
        if (response.status === 401 || response.status === 403)
          throw new AppError('unavailable', API_MESSAGE.aiMisconfigured);
        if (response.status === 429) throw new AppError('unavailable', API_MESSAGE.aiBusy);
        throw new AppError('unavailable', API_MESSAGE.aiUnavailable);
      }

      let body: unknown;
      try {
        body = await response.json();
      } catch (error) {
        if (isTimeout(error)) throw new AppError('unavailable', API_MESSAGE.aiTimeout);
        log.warn('AI provider answered with something that is not JSON');
        throw new AppError('unavailable', API_MESSAGE.aiMalformed);
      }
      const content = completion.safeParse(body).data?.choices[0]?.message.content;
      let parsed: z.infer<typeof aiAnswer> | undefined;
      if (content) {
        try {
          parsed = aiAnswer.safeParse(JSON.parse(unfence(content))).data;
        } catch {
          parsed = undefined;
        }
      }
      if (!parsed) {
        log.warn({ length: content?.length ?? 0 }, 'AI answer did not match the draft shape');
        throw new AppError('unavailable', API_MESSAGE.aiMalformed);
      }
      return parsed;
    },
  };
}
