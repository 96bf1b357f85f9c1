import type { EndpointQuery } from '@reach/contract/endpoint';
import { paymentsApi } from '@reach/contract/endpoints/payments';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { paymentKeys } from '../../../lib/payments/keys';

export type EarningsQuery = EndpointQuery<typeof paymentsApi.earnings>;

/** GET /my/earnings — what each campaign paid the influencer. */
export function listEarnings(query: EarningsQuery, signal?: AbortSignal) {
  return call(paymentsApi.earnings, { query, signal });
}

export function listEarningsQueryOptions(query: EarningsQuery) {
  return queryOptions({
    queryKey: paymentKeys.list('/my/earnings', query),
    queryFn: ({ signal }) => listEarnings(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useEarnings(query: EarningsQuery) {
  return useQuery(listEarningsQueryOptions(query));
}
