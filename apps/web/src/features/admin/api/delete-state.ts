import { adminStatesApi } from '@reach/contract/endpoints/reference';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { adminKeys, MENU_COUNTS_ROOT, REFERENCE_ROOT } from './admin-keys';

/** DELETE /admin/states/{id} — only a state no address uses (409 otherwise). */
export function deleteState(id: number) {
  return call(adminStatesApi.remove, { params: { id } });
}

export function useDeleteState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteState,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.statesRoot });
      void queryClient.invalidateQueries({ queryKey: adminKeys.countriesRoot });
      void queryClient.invalidateQueries({ queryKey: REFERENCE_ROOT });
      void queryClient.invalidateQueries({ queryKey: MENU_COUNTS_ROOT });
    },
  });
}
