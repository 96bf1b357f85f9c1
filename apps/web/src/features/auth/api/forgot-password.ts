import type { EmailBody, MessageResponse } from '@reach/contract/auth-types';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /auth/forgot-password — mails a reset code (the answer is the same whether the account exists or not). */
export function forgotPassword(body: EmailBody): Promise<MessageResponse> {
  return api<MessageResponse>('/auth/forgot-password', { method: 'POST', body, auth: false });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
