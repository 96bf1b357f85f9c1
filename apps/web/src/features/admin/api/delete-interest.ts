import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys, MENU_COUNTS_ROOT, REFERENCE_ROOT } from './admin-keys';

/** DELETE /admin/keywords/{id} — only an unused interest (409 says what uses it). */
export function deleteInterest(id: number) {
  return api<{ ok: true }>(`/admin/keywords/${id}`, { method: 'DELETE' });
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
