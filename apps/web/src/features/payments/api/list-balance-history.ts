import type { BalanceHistoryPage, BalanceHistoryQuery } from '@reach/contract/payments';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentKeys } from '../../../lib/payments/keys';

/** GET /my/balance/history — money in and out of the influencer's balance. */
export function listBalanceHistory(query: BalanceHistoryQuery, signal?: AbortSignal) {
  return api<BalanceHistoryPage>('/my/balance/history', {
    query: query as Record<string, string | number | undefined>,
    signal,
  });
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
