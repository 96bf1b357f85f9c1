import type { DiscoveryReport } from '@reach/contract/discovery';
import { adminDiscoveryApi, discoveryApi } from '@reach/contract/endpoints/discovery';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { discoveryKeys } from './discovery-keys';
import { useSetCredits } from './use-credits';

/** GET /discovery/report/{modash_id} — the full profile report: 1 credit, free again within 24 h. */
export function getReport(modashId: string) {
  return call(discoveryApi.report, { params: { modash_id: modashId } });
}

/**
 * Opening a report spends a credit, so it is a deliberate action (a mutation), never a background fetch. The
 * report is kept in the query cache so reopening the drawer shows it without asking again.
 */
export function useOpenReport() {
  const queryClient = useQueryClient();
  const setCredits = useSetCredits();
  return useMutation({
    mutationFn: getReport,
    onSuccess: (response, modashId) => {
      setCredits(response.credits);
      queryClient.setQueryData(discoveryKeys.report(modashId), response.report);
    },
  });
}

/** A report already opened in this session, if any (never fetched from here). */
export function useCachedReport(modashId: string | null) {
  return useQuery<DiscoveryReport | null>({
    queryKey: discoveryKeys.report(modashId ?? ''),
    queryFn: () => null,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60 * 60_000,
  });
}

/**
 * GET /admin/discovery/instagram/{username} — an admin's look-up of one username: the provider's report and the
 * REACH member with that Instagram handle (either may be null; neither → 404).
 */
export function adminLookup(username: string, signal?: AbortSignal) {
  return call(adminDiscoveryApi.lookup, { params: { username }, signal });
}

export function useAdminLookup(username: string | null) {
  return useQuery({
    queryKey: discoveryKeys.adminLookup(username ?? ''),
    queryFn: ({ signal }) => adminLookup(username ?? '', signal),
    enabled: !!username,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
