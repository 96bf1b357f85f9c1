import type { MessageResponse, ResetPasswordBody } from '@reach/contract/auth-types';
import { authApi } from '@reach/contract/endpoints/auth';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** POST /auth/reset-password — sets a new password with the mailed code. */
export function resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
  return call(authApi.resetPassword, { body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
