import type { Tokens } from '@reach/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveTokens } from '../../../lib/session/token-store';

export type ChangePasswordBody = { old_password: string; new_password: string };
type ChangePasswordResponse = Tokens & { message: string };

/** POST /auth/change-password — the server signs out every other session and returns new tokens for this one. */
export function changePassword(body: ChangePasswordBody): Promise<ChangePasswordResponse> {
  return api<ChangePasswordResponse>('/auth/change-password', { method: 'POST', body });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    // The old refresh token was revoked with the other sessions: keep this tab signed in with the new pair.
    onSuccess: ({ access_token, refresh_token, expires_in, token_type }) =>
      saveTokens({ access_token, refresh_token, expires_in, token_type }),
  });
}
