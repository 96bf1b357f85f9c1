import type { CreateCountryBody, UpdateCountryBody } from '@reach/contract/admin-reference';
import { adminCountriesApi } from '@reach/contract/endpoints/reference';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { adminKeys, MENU_COUNTS_ROOT, REFERENCE_ROOT } from './admin-keys';

/** POST /admin/countries — adds a country with its discovery location id. */
export function createCountry(body: CreateCountryBody) {
  return call(adminCountriesApi.create, { body });
}

/** PUT /admin/countries/{id} — changes name or code (the location id stays). */
export function updateCountry(id: number, body: UpdateCountryBody) {
  return call(adminCountriesApi.update, { params: { id }, body });
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
