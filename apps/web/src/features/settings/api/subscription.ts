import type { SubscriptionResponse } from '@reach/contract/billing';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { MY_USER_QUERY_KEY } from '../../../lib/session/my-user';

export const SUBSCRIPTION_KEY = ['my-subscription'] as const;

/** GET /my/subscription — the business's plan, trial and the plans on offer. */
export function subscriptionQueryOptions() {
  return queryOptions({
    queryKey: SUBSCRIPTION_KEY,
    queryFn: ({ signal }) => api<SubscriptionResponse>('/my/subscription', { signal }),
  });
}

/** POST /my/subscription — start or switch to a paid plan (the built-in provider for now). */
export function changePlan(plan: 'pro' | 'business'): Promise<SubscriptionResponse> {
  return api<SubscriptionResponse>('/my/subscription', { method: 'POST', body: { plan } });
}

/** POST /my/subscription/cancel — the plan ends at the end of its period. */
export function cancelPlan(): Promise<SubscriptionResponse> {
  return api<SubscriptionResponse>('/my/subscription/cancel', { method: 'POST' });
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
  });
}

export const useChangePlan = () => usePlanMutation(changePlan);
export const useCancelPlan = () => usePlanMutation(cancelPlan);
