import type { InvoicesPage, InvoicesQuery } from '@reach/contract/billing';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentKeys } from '../../../lib/payments/keys';

/** GET /my/invoices — the business's plan invoices. */
export function listInvoices(query: InvoicesQuery, signal?: AbortSignal) {
  return api<InvoicesPage>('/my/invoices', {
    query: query as Record<string, string | number | undefined>,
    signal,
  });
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
