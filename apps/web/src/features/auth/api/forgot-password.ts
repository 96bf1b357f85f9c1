import type { EmailBody, MessageResponse } from '@reach/contract/auth-types';
import { authApi } from '@reach/contract/endpoints/auth';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** POST /auth/forgot-password — mails a reset code (the answer is the same whether the account exists or not). */
export function forgotPassword(body: EmailBody): Promise<MessageResponse> {
  return call(authApi.forgotPassword, { body });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
