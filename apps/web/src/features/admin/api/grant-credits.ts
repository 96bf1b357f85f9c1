import type { GrantCreditsBody } from '@reach/contract/admin-users';
import { adminUsersApi } from '@reach/contract/endpoints/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** POST /admin/users/{id}/credits — adds discovery credits to a business. */
export function grantCredits(id: number, body: GrantCreditsBody) {
  return call(adminUsersApi.grantCredits, { params: { id }, body });
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
