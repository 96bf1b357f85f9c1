import type { ProvidersResponse } from '@reach/contract/auth-types';
import type { authApi } from '@reach/contract/endpoints/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type EndpointRoute } from '../../../lib/api-client';

type Providers = typeof authApi.providers;
/** By its route: the endpoints' module evaluates the contract's auth schemas (zod), not needed to draw the page. */
const PROVIDERS: EndpointRoute<Providers> = { method: 'GET', path: '/auth/providers', auth: 'public' };

/** GET /auth/providers — which social sign-ins the server has configured. */
export function getProviders(signal?: AbortSignal): Promise<ProvidersResponse> {
  return call<Providers>(PROVIDERS, { signal });
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
