import type { EmailBody, MessageResponse } from '@reach/contract/auth-types';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /auth/resend-code — mails a new confirmation code. */
export function resendCode(body: EmailBody): Promise<MessageResponse> {
  return api<MessageResponse>('/auth/resend-code', { method: 'POST', body, auth: false });
}

export function useResendCode() {
  return useMutation({ mutationFn: resendCode });
}
