import type { WithdrawResponse } from '@reach/contract/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { MENU_COUNTS_ROOT, paymentKeys } from '../../../lib/payments/keys';

/** POST /my/payouts — withdraw to the payout account (everything when no amount is given). */
export function withdraw(amountCents: number | null) {
  return api<WithdrawResponse>('/my/payouts', {
    method: 'POST',
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
