import { paymentsApi } from '@reach/contract/endpoints/payments';
import type { PayoutAccountBody } from '@reach/contract/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { paymentKeys } from '../../../lib/payments/keys';

/** PUT /my/payoutAccount — the bank account withdrawals go to (Stripe: the Connect onboarding link). */
export function setPayoutAccount(body: PayoutAccountBody) {
  return call(paymentsApi.setPayoutAccount, { body });
}

export function useSetPayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPayoutAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.balance }),
  });
}
