import type { Interest } from '@reach/contract/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /keywords/search — every interest, for the tag filter. */
export function useInterests() {
  return useQuery(
    queryOptions({
      queryKey: ['reference', 'interests', ''],
      queryFn: ({ signal }) =>
        api<{ data: Interest[] }>('/keywords/search', { signal, query: { limit: 500 } }),
      select: (response) => response.data,
      staleTime: 5 * 60_000,
    }),
  );
}
