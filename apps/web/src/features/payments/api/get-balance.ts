import type { Balance } from '@reach/contract/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentKeys } from '../../../lib/payments/keys';

/** GET /my/balance — available balance, earnings, withdrawals and the payout account. */
export function getBalance(signal?: AbortSignal) {
  return api<Balance>('/my/balance', { signal });
}

export function balanceQueryOptions() {
  return queryOptions({ queryKey: paymentKeys.balance, queryFn: ({ signal }) => getBalance(signal) });
}

export function useBalance() {
  return useQuery(balanceQueryOptions());
}
