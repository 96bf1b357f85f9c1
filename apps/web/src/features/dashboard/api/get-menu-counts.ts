import type { UserType } from '@reach/contract/constants';
import { dashboardApi } from '@reach/contract/endpoints/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

const MENU = {
  business: dashboardApi.businessMenu,
  influencer: dashboardApi.influencerMenu,
  admin: dashboardApi.adminMenu,
} as const satisfies Record<UserType, unknown>;

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
