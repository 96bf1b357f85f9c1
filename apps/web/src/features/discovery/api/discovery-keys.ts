/** Query keys of the discovery feature; everything starts with 'discovery'. */
export const discoveryKeys = {
  all: ['discovery'] as const,
  search: (body: object) => ['discovery', 'search', body] as const,
  report: (modashId: string) => ['discovery', 'report', modashId] as const,
  locations: (query: string, platform: string) => ['discovery', 'locations', platform, query] as const,
  languages: (query: string, platform: string) => ['discovery', 'languages', platform, query] as const,
  lists: ['discovery', 'lists'] as const,
  listsPage: (query: object) => ['discovery', 'lists', 'page', query] as const,
  listsAll: ['discovery', 'lists', 'all'] as const,
  adminLookup: (username: string) => ['discovery', 'admin-lookup', username] as const,
};
