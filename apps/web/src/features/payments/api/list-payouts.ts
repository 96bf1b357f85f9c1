import type { EndpointQuery } from '@reach/contract/endpoint';
import { paymentsApi } from '@reach/contract/endpoints/payments';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { paymentKeys } from '../../../lib/payments/keys';

export type PayoutsQuery = EndpointQuery<typeof paymentsApi.payouts>;

/** GET /my/payouts — the influencer's withdrawals. */
export function listPayouts(query: PayoutsQuery, signal?: AbortSignal) {
  return call(paymentsApi.payouts, { query, signal });
}

export function listPayoutsQueryOptions(query: PayoutsQuery) {
  return queryOptions({
    queryKey: paymentKeys.list('/my/payouts', query),
    queryFn: ({ signal }) => listPayouts(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePayouts(query: PayoutsQuery) {
  return useQuery(listPayoutsQueryOptions(query));
}
