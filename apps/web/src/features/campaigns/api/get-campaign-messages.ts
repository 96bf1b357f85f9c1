import type { CampaignMessage, CampaignMessagesResponse } from '@reach/contract/campaigns';
import { campaignConversationsApi } from '@reach/contract/endpoints/campaigns';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { campaignKeys } from './campaign-keys';

export const MESSAGES_PAGE_SIZE = 20;

/**
 * GET /campaigns/{id}/messages — one page of a thread; page 1 holds the newest messages, each page oldest
 * first. `userId` names the influencer of the thread (the business must give it; an influencer reads theirs).
 */
export function getCampaignMessages(
  campaignId: number,
  { userId, page, items = MESSAGES_PAGE_SIZE }: { userId?: number | null; page: number; items?: number },
  signal?: AbortSignal,
) {
  return call(campaignConversationsApi.messages, {
    params: { id: campaignId },
    query: { user_id: userId ?? undefined, page, items },
    signal,
  });
}

/**
 * The thread as an infinite query: page 1 first, "earlier messages" load page 2, 3… Its key starts with the
 * live client's message root, so a pushed message refetches it.
 */
export function campaignMessagesQueryOptions(campaignId: number, userId?: number | null) {
  return infiniteQueryOptions({
    queryKey: [...campaignKeys.messages(campaignId, userId), 'thread'],
    queryFn: ({ pageParam, signal }) => getCampaignMessages(campaignId, { userId, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages, lastPage) =>
      pages.reduce((n, page) => n + page.messages.length, 0) < last.total_messages && last.messages.length > 0
        ? lastPage + 1
        : undefined,
  });
}

export function useCampaignMessages(campaignId: number, userId?: number | null, enabled = true) {
  return useInfiniteQuery({ ...campaignMessagesQueryOptions(campaignId, userId), enabled });
}

/** The loaded pages as one list, oldest first, without the duplicates a page shift may bring. */
export function flattenMessages(pages: readonly CampaignMessagesResponse[] | undefined): CampaignMessage[] {
  const seen = new Set<number>();
  const list: CampaignMessage[] = [];
  for (const page of [...(pages ?? [])].reverse()) {
    for (const message of page.messages) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      list.push(message);
    }
  }
  return list.sort((a, b) => a.id - b.id);
}
