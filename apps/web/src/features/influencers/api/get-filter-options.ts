import { referenceApi } from '@reach/contract/endpoints/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /states/search — fetched once (spec §7). */
export function useStates() {
  return useQuery(
    queryOptions({
      queryKey: ['reference', 'states'],
      queryFn: ({ signal }) => call(referenceApi.states, { signal, query: { limit: 500 } }),
      select: (response) => response.data,
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
}
