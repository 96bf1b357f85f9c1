import { adminInterestsApi } from '@reach/contract/endpoints/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /admin/keywords/categories — the categories in use, for the filter and the form. */
export function listInterestCategories(signal?: AbortSignal) {
  return call(adminInterestsApi.categories, { signal });
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
