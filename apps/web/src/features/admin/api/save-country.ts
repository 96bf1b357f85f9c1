import type { AdminCountry, CreateCountryBody, UpdateCountryBody } from '@reach/contract/admin-reference';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys, MENU_COUNTS_ROOT, REFERENCE_ROOT } from './admin-keys';

/** POST /admin/countries — adds a country with its discovery location id. */
export function createCountry(body: CreateCountryBody) {
  return api<AdminCountry>('/admin/countries', { method: 'POST', body });
}

/** PUT /admin/countries/{id} — changes name or code (the location id stays). */
export function updateCountry(id: number, body: UpdateCountryBody) {
  return api<AdminCountry>(`/admin/countries/${id}`, { method: 'PUT', body });
}

export function useSaveCountry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mode, ...body }: CreateCountryBody & { mode: 'create' | 'update' }) =>
      mode === 'create' ? createCountry(body) : updateCountry(body.id, { name: body.name, code: body.code }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.countriesRoot });
      void queryClient.invalidateQueries({ queryKey: adminKeys.statesRoot });
      void queryClient.invalidateQueries({ queryKey: REFERENCE_ROOT });
      void queryClient.invalidateQueries({ queryKey: MENU_COUNTS_ROOT });
    },
  });
}
