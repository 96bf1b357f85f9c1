import type { adminCountriesQuery } from '@reach/contract/admin-reference';
import { adminCountriesApi } from '@reach/contract/endpoints/reference';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export type CountriesQuery = Partial<z.output<typeof adminCountriesQuery>>;

/** GET /admin/countries — countries with their location id and usage. */
export function listCountries(query: CountriesQuery, signal?: AbortSignal) {
  return call(adminCountriesApi.list, { query, signal });
}

export function countriesQueryOptions(query: CountriesQuery) {
  return queryOptions({
    queryKey: adminKeys.countries(query),
    queryFn: ({ signal }) => listCountries(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCountries(query: CountriesQuery) {
  return useQuery(countriesQueryOptions(query));
}

/** Every country as picker options (the state form's country select), read in pages of the API's maximum. */
export function useCountryOptions() {
  return useQuery({
    queryKey: [...adminKeys.countriesRoot, 'options'],
    queryFn: async ({ signal }) => {
      const query = { items: 100, sortBy: 'name' as const };
      const first = await listCountries({ ...query, page: 1 }, signal);
      const pages = Math.ceil(first.total / query.items);
      const rest = await Promise.all(
        Array.from({ length: Math.max(0, pages - 1) }, (_, i) =>
          listCountries({ ...query, page: i + 2 }, signal),
        ),
      );
      return [first, ...rest].flatMap((p) => p.data);
    },
    select: (countries) => countries.map((c) => ({ value: String(c.id), label: `${c.name} (${c.code})` })),
    staleTime: 5 * 60_000,
  });
}
