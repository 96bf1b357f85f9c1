/**
 * Query keys of the connections feature. Everything starts with 'connections', so a live `connection` event
 * (lib/live.ts) refreshes lists, the open connection and the sidebar cards at once.
 */
export const connectionKeys = {
  all: ['connections'] as const,
  list: (query: object) => ['connections', 'list', query] as const,
  detail: (id: number) => ['connections', 'detail', id] as const,
  forCampaign: (campaignId: number) => ['connections', 'campaign', campaignId] as const,
  businesses: ['connections', 'businesses'] as const,
};

/** The sidebar's menu counts (owned by the shell) count connections; refresh them after a change. */
export const MENU_COUNTS_ROOT = ['menu-counts'] as const;
