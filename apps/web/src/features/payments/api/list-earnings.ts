import type { EarningsPage, EarningsQuery } from '@reach/contract/payments';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentKeys } from '../../../lib/payments/keys';

/** GET /my/earnings — what each campaign paid the influencer. */
export function listEarnings(query: EarningsQuery, signal?: AbortSignal) {
  return api<EarningsPage>('/my/earnings', {
    query: query as Record<string, string | number | undefined>,
    signal,
  });
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
