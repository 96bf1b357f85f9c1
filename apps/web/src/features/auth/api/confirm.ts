import type { ConfirmResponse } from '@reach/contract/auth';
import type { ConfirmBody } from '@reach/contract/auth-types';
import { authApi } from '@reach/contract/endpoints/auth';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/**
 * POST /auth/confirm — confirms the email address with the mailed code; with the sign-up password too, the
 * answer carries tokens (signed in). Every refused code gets the same 400, whatever the account.
 */
export function confirm(body: ConfirmBody): Promise<ConfirmResponse> {
  return call(authApi.confirm, { body });
}

export function useConfirm() {
  return useMutation({ mutationFn: confirm });
}
