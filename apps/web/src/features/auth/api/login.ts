import type { Tokens } from '@reach/contract/auth';
import type { LoginBody } from '@reach/contract/auth-types';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /auth/login — 401 wrong credentials, 403 not confirmed (or suspended). */
export function login(body: LoginBody): Promise<Tokens> {
  return api<Tokens>('/auth/login', { method: 'POST', body, auth: false });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
