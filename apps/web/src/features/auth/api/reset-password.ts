import type { MessageResponse, ResetPasswordBody } from '@reach/contract/auth-types';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /auth/reset-password — sets a new password with the mailed code. */
export function resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
  return api<MessageResponse>('/auth/reset-password', { method: 'POST', body, auth: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
