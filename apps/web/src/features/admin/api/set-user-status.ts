import type { UserStatusBody } from '@reach/contract/admin-users';
import { adminUsersApi } from '@reach/contract/endpoints/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export type StatusAction = 'suspend' | 'reactivate';

/** POST /admin/users/{id}/suspend or /reactivate — with an optional reason for the audit log. */
export function setUserStatus(id: number, action: StatusAction, body: UserStatusBody) {
  return call(adminUsersApi[action], { params: { id }, body });
}

export function useSetUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: number; action: StatusAction; reason?: string }) =>
      setUserStatus(id, action, reason ? { reason } : {}),
    onSuccess: (user) => {
      queryClient.setQueryData(adminKeys.user(user.id), user);
      void queryClient.invalidateQueries({ queryKey: adminKeys.usersRoot });
    },
  });
}
