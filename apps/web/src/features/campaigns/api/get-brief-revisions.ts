import { campaignsApi } from '@reach/contract/endpoints/campaigns';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { campaignKeys } from './campaign-keys';

/** GET /campaign/{id}/brief-revisions — the brief's changes since publishing, newest first. */
export function getBriefRevisions(id: number, signal?: AbortSignal) {
  return call(campaignsApi.briefRevisions, { params: { id }, signal });
}

export function useBriefRevisions(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: campaignKeys.briefRevisions(id),
    queryFn: ({ signal }) => getBriefRevisions(id, signal),
    enabled: options.enabled ?? true,
  });
}
