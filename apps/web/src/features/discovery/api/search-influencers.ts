import { DISCOVERY_MAX_PAGE, DISCOVERY_PAGE_SIZE, type DiscoverySearchBody } from '@reach/contract/discovery';
import { discoveryApi } from '@reach/contract/endpoints/discovery';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { discoveryKeys } from './discovery-keys';
import { useSetCredits } from './use-credits';

/** POST /discovery/instagram/search — one page (0-based) of results; 1 credit a page, repeats free for 24 h. */
export function searchInfluencers(body: DiscoverySearchBody, signal?: AbortSignal) {
  return call(discoveryApi.search, { body, signal });
}

/**
 * The pages of one search. Spec §4: the first page replaces the results (a new body is a new query), later
 * pages ('Load more') append. Each response carries the balance, written into the cached user for the header.
 * Never refetched on its own: every page costs a credit (a reload re-asks page 0 only, free within 24 h).
 */
export function useDiscoverySearch(body: Omit<DiscoverySearchBody, 'page'> | null) {
  const setCredits = useSetCredits();
  return useInfiniteQuery({
    queryKey: discoveryKeys.search(body ?? {}),
    queryFn: async ({ pageParam, signal }) => {
      const response = await searchInfluencers({ ...body, page: pageParam }, signal);
      setCredits(response.credits);
      return response;
    },
    initialPageParam: 0,
    getNextPageParam: (last, pages, lastPage) => {
      const { lookalikes, total, totalCapped } = last.influencers;
      const loaded = pages.reduce((sum, p) => sum + p.influencers.lookalikes.length, 0);
      // A capped or estimated total is not exact: then only a full page says there may be more.
      const more = totalCapped
        ? lookalikes.length >= DISCOVERY_PAGE_SIZE
        : lookalikes.length > 0 && loaded < total;
      // The API answers at most DISCOVERY_MAX_PAGE + 1 pages; past that the filters must narrow.
      return more && lastPage < DISCOVERY_MAX_PAGE ? lastPage + 1 : undefined;
    },
    enabled: body !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30 * 60_000,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
}
