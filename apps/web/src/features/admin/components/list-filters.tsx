import { Group, Select, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type ActiveFilter, ResponsiveFilters } from '../../../components/responsive-filters';
import { MOBILE_QUERY } from '../../../lib/media';
import type { useListState } from '../hooks/use-list-state';

type Option = { value: string; label: string };

/** One select filter kept in the URL under `name`; its first option, value '', means "no filter". */
export type FilterSelect = { name: string; label: string; options: readonly Option[]; width: number };

/**
 * An admin list's filters (users, reviews): the search box, the select filters and, on a phone where the
 * table's sortable headers give way to cards, a "Sort by" select. Inline on a wide screen, in the drawer with
 * removable chips (the search and each chosen option's label) on a phone.
 */
export function AdminListFilters<K extends string>({
  list,
  search,
  selects,
  sortOptions,
  defaultSort,
}: {
  list: ReturnType<typeof useListState<K>>;
  search: { label: string; placeholder: string; width: number };
  selects: readonly FilterSelect[];
  /** Values `key:asc|desc`. */
  sortOptions: readonly Option[];
  /** The list's default order, `key:direction`. */
  defaultSort: string;
}) {
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const width = (desktop: number) => (isMobile ? '100%' : desktop);
  const chosen = selects.map((select) => ({
    select,
    option: select.options.find((o) => o.value !== '' && o.value === list.filters[select.name]),
  }));

  const active: ActiveFilter[] = [];
  if (list.search) active.push({ key: 'search', label: `“${list.search}”`, onRemove: list.clearSearch });
  for (const { select, option } of chosen)
    if (option)
      active.push({
        key: select.name,
        label: option.label,
        onRemove: () => list.update({ [select.name]: null }),
      });

  return (
    <ResponsiveFilters active={active}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={search.label}
          placeholder={search.placeholder}
          type="search"
          leftSection={<IconSearch size={16} aria-hidden />}
          w={width(search.width)}
          {...list.searchInput}
        />
        {chosen.map(({ select, option }) => (
          <Select
            key={select.name}
            label={select.label}
            data={select.options}
            value={option?.value ?? ''}
            onChange={(value) => list.update({ [select.name]: value || null })}
            allowDeselect={false}
            w={width(select.width)}
          />
        ))}
        {isMobile && (
          <Select
            label="Sort by"
            data={sortOptions}
            value={
              sortOptions.find((o) => o.value === `${list.sortBy}:${list.sortDesc}`)?.value ?? defaultSort
            }
            onChange={(value) => {
              const [sortBy, sortDesc] = (value ?? defaultSort).split(':');
              list.update({ sortBy, sortDesc });
            }}
            allowDeselect={false}
            w="100%"
          />
        )}
      </Group>
    </ResponsiveFilters>
  );
}
