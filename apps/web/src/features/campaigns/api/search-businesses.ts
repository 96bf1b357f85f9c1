import { adminUsersApi } from '@reach/contract/endpoints/users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { campaignKeys } from './campaign-keys';

/**
 * Businesses whose name or email matches, for the admin's business filter: GET /users?type=business (admin).
 * Each option's value is the business id the campaign filters take.
 */
export function searchBusinesses(search: string, signal?: AbortSignal) {
  return call(adminUsersApi.list, {
    query: { type: 'business', userSearch: search || undefined, items: 25, sortBy: 'name' },
    signal,
  });
}

export function businessOptionsQueryOptions(search: string) {
  const trimmed = search.trim();
  return queryOptions({
    queryKey: campaignKeys.businessOptions(trimmed),
    queryFn: ({ signal }) => searchBusinesses(trimmed, signal),
    select: (page) =>
      page.data
        .filter((user) => user.business_id !== null)
        .map((user) => ({ value: String(user.business_id), label: user.name })),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useBusinessOptions(search: string) {
  return useQuery(businessOptionsQueryOptions(search));
}
