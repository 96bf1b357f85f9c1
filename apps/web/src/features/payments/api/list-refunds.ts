import type { RefundsPage, RefundsQuery } from '@reach/contract/payments';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentKeys } from '../../../lib/payments/keys';

/** GET /my/payments/refunds — unspent budgets of ended campaigns returned to the cards. */
export function listRefunds(query: RefundsQuery, signal?: AbortSignal) {
  return api<RefundsPage>('/my/payments/refunds', {
    query: query as Record<string, string | number | undefined>,
    signal,
  });
}

export function listRefundsQueryOptions(query: RefundsQuery) {
  return queryOptions({
    queryKey: paymentKeys.list('/my/payments/refunds', query),
    queryFn: ({ signal }) => listRefunds(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRefunds(query: RefundsQuery) {
  return useQuery(listRefundsQueryOptions(query));
}
