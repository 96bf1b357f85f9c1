import { type EndpointResponse, endpointPath } from '@reach/contract/endpoint';
import { profileApi } from '@reach/contract/endpoints/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { networkError, toApiError } from '../../../lib/api-error';
import { API_BASE } from '../../../lib/config';
import { MY_USER_QUERY_KEY } from '../../../lib/session/my-user';
import { refreshSession } from '../../../lib/session/refresh';
import { getAccessToken, getRefreshToken } from '../../../lib/session/token-store';

type User = EndpointResponse<typeof profileApi.uploadAvatar>;

/**
 * POST /my/avatar (multipart/form-data, field `file`) — through XMLHttpRequest because fetch cannot report upload
 * progress. `onProgress` gets 0–100. Renews the session once on a 401 like the api client does.
 */
export async function uploadAvatar(
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<User> {
  let token = await usableToken();
  let response = await send(file, token, onProgress, signal);
  if (response.status === 401 && getRefreshToken() && (await refreshSession().catch(() => false))) {
    token = getAccessToken();
    onProgress(0);
    response = await send(file, token, onProgress, signal);
  }
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as User;
}

async function usableToken(): Promise<string | null> {
  const token = getAccessToken();
  if (token || !getRefreshToken()) return token;
  return (await refreshSession().catch(() => false)) ? getAccessToken() : null;
}

function send(
  file: File,
  token: string | null,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(profileApi.uploadAvatar.method, `${API_BASE}${endpointPath(profileApi.uploadAvatar)}`);
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    // The Response wrapper lets the api's error body be read exactly as for every other call.
    xhr.onload = () =>
      resolve(
        new Response(xhr.status === 204 ? null : xhr.responseText, {
          status: xhr.status,
          headers: { 'content-type': xhr.getResponseHeader('content-type') ?? 'application/json' },
        }),
      );
    xhr.onerror = () => reject(networkError(new Error('upload failed')));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('file', file, file.name);
    xhr.send(body);
  });
}

/** DELETE /my/avatar — back to initials. */
export function deleteAvatar(): Promise<User> {
  return call(profileApi.removeAvatar);
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) =>
      uploadAvatar(file, onProgress),
    onSuccess: (user) => queryClient.setQueryData(MY_USER_QUERY_KEY, user),
  });
}

export function useDeleteAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAvatar,
    onSuccess: (user) => queryClient.setQueryData(MY_USER_QUERY_KEY, user),
  });
}
