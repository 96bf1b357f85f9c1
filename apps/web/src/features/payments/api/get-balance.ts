import { paymentsApi } from '@reach/contract/endpoints/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { paymentKeys } from '../../../lib/payments/keys';

/** GET /my/balance — available balance, earnings, withdrawals and the payout account. */
export function getBalance(signal?: AbortSignal) {
  return call(paymentsApi.balance, { signal });
}

export function balanceQueryOptions() {
  return queryOptions({ queryKey: paymentKeys.balance, queryFn: ({ signal }) => getBalance(signal) });
}

export function useBalance() {
  return useQuery(balanceQueryOptions());
}
