import type { AiDraftBody } from '@reach/contract/campaign-ai';
import { campaignsApi } from '@reach/contract/endpoints/campaigns';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/**
 * POST /campaigns/ai/draft — the AI campaign builder: a short brief in, a drafted details step out (5–10 s
 * with a real model). Nothing is saved: the business accepts, edits and saves the draft as usual.
 */
export function generateAiDraft(brief: AiDraftBody, signal?: AbortSignal) {
  return call(campaignsApi.aiDraft, { body: brief, signal });
}

export function useGenerateAiDraft() {
  return useMutation({
    mutationFn: ({ brief, signal }: { brief: AiDraftBody; signal?: AbortSignal }) =>
      generateAiDraft(brief, signal),
  });
}
