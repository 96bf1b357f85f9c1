import { toApiError } from '../../../lib/api-error';
import { refreshSession } from '../../../lib/session/refresh';
import { getAccessToken } from '../../../lib/session/token-store';

/**
 * GET /my/invoices/{id}/pdf — fetched with the bearer token (a plain link would not carry it) and handed to the
 * browser as a file download.
 */
export async function downloadInvoice(pdfUrl: string, fileName: string): Promise<void> {
  const get = () => {
    const token = getAccessToken();
    return fetch(pdfUrl, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  };
  let response = await get();
  // An expired access token: renew the session once, as the API client does.
  if (response.status === 401 && (await refreshSession().catch(() => false))) response = await get();
  if (!response.ok) throw await toApiError(response);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
