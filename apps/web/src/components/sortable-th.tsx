import { Table, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type SortState<K extends string> = { sortBy: K; sortDesc: 'asc' | 'desc' };

/** A table header that sorts by `sortKey`: a click sorts ascending, a second click descending. */
export function SortableTh<K extends string>({
  sortKey,
  sort,
  onSort,
  align = 'left',
  w,
  children,
}: {
  sortKey: K;
  sort: SortState<K>;
  onSort: (key: K) => void;
  align?: 'left' | 'right';
  w?: number;
  children: ReactNode;
}) {
  const active = sort.sortBy === sortKey;
  const SortIcon = !active
    ? IconArrowsSort
    : sort.sortDesc === 'desc'
      ? IconSortDescending
      : IconSortAscending;
  return (
    <Table.Th
      aria-sort={active ? (sort.sortDesc === 'desc' ? 'descending' : 'ascending') : 'none'}
      ta={align}
      w={w}
    >
      <UnstyledButton
        onClick={() => onSort(sortKey)}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 6, fontWeight: 700, fontSize: 'inherit' }}
      >
        {children}
        <SortIcon
          size={15}
          aria-hidden
          color={active ? 'var(--mantine-color-reach-6)' : 'var(--mantine-color-gray-5)'}
        />
      </UnstyledButton>
    </Table.Th>
  );
}
