import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Platform } from '@reach/contract/constants';
import { useState } from 'react';
import { useLanguages } from '../api/get-dictionaries';
import type { PickedLanguage } from '../utils/search-filters';

/** Language typeahead over GET /discovery/languages (debounced); the picked language stays selectable. */
export function LanguagePicker({
  label,
  platform,
  value,
  onChange,
}: {
  label: string;
  platform: Platform;
  value: PickedLanguage | null;
  onChange: (language: PickedLanguage | null) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  // Once a language is picked the box shows its name; that is not a new search.
  const query = value && debounced === value.name ? '' : debounced;
  const languages = useLanguages(query, platform);
  const options = [...(languages.data ?? [])];
  if (value && !options.some((l) => l.code === value.code)) options.unshift(value);
  return (
    <Select
      label={label}
      placeholder="Any language"
      searchable
      clearable
      data={options.map((l) => ({ value: l.code, label: l.name }))}
      value={value?.code ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(code) => onChange(options.find((l) => l.code === code) ?? null)}
      nothingFoundMessage={languages.isFetching ? 'Searching…' : 'No language matches'}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
