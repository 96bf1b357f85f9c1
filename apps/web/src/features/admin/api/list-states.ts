import type { adminStatesQuery } from '@reach/contract/admin-reference';
import { adminStatesApi } from '@reach/contract/endpoints/reference';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export type StatesQuery = Partial<z.output<typeof adminStatesQuery>>;

/** GET /admin/states — states with their country, location id and usage. */
export function listStates(query: StatesQuery, signal?: AbortSignal) {
  return call(adminStatesApi.list, { query, signal });
}

export function statesQueryOptions(query: StatesQuery) {
  return queryOptions({
    queryKey: adminKeys.states(query),
    queryFn: ({ signal }) => listStates(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useStates(query: StatesQuery) {
  return useQuery(statesQueryOptions(query));
}
