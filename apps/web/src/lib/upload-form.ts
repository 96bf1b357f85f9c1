import { networkError, toApiError } from './api-error';
import { API_BASE } from './config';
import { refreshSession } from './session/refresh';
import { getAccessToken, getRefreshToken } from './session/token-store';

/**
 * POSTs a multipart/form-data body to an API path (relative to /api/v1) and returns the parsed JSON answer.
 * Through XMLHttpRequest because fetch cannot report upload progress; `onProgress` gets 0–100. `build` makes
 * a fresh body for each attempt. Renews the session once on a 401 like the api client does, and throws the
 * same `ApiError`s.
 */
export async function postForm<T>(
  path: string,
  build: () => FormData,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  let response = await send(path, build(), await usableToken(), onProgress, signal);
  if (response.status === 401 && getRefreshToken() && (await refreshSession().catch(() => false))) {
    onProgress?.(0);
    response = await send(path, build(), getAccessToken(), onProgress, signal);
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
  body: FormData,
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
    xhr.send(body);
  });
}
