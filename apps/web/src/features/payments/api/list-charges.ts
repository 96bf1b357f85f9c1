import type { ChargesPage, ChargesQuery } from '@reach/contract/payments';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentKeys } from '../../../lib/payments/keys';

/** GET /my/payments/charges — every charge to the business's cards, failed attempts included. */
export function listCharges(query: ChargesQuery, signal?: AbortSignal) {
  return api<ChargesPage>('/my/payments/charges', {
    query: query as Record<string, string | number | undefined>,
    signal,
  });
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
