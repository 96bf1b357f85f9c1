import { adminInterestsApi } from '@reach/contract/endpoints/reference';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { adminKeys, MENU_COUNTS_ROOT, REFERENCE_ROOT } from './admin-keys';

/** DELETE /admin/keywords/{id} — only an unused interest (409 says what uses it). */
export function deleteInterest(id: number) {
  return call(adminInterestsApi.remove, { params: { id } });
}

export function useDeleteInterest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInterest,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.interestsRoot });
      void queryClient.invalidateQueries({ queryKey: adminKeys.categories });
      void queryClient.invalidateQueries({ queryKey: REFERENCE_ROOT });
      void queryClient.invalidateQueries({ queryKey: MENU_COUNTS_ROOT });
    },
  });
}
