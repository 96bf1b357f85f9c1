import { queryOptions, useQuery } from '@tanstack/react-query';
import { browseCampaigns } from './browse-campaigns';

/**
 * The businesses that have active campaigns, for the browse page's business filter: read from the first 100
 * active campaigns (there is no business directory call yet).
 */
export function browseBusinessesQueryOptions() {
  return queryOptions({
    queryKey: ['campaigns', 'browse', 'businesses'],
    queryFn: ({ signal }) => browseCampaigns({ items: 100, page: 1, sortBy: 'name' }, signal),
    select: (page) => {
      const names = new Map<number, string>();
      for (const c of page.data) if (c.business_name) names.set(c.business_id, c.business_name);
      return [...names].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
    },
    staleTime: 5 * 60_000,
  });
}

export function useBrowseBusinesses() {
  return useQuery(browseBusinessesQueryOptions());
}
