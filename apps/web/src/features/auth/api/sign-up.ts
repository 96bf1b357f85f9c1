import type { SignUpBody } from '@reach/contract/auth';
import type { MessageResponse } from '@reach/contract/auth-types';
import { authApi } from '@reach/contract/endpoints/auth';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/**
 * POST /auth/sign-up — 201; mails a 6-digit confirmation code. An address that already has an account gets the
 * same answer (its owner is mailed how to sign in), so the next step is always the confirm page.
 */
export function signUp(body: SignUpBody): Promise<MessageResponse> {
  return call(authApi.signUp, { body });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
