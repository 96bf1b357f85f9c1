import type { Tokens } from '@reach/contract/auth';
import type { LoginBody } from '@reach/contract/auth-types';
import { authApi } from '@reach/contract/endpoints/auth';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** POST /auth/login — 401 wrong credentials, 403 not confirmed (or suspended). */
export function login(body: LoginBody): Promise<Tokens> {
  return call(authApi.login, { body });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
