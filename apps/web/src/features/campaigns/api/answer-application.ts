import { connectionsApi } from '@reach/contract/endpoints/connections';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { connectionKeys, MENU_COUNTS_ROOT } from '../../../lib/connections/keys';

/** POST /connection/{id}/accept — the business accepts a creator's application from the campaign's pipeline. */
export function acceptApplication(connectionId: number) {
  return call(connectionsApi.accept, { params: { id: connectionId } });
}

export function useAcceptApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (connectionId: number) => acceptApplication(connectionId),
    onSuccess: () => {
      // The pipeline lives under the connections root (campaignKeys.pipeline), so this refreshes it too.
      void queryClient.invalidateQueries({ queryKey: connectionKeys.all });
      void queryClient.invalidateQueries({ queryKey: MENU_COUNTS_ROOT });
    },
  });
}
