import { outreachApi } from '@reach/contract/endpoints/outreach';
import type { OutreachStatus } from '@reach/contract/outreach';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export type OutreachQuery = {
  status?: OutreachStatus | undefined;
  campaign_id?: number | undefined;
  page: number;
  items: number;
};

/** Under the connections root: a live connection event or a discovery invite refreshes it. */
export const outreachKey = (query: OutreachQuery) => ['connections', 'outreach', 'all', query] as const;

/** GET /outreach — the business's invitations across its campaigns and what became of each. */
export function listOutreach(query: OutreachQuery, signal?: AbortSignal) {
  return call(outreachApi.list, { query, signal });
}

export function useOutreach(query: OutreachQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: outreachKey(query),
    queryFn: ({ signal }) => listOutreach(query, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
