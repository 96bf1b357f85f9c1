import { paymentsApi } from '@reach/contract/endpoints/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api-client';
import { paymentKeys } from './keys';

/** GET /payments/config — which provider takes cards (and Stripe's publishable key); fixed per server. */
export function getPaymentsConfig(signal?: AbortSignal) {
  return call(paymentsApi.config, { signal });
}

export function paymentsConfigQueryOptions() {
  return queryOptions({
    queryKey: paymentKeys.config,
    queryFn: ({ signal }) => getPaymentsConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePaymentsConfig() {
  return useQuery(paymentsConfigQueryOptions());
}
