import { campaignImportsApi } from '@reach/contract/endpoints/campaign-imports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadFile } from '../utils/upload-file';
import { campaignKeys } from './campaign-keys';

/**
 * POST /campaign/{id}/influencer/import — a CSV of Instagram usernames and/or emails (multipart field `file`);
 * 202 with the background job's id and row count. Progress: live `import-progress` events and the status call.
 */
export function importInfluencers(campaignId: number, file: File, onProgress?: (percent: number) => void) {
  return uploadFile(campaignImportsApi.fromCsv, { id: campaignId }, file, onProgress);
}

export function useImportInfluencers(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (percent: number) => void }) =>
      importInfluencers(campaignId, file, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.importStatus(campaignId) }),
  });
}
