import type { AdminUserDetail, GrantCreditsBody } from '@reach/contract/admin-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** POST /admin/users/{id}/credits — adds discovery credits to a business. */
export function grantCredits(id: number, body: GrantCreditsBody) {
  return api<AdminUserDetail>(`/admin/users/${id}/credits`, { method: 'POST', body });
}

export function useGrantCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: GrantCreditsBody & { id: number }) => grantCredits(id, body),
    onSuccess: (user) => {
      queryClient.setQueryData(adminKeys.user(user.id), user);
      void queryClient.invalidateQueries({ queryKey: adminKeys.usersRoot });
    },
  });
}
