import type { CreateInterestBody, UpdateInterestBody } from '@reach/contract/admin-reference';
import { adminInterestsApi } from '@reach/contract/endpoints/reference';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { adminKeys, MENU_COUNTS_ROOT, REFERENCE_ROOT } from './admin-keys';

/** POST /admin/keywords — adds an interest. */
export function createInterest(body: CreateInterestBody) {
  return call(adminInterestsApi.create, { body });
}

/** PUT /admin/keywords/{id} — renames an interest or moves it to another category. */
export function updateInterest(id: number, body: UpdateInterestBody) {
  return call(adminInterestsApi.update, { params: { id }, body });
}

/** Creates (no id) or updates (with id) an interest, then refreshes every list and picker that shows it. */
export function useSaveInterest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: CreateInterestBody & { id?: number }) =>
      id === undefined ? createInterest(body) : updateInterest(id, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.interestsRoot });
      void queryClient.invalidateQueries({ queryKey: adminKeys.categories });
      void queryClient.invalidateQueries({ queryKey: REFERENCE_ROOT });
      void queryClient.invalidateQueries({ queryKey: MENU_COUNTS_ROOT });
    },
  });
}
