import type { UserType } from '@reach/contract/constants';
import type { dashboardApi } from '@reach/contract/endpoints/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type EndpointRoute } from '../../../lib/api-client';

/**
 * The endpoints by their routes (api-client's `EndpointRoute`): the shell's modules do not load the contract's
 * zod schemas, whose construction was most of the 0.4 s task evaluating the app layout's chunk on a throttled
 * phone (issue 17).
 */
const MENU = {
  business: { method: 'GET', path: '/dashboard/businesses/menu' },
  influencer: { method: 'GET', path: '/dashboard/influencers/menu' },
  admin: { method: 'GET', path: '/dashboard/admin/menu' },
} as const satisfies {
  business: EndpointRoute<typeof dashboardApi.businessMenu>;
  influencer: EndpointRoute<typeof dashboardApi.influencerMenu>;
  admin: EndpointRoute<typeof dashboardApi.adminMenu>;
};

/** Sidebar counts of spec §3 "Menu counts", keyed as the nav items' `countKey`. */
export type MenuCounts = Record<string, number>;

export const MENU_COUNTS_QUERY_KEY = 'menu-counts';

/** GET /dashboard/{businesses|influencers|admin}/menu */
export function getMenuCounts(type: UserType, signal?: AbortSignal): Promise<MenuCounts> {
  return call(MENU[type], { signal });
}

export function menuCountsQueryOptions(type: UserType) {
  return queryOptions({
    queryKey: [MENU_COUNTS_QUERY_KEY, type],
    queryFn: ({ signal }) => getMenuCounts(type, signal),
  });
}

export function useMenuCounts(type: UserType) {
  return useQuery(menuCountsQueryOptions(type));
}
