import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /admin/keywords/categories — the categories in use, for the filter and the form. */
export function listInterestCategories(signal?: AbortSignal) {
  return api<{ data: string[] }>('/admin/keywords/categories', { signal });
}

export function interestCategoriesQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.categories,
    queryFn: ({ signal }) => listInterestCategories(signal),
    select: (response) => response.data,
  });
}

export function useInterestCategories() {
  return useQuery(interestCategoriesQueryOptions());
}
