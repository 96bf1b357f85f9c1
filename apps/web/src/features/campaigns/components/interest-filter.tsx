import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useInterestSearch } from '../api/search-interests';

type InterestFilterProps = {
  /** The chosen interest id (the list's `tag`), or null for any interest. */
  value: number | null;
  onChange: (tag: number | null, name: string | null) => void;
} & Omit<SelectProps, 'value' | 'onChange' | 'data'>;

/**
 * The campaign lists' interest filter (`tag` of GET /campaigns/business and /campaigns/browse): a searchable
 * select over GET /keywords/search. The chosen interest keeps its name while the person searches for another;
 * after a reload (only the id is in the URL) the name is looked up from the first page of interests.
 */
export function InterestFilter({ value, onChange, ...props }: InterestFilterProps) {
  const [interestSearch, setInterestSearch] = useState('');
  const [debouncedInterest] = useDebouncedValue(interestSearch, 250);
  const interests = useInterestSearch(debouncedInterest);
  const everyInterest = useInterestSearch('');
  const [tagName, setTagName] = useState<string | null>(null);

  const options = useMemo(() => {
    const map = new Map<string, string>();
    if (value) {
      const known = everyInterest.data?.find((interest) => interest.id === value)?.name;
      map.set(String(value), tagName ?? known ?? 'Selected interest');
    }
    for (const interest of interests.data ?? []) map.set(String(interest.id), interest.name);
    return [...map].map(([id, label]) => ({ value: id, label }));
  }, [interests.data, everyInterest.data, value, tagName]);

  return (
    <Select
      label="Interest"
      placeholder="Any interest"
      data={options}
      value={value ? String(value) : null}
      onChange={(next, option) => {
        setTagName(option?.label ?? null);
        onChange(next ? Number(next) : null, option?.label ?? null);
      }}
      searchable
      searchValue={interestSearch}
      onSearchChange={setInterestSearch}
      clearable
      nothingFoundMessage="No interest matches that"
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
