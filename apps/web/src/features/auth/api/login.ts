import type { Tokens } from '@reach/contract/auth';
import type { LoginBody } from '@reach/contract/auth-types';
import type { authApi } from '@reach/contract/endpoints/auth';
import { useMutation } from '@tanstack/react-query';
import { call, type EndpointRoute } from '../../../lib/api-client';

type Login = typeof authApi.login;
/** By its route: the endpoints' module evaluates the contract's auth schemas (zod), not needed to draw the page. */
const LOGIN: EndpointRoute<Login> = { method: 'POST', path: '/auth/login', auth: 'public' };

/** POST /auth/login — 401 wrong credentials, 403 not confirmed (or suspended). */
export function login(body: LoginBody): Promise<Tokens> {
  return call<Login>(LOGIN, { body });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
