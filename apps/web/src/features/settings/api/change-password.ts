import type { ChangePasswordBody } from '@reach/contract/auth-types';
import { authApi } from '@reach/contract/endpoints/auth';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { saveTokens } from '../../../lib/session/token-store';

/** POST /auth/change-password — the server signs out every other session and returns new tokens for this one. */
export function changePassword(body: ChangePasswordBody) {
  return call(authApi.changePassword, { body });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    // The old refresh token was revoked with the other sessions: keep this tab signed in with the new pair.
    onSuccess: ({ access_token, refresh_token, expires_in, token_type }) =>
      saveTokens({ access_token, refresh_token, expires_in, token_type }),
  });
}
