import type { EndpointQuery } from '@reach/contract/endpoint';
import { paymentsApi } from '@reach/contract/endpoints/payments';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { paymentKeys } from '../../../lib/payments/keys';

export type RefundsQuery = EndpointQuery<typeof paymentsApi.refunds>;

/** GET /my/payments/refunds — unspent budgets of ended campaigns returned to the cards. */
export function listRefunds(query: RefundsQuery, signal?: AbortSignal) {
  return call(paymentsApi.refunds, { query, signal });
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
