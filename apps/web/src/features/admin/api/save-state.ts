import type { CreateStateBody, UpdateStateBody } from '@reach/contract/admin-reference';
import { adminStatesApi } from '@reach/contract/endpoints/reference';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { adminKeys, MENU_COUNTS_ROOT, REFERENCE_ROOT } from './admin-keys';

/** POST /admin/states — adds a state with its discovery location id. */
export function createState(body: CreateStateBody) {
  return call(adminStatesApi.create, { body });
}

/** PUT /admin/states/{id} — changes name, code or country (the location id stays). */
export function updateState(id: number, body: UpdateStateBody) {
  return call(adminStatesApi.update, { params: { id }, body });
}

export function useSaveState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mode, ...body }: CreateStateBody & { mode: 'create' | 'update' }) =>
      mode === 'create'
        ? createState(body)
        : updateState(body.id, { name: body.name, code: body.code, country_id: body.country_id }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.statesRoot });
      void queryClient.invalidateQueries({ queryKey: adminKeys.countriesRoot });
      void queryClient.invalidateQueries({ queryKey: REFERENCE_ROOT });
      void queryClient.invalidateQueries({ queryKey: MENU_COUNTS_ROOT });
    },
  });
}
