import {
  Alert,
  Group,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { MOBILE_QUERY } from '../../../lib/media';

export type Column<T> = {
  key: string;
  label: string;
  /** The API's sortBy key when this column sorts. */
  sortKey?: string;
  align?: 'left' | 'right';
  render: (row: T) => ReactNode;
  /** On phones the first column is the card's title; `primary` columns follow it, the rest as label: value. */
  width?: number;
};

export type Sort = { sortBy: string; sortDesc: 'asc' | 'desc' };
export type Paging = { page: number; items: number };

export const PAGE_SIZES = [10, 25, 50] as const;

const money = { fontVariantNumeric: 'tabular-nums' } as const;

/**
 * One payments list: a table with sortable headers on wide screens, stacked cards at 768 px and below (spec §9
 * mobile breakpoint), loading and error states, and paging with a page size. Sorting and paging are the API's.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  total,
  loading,
  error,
  empty,
  sort,
  onSort,
  paging,
  onPaging,
  dimmed,
  titleColumn,
}: {
  /** What the rows are, e.g. "charges" (accessible names and the range text). */
  label: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  total: number;
  loading: boolean;
  error: unknown;
  empty: ReactNode;
  sort: Sort;
  onSort: (sortBy: string) => void;
  paging: Paging;
  onPaging: (paging: Paging) => void;
  /** Rows from the previous query while the next one loads. */
  dimmed?: boolean;
  /** The column that titles each card on phones (default: the first). */
  titleColumn?: string;
}) {
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  if (error) {
    return (
      <Alert color="red" variant="light" role="alert" title={`We could not load your ${label}`}>
        {errorMessage(error)}
      </Alert>
    );
  }
  if (loading && !rows) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label={`Loading ${label}`}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={44} />
        ))}
      </Stack>
    );
  }
  if (!rows || total === 0) return <>{empty}</>;

  const first = columns.find((c) => c.key === titleColumn) ?? columns[0];
  const rest = columns.filter((c) => c !== first);
  return (
    <div style={{ opacity: dimmed ? 0.6 : 1, transition: 'opacity 150ms' }}>
      {isMobile ? (
        <Stack gap="sm" aria-label={label}>
          {rows.map((row) => (
            <Paper key={rowKey(row)} withBorder p="sm" radius="md">
              <Stack gap={6}>
                <div>{first?.render(row)}</div>
                {rest.map((c) => (
                  <Group key={c.key} justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                    <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ flexShrink: 0 }}>
                      {c.label}
                    </Text>
                    <Text component="div" size="sm" ta="right" style={{ minWidth: 0, ...money }}>
                      {c.render(row)}
                    </Text>
                  </Group>
                ))}
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" highlightOnHover aria-label={label}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th
                    key={c.key}
                    ta={c.align ?? 'left'}
                    w={c.width}
                    aria-sort={
                      c.sortKey && sort.sortBy === c.sortKey
                        ? sort.sortDesc === 'desc'
                          ? 'descending'
                          : 'ascending'
                        : undefined
                    }
                  >
                    {c.sortKey ? <SortButton column={c} sort={sort} onSort={onSort} /> : c.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((c) => (
                    <Table.Td
                      key={c.key}
                      ta={c.align ?? 'left'}
                      style={c.align === 'right' ? money : undefined}
                    >
                      {c.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager label={label} total={total} paging={paging} onPaging={onPaging} />
    </div>
  );
}

function SortButton<T>({
  column,
  sort,
  onSort,
}: {
  column: Column<T>;
  sort: Sort;
  onSort: (key: string) => void;
}) {
  const active = sort.sortBy === column.sortKey;
  const Icon = !active ? IconArrowsSort : sort.sortDesc === 'desc' ? IconSortDescending : IconSortAscending;
  return (
    <UnstyledButton
      onClick={() => onSort(column.sortKey!)}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 6, fontWeight: 700, fontSize: 'inherit' }}
    >
      {column.label}
      <Icon
        size={15}
        aria-hidden
        color={active ? 'var(--mantine-color-reach-6)' : 'var(--mantine-color-gray-5)'}
      />
    </UnstyledButton>
  );
}

function Pager({
  label,
  total,
  paging,
  onPaging,
}: {
  label: string;
  total: number;
  paging: Paging;
  onPaging: (paging: Paging) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / paging.items));
  const from = (paging.page - 1) * paging.items + 1;
  const to = Math.min(total, paging.page * paging.items);
  return (
    <Group justify="space-between" gap="sm" mt="md" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        Showing {from}–{to} of {total}
      </Text>
      <Group gap="sm" wrap="wrap">
        {pages > 1 && (
          <Pagination
            total={pages}
            value={Math.min(paging.page, pages)}
            onChange={(page) => onPaging({ ...paging, page })}
            size="sm"
            siblings={1}
            boundaries={1}
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
            })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        )}
        <Select
          aria-label={`${label[0]!.toUpperCase()}${label.slice(1)} per page`}
          data={PAGE_SIZES.map((size) => ({ value: String(size), label: `${size} per page` }))}
          value={String(paging.items)}
          onChange={(value) => value && onPaging({ page: 1, items: Number(value) })}
          allowDeselect={false}
          size="xs"
          w={120}
        />
      </Group>
    </Group>
  );
}

/** Sorting by a header: a new column starts with `initial`, the same column flips. */
export function nextSort(current: Sort, sortBy: string, initial: 'asc' | 'desc' = 'desc'): Sort {
  if (current.sortBy !== sortBy) return { sortBy, sortDesc: initial };
  return { sortBy, sortDesc: current.sortDesc === 'asc' ? 'desc' : 'asc' };
}
