import { endpointPath } from '@reach/contract/endpoint';
import { subscriptionsApi } from '@reach/contract/endpoints/subscriptions';
import { toApiError } from '../../../lib/api-error';
import { API_BASE } from '../../../lib/config';
import { refreshSession } from '../../../lib/session/refresh';
import { getAccessToken } from '../../../lib/session/token-store';

/**
 * GET /my/invoices/{id}/pdf — fetched with the bearer token (a plain link would not carry it) and handed to the
 * browser as a file download. The answer is the PDF's bytes, not JSON, so it is fetched here rather than called.
 */
export async function downloadInvoice(invoiceId: number, fileName: string): Promise<void> {
  const url = `${API_BASE}${endpointPath(subscriptionsApi.invoicePdf, { id: invoiceId })}`;
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
