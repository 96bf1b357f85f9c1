import { paymentsApi } from '@reach/contract/endpoints/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../api-client';
import { paymentKeys } from './keys';

/** DELETE /my/paymentMethods/{id} — the newest other card becomes the default when the default goes. */
export function removePaymentMethod(id: number) {
  return call(paymentsApi.removeCard, { params: { id } });
}

export function useRemovePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePaymentMethod,
    // Which card became the default is the server's choice: reload the list.
    onSuccess: () => queryClient.refetchQueries({ queryKey: paymentKeys.methods }),
  });
}
