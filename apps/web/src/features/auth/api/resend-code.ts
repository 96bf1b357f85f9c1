import type { EmailBody, MessageResponse } from '@reach/contract/auth-types';
import { authApi } from '@reach/contract/endpoints/auth';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** POST /auth/resend-code — mails a new confirmation code. */
export function resendCode(body: EmailBody): Promise<MessageResponse> {
  return call(authApi.resendCode, { body });
}

export function useResendCode() {
  return useMutation({ mutationFn: resendCode });
}
