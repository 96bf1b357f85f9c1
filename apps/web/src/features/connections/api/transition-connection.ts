import type { ConnectionAction } from '@reach/contract/connections';
import { connectionsApi } from '@reach/contract/endpoints/connections';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { connectionKeys, MENU_COUNTS_ROOT } from '../../../lib/connections/keys';

/** POST /connection/{id}/{accept|decline|cancel|complete} — one step (illegal ones → 409, the other side's → 403). */
export function transitionConnection(id: number, action: ConnectionAction) {
  return call(connectionsApi[action], { params: { id } });
}

export function useTransitionConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ConnectionAction }) =>
      transitionConnection(id, action),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: connectionKeys.all });
      void queryClient.invalidateQueries({ queryKey: MENU_COUNTS_ROOT });
    },
  });
}
