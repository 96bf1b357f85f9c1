import type { FundingPage, FundingQuery } from '@reach/contract/payments';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentKeys } from '../../../lib/payments/keys';

/** GET /my/payments/campaigns — the business's cash and combination campaigns with their money. */
export function listFunding(query: FundingQuery, signal?: AbortSignal) {
  return api<FundingPage>('/my/payments/campaigns', {
    query: query as Record<string, string | number | undefined>,
    signal,
  });
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
