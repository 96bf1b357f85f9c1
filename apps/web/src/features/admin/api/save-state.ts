import type { AdminState, CreateStateBody, UpdateStateBody } from '@reach/contract/admin-reference';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys, MENU_COUNTS_ROOT, REFERENCE_ROOT } from './admin-keys';

/** POST /admin/states — adds a state with its discovery location id. */
export function createState(body: CreateStateBody) {
  return api<AdminState>('/admin/states', { method: 'POST', body });
}

/** PUT /admin/states/{id} — changes name, code or country (the location id stays). */
export function updateState(id: number, body: UpdateStateBody) {
  return api<AdminState>(`/admin/states/${id}`, { method: 'PUT', body });
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
