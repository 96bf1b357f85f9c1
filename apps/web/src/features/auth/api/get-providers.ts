import type { ProvidersResponse } from '@reach/contract/auth-types';
import { authApi } from '@reach/contract/endpoints/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /auth/providers — which social sign-ins the server has configured. */
export function getProviders(signal?: AbortSignal): Promise<ProvidersResponse> {
  return call(authApi.providers, { signal });
}

export function providersQueryOptions() {
  return queryOptions({
    queryKey: ['auth-providers'],
    queryFn: ({ signal }) => getProviders(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The configured providers; none while loading or when the call fails (the buttons just stay hidden). */
export function useProviders(): ProvidersResponse {
  const { data } = useQuery(providersQueryOptions());
  return data ?? { google: false, facebook: false };
}
