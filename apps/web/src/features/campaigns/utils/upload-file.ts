import { networkError, toApiError } from '../../../lib/api-error';
import { API_BASE } from '../../../lib/config';
import { refreshSession } from '../../../lib/session/refresh';
import { getAccessToken, getRefreshToken } from '../../../lib/session/token-store';

/**
 * POSTs one file as multipart/form-data (field `file`) to an API path and returns the parsed JSON answer.
 * Through XMLHttpRequest because fetch cannot report upload progress; `onProgress` gets 0–100. Renews the
 * session once on a 401 like the api client does, and throws the same `ApiError`s.
 */
export async function uploadFile<T>(
  path: string,
  file: File,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  let response = await send(path, file, await usableToken(), onProgress, signal);
  if (response.status === 401 && getRefreshToken() && (await refreshSession().catch(() => false))) {
    onProgress?.(0);
    response = await send(path, file, getAccessToken(), onProgress, signal);
  }
  if (!response.ok) throw await toApiError(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

async function usableToken(): Promise<string | null> {
  const token = getAccessToken();
  if (token || !getRefreshToken()) return token;
  return (await refreshSession().catch(() => false)) ? getAccessToken() : null;
}

function send(
  path: string,
  file: File,
  token: string | null,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    // A Response wrapper lets the API's error body be read exactly as for every other call.
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
