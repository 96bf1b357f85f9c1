import type { SignUpBody } from '@reach/contract/auth';
import type { MessageResponse } from '@reach/contract/auth-types';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /auth/sign-up — 201; mails a 6-digit confirmation code. */
export function signUp(body: SignUpBody): Promise<MessageResponse> {
  return api<MessageResponse>('/auth/sign-up', { method: 'POST', body, auth: false });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
