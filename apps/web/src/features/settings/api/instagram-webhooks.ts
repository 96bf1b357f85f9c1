import { facebookWebhooksApi } from '@reach/contract/endpoints/posts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /facebook/myWebhooks — the influencer's Instagram webhook subscriptions (its connection status). */
export function getMyWebhooks(signal?: AbortSignal) {
  return call(facebookWebhooksApi.mine, { signal });
}

export function myWebhooksQueryOptions() {
  return queryOptions({
    queryKey: ['facebook', 'my-webhooks'],
    queryFn: ({ signal }) => getMyWebhooks(signal),
  });
}

export function useMyWebhooks() {
  return useQuery(myWebhooksQueryOptions());
}
