import type { EndpointQuery } from '@reach/contract/endpoint';
import { paymentsApi } from '@reach/contract/endpoints/payments';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { paymentKeys } from '../../../lib/payments/keys';

export type ChargesQuery = EndpointQuery<typeof paymentsApi.charges>;

/** GET /my/payments/charges — every charge to the business's cards, failed attempts included. */
export function listCharges(query: ChargesQuery, signal?: AbortSignal) {
  return call(paymentsApi.charges, { query, signal });
}

export function listChargesQueryOptions(query: ChargesQuery) {
  return queryOptions({
    queryKey: paymentKeys.list('/my/payments/charges', query),
    queryFn: ({ signal }) => listCharges(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCharges(query: ChargesQuery) {
  return useQuery(listChargesQueryOptions(query));
}
