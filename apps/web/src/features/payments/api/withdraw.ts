import { paymentsApi } from '@reach/contract/endpoints/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { MENU_COUNTS_ROOT, paymentKeys } from '../../../lib/payments/keys';

/** POST /my/payouts — withdraw to the payout account (everything when no amount is given). */
export function withdraw(amountCents: number | null) {
  return call(paymentsApi.withdraw, {
    body: amountCents === null ? {} : { amount_cents: amountCents },
  });
}

export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdraw,
    onSuccess: (result) => queryClient.setQueryData(paymentKeys.balance, result.balance),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
      void queryClient.invalidateQueries({ queryKey: MENU_COUNTS_ROOT });
    },
  });
}
