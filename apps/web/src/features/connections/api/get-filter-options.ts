import { connectionsApi } from '@reach/contract/endpoints/connections';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { connectionKeys } from '../../../lib/connections/keys';

/** GET /my/connections/businesses — the businesses an influencer has connections with (business filter). */
export function useConnectedBusinesses(options: { enabled?: boolean } = {}) {
  return useQuery({
    ...queryOptions({
      queryKey: connectionKeys.businesses,
      queryFn: ({ signal }) => call(connectionsApi.businesses, { signal }),
      select: (response) => response.data,
      staleTime: 60_000,
    }),
    enabled: options.enabled ?? true,
  });
}
