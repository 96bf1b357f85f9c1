import { MultiSelect, type MultiSelectProps, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { countriesQueryOptions, statesQueryOptions, useInterestSearch } from '../api/reference';

/** US states from GET /states/search (fetched once); the value is the state id as a string. */
export function StateSelect(props: Omit<SelectProps, 'data'>) {
  const states = useQuery(statesQueryOptions());
  const data = useMemo(
    () => (states.data ?? []).map((state) => ({ value: String(state.id), label: state.name })),
    [states.data],
  );
  return (
    <Select
      searchable
      autoComplete="off"
      nothingFoundMessage={states.isPending ? 'Loading states…' : 'No state matches'}
      placeholder={states.isError ? 'States could not be loaded' : 'Choose a state'}
      comboboxProps={{ withinPortal: true }}
      {...props}
      error={
        props.error ??
        (states.isError ? 'The list of states could not be loaded. Reload to try again.' : undefined)
      }
      data={data}
    />
  );
}

/** Countries from GET /countries/search; the value is the country id as a string. */
export function CountrySelect(props: Omit<SelectProps, 'data'>) {
  const countries = useQuery(countriesQueryOptions());
  const data = useMemo(
    () => (countries.data ?? []).map((country) => ({ value: String(country.id), label: country.name })),
    [countries.data],
  );
  return (
    <Select
      searchable
      autoComplete="off"
      nothingFoundMessage={countries.isPending ? 'Loading countries…' : 'No country matches'}
      placeholder="Choose a country"
      {...props}
      data={data}
    />
  );
}

/**
 * Interests as tags, searched with GET /keywords/search?query= while typing. `known` names the interests already
 * chosen (the profile's tags) so their pills read right before any search ran.
 */
export function InterestsSelect({
  known,
  ...props
}: Omit<MultiSelectProps, 'data' | 'searchValue' | 'onSearchChange'> & {
  known: { id: number; name: string }[];
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const results = useInterestSearch(debounced);
  // Every interest seen so far, so a chosen one keeps its label when a later search no longer lists it.
  const [seen, setSeen] = useState(() => new Map(known.map((tag) => [String(tag.id), tag.name])));
  const fresh = (results.data ?? []).filter((interest) => !seen.has(String(interest.id)));
  if (fresh.length) {
    const next = new Map(seen);
    for (const interest of fresh) next.set(String(interest.id), interest.name);
    setSeen(next);
  }

  // Grouped by category (Fashion, Beauty…); a chosen interest the current search does not list stays in the data.
  const data = useMemo(() => {
    const groups = new Map<string, { value: string; label: string }[]>();
    const listed = new Set<string>();
    for (const interest of results.data ?? []) {
      listed.add(String(interest.id));
      const items = groups.get(interest.category) ?? [];
      items.push({ value: String(interest.id), label: interest.name });
      groups.set(interest.category, items);
    }
    const chosen = (props.value ?? [])
      .filter((value) => !listed.has(value))
      .map((value) => ({ value, label: seen.get(value) ?? `Interest ${value}` }));
    const grouped = [...groups]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([group, items]) => ({ group, items }));
    return chosen.length ? [...grouped, { group: 'Chosen', items: chosen }] : grouped;
  }, [results.data, props.value, seen]);

  return (
    <MultiSelect
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      hidePickedOptions
      nothingFoundMessage={results.isFetching ? 'Searching…' : 'No interest matches'}
      maxDropdownHeight={260}
      {...props}
      data={data}
    />
  );
}
