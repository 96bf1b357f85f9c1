import type { campaignsApi } from '@reach/contract/endpoints/campaigns';
import type { dashboardApi } from '@reach/contract/endpoints/dashboard';
import type { postsApi } from '@reach/contract/endpoints/posts';
import type { QueryClient } from '@tanstack/react-query';
import { BUSINESS_DASHBOARD, BUSINESS_RESULTS } from '../features/dashboard/api/routes';
import { call, type EndpointRoute } from '../lib/api-client';
import { PAGE_SIZES } from '../lib/paging';

/**
 * The first data of the signed-in pages a tab most often opens on, requested from the entry script (main.tsx) as
 * soon as the session is there, beside `GET /my/user`. The pages request the same data themselves (and from their
 * route's loader, `prefetch`), but only once their chunks have loaded and, for the page's own queries, once the
 * shell has rendered: on a phone seconds later, the first screen waiting in a row for the session, the user and
 * then the data. Each request here is by its route alone (no contract schemas, which the entry does not load) under
 * the page's own query key (first-data.test.ts compares them with the pages' `prefetch`), so the page finds it in
 * the cache. Only the pages' default view (no query string): others load as before.
 */
type Prefetch = {
  queryKey: readonly unknown[];
  queryFn: (context: { signal: AbortSignal }) => Promise<unknown>;
};

const BUSINESS_MENU: EndpointRoute<typeof dashboardApi.businessMenu> = {
  method: 'GET',
  path: '/dashboard/businesses/menu',
};
const BUSINESS_CAMPAIGNS: EndpointRoute<typeof campaignsApi.listBusiness> = {
  method: 'GET',
  path: '/campaigns/business',
};
const POSTS: EndpointRoute<typeof postsApi.list> = { method: 'GET', path: '/posts' };

/** The sidebar's counts (app-layout.tsx) on every business page. */
const businessMenu: Prefetch = {
  queryKey: ['menu-counts', 'business'],
  queryFn: ({ signal }) => call(BUSINESS_MENU, { signal }),
};

/** The business's campaigns list as it opens: sorted by name, the first page. */
const campaignsQuery = { sortBy: 'name', sortDesc: 'asc', items: PAGE_SIZES[0], page: 1 } as const;
/** The posts to review as the page opens: oldest first, the first page. */
const postsQuery = {
  sortBy: 'submitted_at',
  sortDesc: 'asc',
  items: PAGE_SIZES[0],
  page: 1,
  status: 'submitted',
} as const;

const BY_PATH: Record<string, Prefetch[]> = {
  '/business': [
    {
      queryKey: ['dashboard', 'business', 'results'],
      queryFn: ({ signal }) => call(BUSINESS_RESULTS, { signal }),
    },
    { queryKey: ['dashboard', 'business'], queryFn: ({ signal }) => call(BUSINESS_DASHBOARD, { signal }) },
  ],
  '/business/campaigns': [
    {
      queryKey: ['campaigns', 'business', campaignsQuery],
      queryFn: ({ signal }) => call(BUSINESS_CAMPAIGNS, { query: campaignsQuery, signal }),
    },
  ],
  '/business/posts': [
    {
      queryKey: ['posts', 'list', postsQuery],
      queryFn: ({ signal }) => call(POSTS, { query: postsQuery, signal }),
    },
  ],
};

/** What `prefetchFirstData` requests for this location: the business shell's counts, the page's default view. */
export function firstDataOf(location: { pathname: string; search: string }): readonly Prefetch[] {
  const pathname = location.pathname.replace(/(.)\/$/, '$1');
  if (pathname !== '/business' && !pathname.startsWith('/business/')) return [];
  return [businessMenu, ...((!location.search && BY_PATH[pathname]) || [])];
}

/** Requests the first data of the page at this location; the caller checks that a session is there. */
export function prefetchFirstData(client: QueryClient, location: { pathname: string; search: string }): void {
  for (const options of firstDataOf(location)) void client.prefetchQuery(options);
}
