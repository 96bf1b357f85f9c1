import type { PayoutAccount, PayoutAccountBody } from '@reach/contract/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentKeys } from '../../../lib/payments/keys';

/** PUT /my/payoutAccount — the bank account withdrawals go to (Stripe: the Connect onboarding link). */
export function setPayoutAccount(body: PayoutAccountBody) {
  return api<PayoutAccount>('/my/payoutAccount', { method: 'PUT', body });
}

export function useSetPayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPayoutAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.balance }),
  });
}
