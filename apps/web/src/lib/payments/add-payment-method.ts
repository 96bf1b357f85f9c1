import { paymentsApi } from '@reach/contract/endpoints/payments';
import type { AddPaymentMethodBody, PaymentMethodsResponse } from '@reach/contract/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../api-client';
import { paymentKeys } from './keys';

/** POST /my/paymentMethods — save a card (402 with the decline message when the card is refused). */
export function addPaymentMethod(body: AddPaymentMethodBody) {
  return call(paymentsApi.addCard, { body });
}

export function useAddPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPaymentMethod,
    onSuccess: (card) => {
      // The server's order: the default card first, then the newest.
      queryClient.setQueryData<PaymentMethodsResponse>(paymentKeys.methods, (current) => {
        if (!current) return current;
        const others = current.data.map((c) => (card.is_default ? { ...c, is_default: false } : c));
        const defaults = others.filter((c) => c.is_default);
        const rest = others.filter((c) => !c.is_default);
        const data = card.is_default ? [card, ...others] : [...defaults, card, ...rest];
        return { data, total: data.length };
      });
    },
  });
}
