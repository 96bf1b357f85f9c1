import { endpointPath } from '@reach/contract/endpoint';
import { subscriptionsApi } from '@reach/contract/endpoints/subscriptions';
import { downloadFile } from '../../../lib/download';

/**
 * GET /my/invoices/{id}/pdf — the answer is the PDF's bytes, not JSON, so it is fetched as a file download
 * (with the bearer token, renewing the session once) rather than called.
 */
export async function downloadInvoice(invoiceId: number, fileName: string): Promise<void> {
  return downloadFile(endpointPath(subscriptionsApi.invoicePdf, { id: invoiceId }), fileName);
}
