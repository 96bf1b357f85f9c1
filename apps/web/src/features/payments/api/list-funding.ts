import type { EndpointQuery } from '@reach/contract/endpoint';
import { paymentsApi } from '@reach/contract/endpoints/payments';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { paymentKeys } from '../../../lib/payments/keys';

export type FundingQuery = EndpointQuery<typeof paymentsApi.funding>;

/** GET /my/payments/campaigns — the business's cash and combination campaigns with their money. */
export function listFunding(query: FundingQuery, signal?: AbortSignal) {
  return call(paymentsApi.funding, { query, signal });
}

export function listFundingQueryOptions(query: FundingQuery) {
  return queryOptions({
    queryKey: paymentKeys.list('/my/payments/campaigns', query),
    queryFn: ({ signal }) => listFunding(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useFunding(query: FundingQuery) {
  return useQuery(listFundingQueryOptions(query));
}
