import type { Platform } from '@reach/contract/constants';
import { discoveryApi } from '@reach/contract/endpoints/discovery';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { discoveryKeys } from './discovery-keys';

/** GET /discovery/locations — places matching `query` (spec §7: `query`, `plataform` spelled as is). */
export function getLocations(query: string, platform: Platform, signal?: AbortSignal) {
  return call(discoveryApi.locations, { query: { query, plataform: platform }, signal });
}

/** GET /discovery/languages — languages matching `query`. */
export function getLanguages(query: string, platform: Platform, signal?: AbortSignal) {
  return call(discoveryApi.languages, { query: { query, plataform: platform }, signal });
}

/** Locations for a confirmed (Enter) query; nothing is asked while `query` is null. */
export function useLocations(query: string | null, platform: Platform) {
  return useQuery({
    queryKey: discoveryKeys.locations(query ?? '', platform),
    queryFn: ({ signal }) => getLocations(query ?? '', platform, signal),
    select: (response) => response.locations,
    enabled: query !== null,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

/** Languages for the (debounced) typed text. */
export function useLanguages(query: string, platform: Platform) {
  return useQuery({
    queryKey: discoveryKeys.languages(query, platform),
    queryFn: ({ signal }) => getLanguages(query, platform, signal),
    select: (response) => response.languages,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}
