import { postForm } from '../../../lib/upload-form';

/**
 * POSTs one file as multipart/form-data (field `file`) to an API path and returns the parsed JSON answer, with
 * upload progress (0–100) and the api client's session renewal and errors.
 */
export function uploadFile<T>(
  path: string,
  file: File,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return postForm<T>(
    path,
    () => {
      const body = new FormData();
      body.append('file', file, file.name);
      return body;
    },
    onProgress,
    signal,
  );
}
