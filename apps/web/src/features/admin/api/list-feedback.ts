import { feedbackApi } from '@reach/contract/endpoints/feedback';
import type { feedbackQuery } from '@reach/contract/feedback';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export type FeedbackQuery = Partial<z.output<typeof feedbackQuery>>;

/** GET /admin/feedback — the Help dialog's messages, filtered and paged. */
export function listFeedback(query: FeedbackQuery, signal?: AbortSignal) {
  return call(feedbackApi.list, { query, signal });
}

export function feedbackQueryOptions(query: FeedbackQuery) {
  return queryOptions({
    queryKey: adminKeys.feedback(query),
    queryFn: ({ signal }) => listFeedback(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useFeedback(query: FeedbackQuery) {
  return useQuery(feedbackQueryOptions(query));
}
