import type { AddListInfluencerBody } from '@reach/contract/discovery';
import type { EndpointQuery } from '@reach/contract/endpoint';
import { discoveryApi } from '@reach/contract/endpoints/discovery';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { discoveryKeys } from './discovery-keys';

export type ListsQuery = EndpointQuery<typeof discoveryApi.lists>;

/** GET /discovery/list — the business's lists, paged, with member counts. */
export function listLists(query: ListsQuery, signal?: AbortSignal) {
  return call(discoveryApi.lists, { query, signal });
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
    queryFn: ({ signal }) => call(discoveryApi.allLists, { signal }),
  });
}

export function useAllLists(options: { enabled?: boolean } = {}) {
  return useQuery({ ...allListsQueryOptions(), enabled: options.enabled ?? true });
}

/** POST /discovery/list — a new, empty list. */
export function createList(name: string) {
  return call(discoveryApi.createList, { body: { name } });
}

/** DELETE /discovery/list/delete-list — the list and its members go. */
export function deleteList(listId: number) {
  return call(discoveryApi.deleteList, { query: { list_id: listId } });
}

/** POST /discovery/list/add-influencer */
export function addListInfluencer(body: AddListInfluencerBody) {
  return call(discoveryApi.addInfluencer, { body });
}

/** POST /discovery/list/remove-influencer — `influencerId` is the member's entry id in that list. */
export function removeListInfluencer(listId: number, influencerId: number) {
  return call(discoveryApi.removeInfluencer, { body: { list_id: listId, influencer_id: influencerId } });
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
