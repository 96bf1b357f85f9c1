import type { PaymentMethodsResponse } from '@reach/contract/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { paymentKeys } from './keys';

/** POST /my/paymentMethods/{id}/default — returns the cards in their new order. */
export function setDefaultPaymentMethod(id: number) {
  return api<PaymentMethodsResponse>(`/my/paymentMethods/${id}/default`, { method: 'POST' });
}

export function useSetDefaultPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultPaymentMethod,
    onSuccess: (cards) => queryClient.setQueryData(paymentKeys.methods, cards),
  });
}
