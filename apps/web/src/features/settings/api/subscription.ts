import type { ChangePlanBody, SubscriptionResponse } from '@reach/contract/billing';
import { subscriptionsApi } from '@reach/contract/endpoints/subscriptions';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { MENU_COUNTS_ROOT, paymentKeys } from '../../../lib/payments/keys';
import { MY_USER_QUERY_KEY } from '../../../lib/session/my-user';

export const SUBSCRIPTION_KEY = ['my-subscription'] as const;

/** GET /my/subscription — the business's plan, trial and the plans on offer. */
export function subscriptionQueryOptions() {
  return queryOptions({
    queryKey: SUBSCRIPTION_KEY,
    queryFn: ({ signal }) => call(subscriptionsApi.get, { signal }),
  });
}

/**
 * POST /my/subscription — start or switch to a paid plan, charged now to a saved card (the default one unless
 * `payment_method_id` says otherwise), with an optional coupon on this first invoice.
 */
export function changePlan(body: ChangePlanBody) {
  return call(subscriptionsApi.change, { body });
}

/** GET /coupons/{code} — a coupon that can be used now; unknown, expired or used up → an ApiError. */
export function getCoupon(code: string) {
  return call(subscriptionsApi.coupon, { params: { code: code.trim().toUpperCase() } });
}

/** POST /my/subscription/cancel — the plan ends at the end of its period. */
export function cancelPlan() {
  return call(subscriptionsApi.cancel);
}

/** Either change also moves the user's subscription state and credits: reload the user (guards, header). */
function usePlanMutation<T>(fn: (input: T) => Promise<SubscriptionResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (subscription) => {
      queryClient.setQueryData(SUBSCRIPTION_KEY, subscription);
      await queryClient.invalidateQueries({ queryKey: MY_USER_QUERY_KEY });
    },
    // A plan payment (or a declined attempt) adds a charge, and an invoice, to the payments pages.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
      void queryClient.invalidateQueries({ queryKey: MENU_COUNTS_ROOT });
    },
  });
}

export const useChangePlan = () => usePlanMutation(changePlan);
export const useCancelPlan = () => usePlanMutation(cancelPlan);
