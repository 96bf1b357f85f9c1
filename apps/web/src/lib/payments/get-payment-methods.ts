import { paymentsApi } from '@reach/contract/endpoints/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api-client';
import { paymentKeys } from './keys';

/** GET /my/paymentMethods — the saved cards, the default first. */
export function getPaymentMethods(signal?: AbortSignal) {
  return call(paymentsApi.listCards, { signal });
}

/**
 * Spec §7: "cached unless refresh forced". The cards stay cached for the whole visit (never stale, kept when
 * unused); this app's own changes update the cache, and `refetch()` (the Refresh button) forces a reload.
 */
export function paymentMethodsQueryOptions() {
  return queryOptions({
    queryKey: paymentKeys.methods,
    queryFn: ({ signal }) => getPaymentMethods(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

export function usePaymentMethods(options: { enabled?: boolean } = {}) {
  return useQuery({ ...paymentMethodsQueryOptions(), enabled: options.enabled ?? true });
}
