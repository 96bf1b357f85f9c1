import { type Endpoint, type EndpointResponse, endpointPath } from '@reach/contract/endpoint';
import { postForm } from '../../../lib/upload-form';

/**
 * POSTs one file as multipart/form-data (field `file`) to a contract upload endpoint and returns its typed
 * answer, with upload progress (0–100) and the api client's session renewal and errors.
 */
export function uploadFile<E extends Endpoint>(
  endpoint: E,
  params: Record<string, string | number>,
  file: File,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<EndpointResponse<E>> {
  return postForm<EndpointResponse<E>>(
    endpointPath(endpoint, params),
    () => {
      const body = new FormData();
      body.append('file', file, file.name);
      return body;
    },
    onProgress,
    signal,
  );
}
