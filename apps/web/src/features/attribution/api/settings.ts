import { attributionApi } from '@reach/contract/endpoints/attribution';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

const keys = {
  settings: ['attribution', 'settings'] as const,
  apiKeys: ['attribution', 'api-keys'] as const,
};

/** GET /my/attribution-settings — the window, the rule and the Shopify webhook set-up (never its secret). */
export function useAttributionSettings() {
  return useQuery({
    queryKey: keys.settings,
    queryFn: ({ signal }) => call(attributionApi.settings, { signal }),
  });
}

/** PUT /my/attribution-settings — the window and/or the Shopify secret (null removes the webhook). */
export function useUpdateAttributionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { attribution_window_days?: number; shopify_webhook_secret?: string | null }) =>
      call(attributionApi.updateSettings, { body }),
    onSuccess: (settings) => queryClient.setQueryData(keys.settings, settings),
  });
}

/** GET /my/api-keys — active keys by prefix. */
export function useApiKeys() {
  return useQuery({
    queryKey: keys.apiKeys,
    queryFn: ({ signal }) => call(attributionApi.apiKeys, { signal }),
  });
}

/** POST /my/api-keys — the answer holds the key itself, this once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(attributionApi.createApiKey, { body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.apiKeys }),
  });
}

/** DELETE /my/api-keys/:id — calls with the key are 401 from now on. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(attributionApi.revokeApiKey, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.apiKeys }),
  });
}
