import type { PayoutsPage, PayoutsQuery } from '@reach/contract/payments';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentKeys } from '../../../lib/payments/keys';

/** GET /my/payouts — the influencer's withdrawals. */
export function listPayouts(query: PayoutsQuery, signal?: AbortSignal) {
  return api<PayoutsPage>('/my/payouts', {
    query: query as Record<string, string | number | undefined>,
    signal,
  });
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
