import { toApiError } from './api-error';
import { API_BASE } from './config';
import { refreshSession } from './session/refresh';
import { getAccessToken } from './session/token-store';

/**
 * A file the API answers (a PDF, a CSV) fetched with the bearer token (a plain link would not carry it) and
 * handed to the browser as a download. `path` is relative to the API base (/api/v1).
 */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const url = `${API_BASE}${path}`;
  const get = () => {
    const token = getAccessToken();
    return fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  };
  let response = await get();
  // An expired access token: renew the session once, as the API client does.
  if (response.status === 401 && (await refreshSession().catch(() => false))) response = await get();
  if (!response.ok) throw await toApiError(response);
  const blobUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = blobUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(blobUrl), 10_000);
}
