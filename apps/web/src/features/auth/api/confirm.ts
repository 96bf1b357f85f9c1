import type { ConfirmBody, MessageResponse } from '@reach/contract/auth-types';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /auth/confirm — confirms the email address with the mailed code. */
export function confirm(body: ConfirmBody): Promise<MessageResponse> {
  return api<MessageResponse>('/auth/confirm', { method: 'POST', body, auth: false });
}

export function useConfirm() {
  return useMutation({ mutationFn: confirm });
}
