import type { State } from '@reach/contract/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /states/search — fetched once (spec §7). */
export function useStates() {
  return useQuery(
    queryOptions({
      queryKey: ['reference', 'states'],
      queryFn: ({ signal }) => api<{ data: State[] }>('/states/search', { signal, query: { limit: 500 } }),
      select: (response) => response.data,
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
}
