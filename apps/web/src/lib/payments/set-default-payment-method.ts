import { paymentsApi } from '@reach/contract/endpoints/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../api-client';
import { paymentKeys } from './keys';

/** POST /my/paymentMethods/{id}/default — returns the cards in their new order. */
export function setDefaultPaymentMethod(id: number) {
  return call(paymentsApi.setDefaultCard, { params: { id } });
}

export function useSetDefaultPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultPaymentMethod,
    onSuccess: (cards) => queryClient.setQueryData(paymentKeys.methods, cards),
  });
}
