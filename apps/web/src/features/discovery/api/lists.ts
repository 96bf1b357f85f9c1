import type { AddListInfluencerBody, DiscoveryList, DiscoveryListSummary } from '@reach/contract/discovery';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { discoveryKeys } from './discovery-keys';

export type ListsQuery = {
  page: number;
  items: number;
  sortBy: 'name' | 'created_at' | 'influencers';
  sortDesc: 'asc' | 'desc';
};

/** GET /discovery/list — the business's lists, paged, with member counts. */
export function listLists(query: ListsQuery, signal?: AbortSignal) {
  return api<{ data: DiscoveryListSummary[]; total: number }>('/discovery/list', { query, signal });
}

export function useListsPage(query: ListsQuery) {
  return useQuery({
    queryKey: discoveryKeys.listsPage(query),
    queryFn: ({ signal }) => listLists(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /discovery/list/all — every list with its members (the save dialog and a list's page read it). */
export function allListsQueryOptions() {
  return queryOptions({
    queryKey: discoveryKeys.listsAll,
    queryFn: ({ signal }) => api<DiscoveryList[]>('/discovery/list/all', { signal }),
  });
}

export function useAllLists(options: { enabled?: boolean } = {}) {
  return useQuery({ ...allListsQueryOptions(), enabled: options.enabled ?? true });
}

/** POST /discovery/list — a new, empty list. */
export function createList(name: string) {
  return api<DiscoveryList>('/discovery/list', { method: 'POST', body: { name } });
}

/** DELETE /discovery/list/delete-list — the list and its members go. */
export function deleteList(listId: number) {
  return api<void>('/discovery/list/delete-list', { method: 'DELETE', query: { list_id: listId } });
}

/** POST /discovery/list/add-influencer */
export function addListInfluencer(body: AddListInfluencerBody) {
  return api<unknown>('/discovery/list/add-influencer', { method: 'POST', body });
}

/** POST /discovery/list/remove-influencer — `influencerId` is the member's entry id in that list. */
export function removeListInfluencer(listId: number, influencerId: number) {
  return api<unknown>('/discovery/list/remove-influencer', {
    method: 'POST',
    body: { list_id: listId, influencer_id: influencerId },
  });
}

/** Every list query is refreshed after a change (spec §4: "then reloads all lists"). */
export function useReloadLists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: discoveryKeys.lists });
}

export function useCreateList() {
  const reload = useReloadLists();
  return useMutation({ mutationFn: createList, onSuccess: reload });
}

export function useDeleteList() {
  const reload = useReloadLists();
  return useMutation({ mutationFn: deleteList, onSuccess: reload });
}

export function useRemoveListInfluencer() {
  const reload = useReloadLists();
  return useMutation({
    mutationFn: ({ listId, influencerId }: { listId: number; influencerId: number }) =>
      removeListInfluencer(listId, influencerId),
    onSuccess: reload,
  });
}
