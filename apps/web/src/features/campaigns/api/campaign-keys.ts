import { CAMPAIGN_MESSAGES_QUERY_KEY } from '../../../lib/live';

/**
 * Query keys of the campaigns feature, in one place so writes know what to refresh. Message keys start with
 * the live client's root so a pushed message refreshes the open thread on its own.
 */
export const campaignKeys = {
  all: ['campaigns'] as const,
  businessList: (query: object) => ['campaigns', 'business', query] as const,
  browse: (query: object) => ['campaigns', 'browse', query] as const,
  adminList: (query: object) => ['campaigns', 'all', query] as const,
  businessOptions: (search: string) => ['campaigns', 'business-options', search] as const,
  detail: (id: number) => ['campaign', id] as const,
  types: ['campaign-types'] as const,
  interests: (query: string) => ['campaign-interests', query] as const,
  messages: (campaignId: number, userId?: number | null, page?: number) =>
    [CAMPAIGN_MESSAGES_QUERY_KEY, campaignId, userId ?? 'mine', page ?? 1] as const,
  threads: (campaignId: number) => ['campaign-threads', campaignId] as const,
  importStatus: (campaignId: number) => ['campaign-import', campaignId] as const,
  /** Under the connections root, so a live connection event (lib/live.ts) refreshes the pipeline too. */
  pipeline: (campaignId: number) => ['connections', 'campaign', campaignId, 'pipeline'] as const,
  /** Under the campaigns root, so every campaign write (an edit, a media change) refreshes the history. */
  briefRevisions: (campaignId: number) => ['campaigns', 'brief-revisions', campaignId] as const,
};

/** The sidebar's menu counts (owned by the shell) include campaigns; refresh them after a create or delete. */
export const MENU_COUNTS_ROOT = ['menu-counts'] as const;
