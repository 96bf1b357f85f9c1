import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MAX_CAMPAIGN_INTERESTS } from '@reach/contract/constants';
import { useMemo, useState } from 'react';
import { useInterestSearch } from '../../api/search-interests';
import type { InterestOption } from '../../utils/campaign-form';

/**
 * Interests: autocomplete from GET /keywords/search as the person types, at most 3 (spec §9, enforced here
 * and by the API).
 */
export function InterestsInput({
  value,
  onChange,
  error,
  label = 'Interests',
  description = `Up to ${MAX_CAMPAIGN_INTERESTS}. Influencers with these interests see your campaign first.`,
  maxValues = MAX_CAMPAIGN_INTERESTS,
}: {
  value: InterestOption[];
  onChange: (value: InterestOption[]) => void;
  error?: string | undefined;
  label?: string;
  description?: string;
  maxValues?: number;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const { data: found = [], isFetching } = useInterestSearch(debounced);

  const names = useMemo(() => {
    const map = new Map<number, string>();
    for (const interest of found) map.set(interest.id, interest.name);
    for (const interest of value) map.set(interest.id, interest.name);
    return map;
  }, [found, value]);

  const data = useMemo(() => {
    const options = new Map<string, string>();
    for (const interest of value) options.set(String(interest.id), interest.name);
    for (const interest of found) options.set(String(interest.id), interest.name);
    return [...options].map(([id, name]) => ({ value: id, label: name }));
  }, [found, value]);

  const full = value.length >= maxValues;

  return (
    <MultiSelect
      label={label}
      description={full ? `${maxValues} of ${maxValues} chosen. Remove one to choose another.` : description}
      placeholder={full ? undefined : 'Type to search interests'}
      data={data}
      value={value.map((interest) => String(interest.id))}
      onChange={(ids) =>
        onChange(ids.slice(0, maxValues).map((id) => ({ id: Number(id), name: names.get(Number(id)) ?? id })))
      }
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      maxValues={maxValues}
      hidePickedOptions
      clearable
      nothingFoundMessage={isFetching ? 'Searching…' : 'No interest matches that'}
      error={error}
      maxDropdownHeight={260}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
