import { adminCountriesApi } from '@reach/contract/endpoints/reference';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { adminKeys, MENU_COUNTS_ROOT, REFERENCE_ROOT } from './admin-keys';

/** DELETE /admin/countries/{id} — only a country without states or influencers (409 otherwise). */
export function deleteCountry(id: number) {
  return call(adminCountriesApi.remove, { params: { id } });
}

export function useDeleteCountry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCountry,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.countriesRoot });
      void queryClient.invalidateQueries({ queryKey: REFERENCE_ROOT });
      void queryClient.invalidateQueries({ queryKey: MENU_COUNTS_ROOT });
    },
  });
}
