import type { UserType } from '@reach/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const MENU_PATH: Record<UserType, string> = {
  business: '/dashboard/businesses/menu',
  influencer: '/dashboard/influencers/menu',
  admin: '/dashboard/admin/menu',
};

/** Sidebar counts of spec §3 "Menu counts", keyed as the nav items' `countKey`. */
export type MenuCounts = Record<string, number>;

export const MENU_COUNTS_QUERY_KEY = 'menu-counts';

/** GET /dashboard/{businesses|influencers|admin}/menu */
export function getMenuCounts(type: UserType, signal?: AbortSignal) {
  return api<MenuCounts>(MENU_PATH[type], { signal });
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
