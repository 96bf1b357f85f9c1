import type { FastifyBaseLogger } from 'fastify';
import { createEmbeddedCampaignAi } from './embedded';
import { createOpenAiCompatibleCampaignAi } from './openai-compatible';

/** What the business asked for (already validated by the contract). */
export type CampaignBrief = {
  /** 1 product, 2 cash, 3 combination; absent when the business has not chosen yet. */
  typeId?: number | undefined;
  product: string;
  audience?: string | undefined;
  goal?: string | undefined;
  tone?: string | undefined;
};

/** The business as the copy may mention it; every field may still be empty on a new account. */
export type BusinessProfile = {
  business_name: string | null;
  type: string | null;
  city: string | null;
  /** Two-letter state code, e.g. TX. */
  state: string | null;
  website: string | null;
  description: string | null;
};

export type InterestOption = { id: number; name: string; category: string };

export type DraftRequest = {
  brief: CampaignBrief;
  business: BusinessProfile;
  /** The interests a campaign may have; suggestions should be chosen from these names. */
  interests: readonly InterestOption[];
};

/** The drafted details step; the caller maps `interests` (names) to real interests. */
export type CampaignDraft = {
  title: string;
  description: string;
  brand_overview: string;
  objectives: string;
  talking_points: string;
  post_requirements: string;
  interests: string[];
};

/**
 * Drafts the details of a campaign from a brief. Failures are AppErrors with a message safe to show
 * (code 'unavailable'): the business can always write the details itself.
 */
export type CampaignAi = {
  kind: 'openai-compatible' | 'embedded';
  draft(request: DraftRequest): Promise<CampaignDraft>;
};

export function createCampaignAi(options: {
  url: string | undefined;
  apiKey: string | undefined;
  model: string | undefined;
  timeoutMs: number;
  log: FastifyBaseLogger;
}): CampaignAi {
  const { url, apiKey, model } = options;
  if (url && apiKey && model) {
    return createOpenAiCompatibleCampaignAi({
      url,
      apiKey,
      model,
      timeoutMs: options.timeoutMs,
      log: options.log,
    });
  }
  if (url || apiKey || model) {
    options.log.warn(
      'AI_API_URL, AI_API_KEY and AI_MODEL must all be set to use an AI model; using the built-in generator',
    );
  }
  return createEmbeddedCampaignAi();
}
