import type { EndpointQuery } from '@reach/contract/endpoint';
import { paymentsApi } from '@reach/contract/endpoints/payments';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { paymentKeys } from '../../../lib/payments/keys';

export type BalanceHistoryQuery = EndpointQuery<typeof paymentsApi.balanceHistory>;

/** GET /my/balance/history — money in and out of the influencer's balance. */
export function listBalanceHistory(query: BalanceHistoryQuery, signal?: AbortSignal) {
  return call(paymentsApi.balanceHistory, { query, signal });
}

export function listBalanceHistoryQueryOptions(query: BalanceHistoryQuery) {
  return queryOptions({
    queryKey: paymentKeys.list('/my/balance/history', query),
    queryFn: ({ signal }) => listBalanceHistory(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBalanceHistory(query: BalanceHistoryQuery) {
  return useQuery(listBalanceHistoryQueryOptions(query));
}
