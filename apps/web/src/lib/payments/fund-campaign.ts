import { paymentsApi } from '@reach/contract/endpoints/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../api-client';
import { MENU_COUNTS_ROOT, paymentKeys } from './keys';

/** POST /campaign/{id}/fund — pay what the budget still needs with a saved card (402 when declined). */
export function fundCampaign(id: number, paymentMethodId: number | null) {
  return call(paymentsApi.fundCampaign, {
    params: { id },
    body: paymentMethodId === null ? {} : { payment_method_id: paymentMethodId },
  });
}

/** A declined attempt is listed too, so the payment lists refresh either way. */
export function useFundCampaign() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
    void queryClient.invalidateQueries({ queryKey: MENU_COUNTS_ROOT });
  };
  return useMutation({
    mutationFn: ({ id, paymentMethodId }: { id: number; paymentMethodId: number | null }) =>
      fundCampaign(id, paymentMethodId),
    onSettled: refresh,
  });
}
