import type { EndpointQuery } from '@reach/contract/endpoint';
import { subscriptionsApi } from '@reach/contract/endpoints/subscriptions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { paymentKeys } from '../../../lib/payments/keys';

export type InvoicesQuery = EndpointQuery<typeof subscriptionsApi.invoices>;

/** GET /my/invoices — the business's plan invoices. */
export function listInvoices(query: InvoicesQuery, signal?: AbortSignal) {
  return call(subscriptionsApi.invoices, { query, signal });
}

export function listInvoicesQueryOptions(query: InvoicesQuery) {
  return queryOptions({
    queryKey: paymentKeys.list('/my/invoices', query),
    queryFn: ({ signal }) => listInvoices(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useInvoices(query: InvoicesQuery) {
  return useQuery(listInvoicesQueryOptions(query));
}
