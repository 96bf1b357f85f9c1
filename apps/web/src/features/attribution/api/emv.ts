import { reportsApi } from '@reach/contract/endpoints/reports';
import type { EmvRates } from '@reach/contract/reports';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

const key = ['reports', 'emv-settings'] as const;

/** GET /my/emv-settings — the values EMV uses, the REACH defaults and the formula with them. */
export function useEmvSettings() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => call(reportsApi.emvSettings, { signal }) });
}

/** PUT /my/emv-settings — new values, or null for the defaults. Reports are recomputed with them. */
export function useUpdateEmvSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rates: EmvRates | null) => call(reportsApi.updateEmvSettings, { body: { rates } }),
    onSuccess: (settings) => {
      queryClient.setQueryData(key, settings);
      void queryClient.invalidateQueries({ queryKey: ['reports'] });
    },
  });
}
