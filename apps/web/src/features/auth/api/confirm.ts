import type { ConfirmResponse } from '@reach/contract/auth';
import type { ConfirmBody } from '@reach/contract/auth-types';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST /auth/confirm — confirms the email address with the mailed code; with the sign-up password too, the
 * answer carries tokens (signed in). Every refused code gets the same 400, whatever the account.
 */
export function confirm(body: ConfirmBody): Promise<ConfirmResponse> {
  return api<ConfirmResponse>('/auth/confirm', { method: 'POST', body, auth: false });
}

export function useConfirm() {
  return useMutation({ mutationFn: confirm });
}
