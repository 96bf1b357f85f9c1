import { Alert, Group, Paper, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-error';
import { MOBILE_QUERY } from '../lib/media';
import { ListPager } from './list-pager';
import { SortableTh } from './sortable-th';

export type Column<T> = {
  key: string;
  label: string;
  /** The API's sortBy key when this column sorts. */
  sortKey?: string;
  align?: 'left' | 'right';
  render: (row: T) => ReactNode;
  width?: number;
};

export type Sort = { sortBy: string; sortDesc: 'asc' | 'desc' };
export type Paging = { page: number; items: number };

const money = { fontVariantNumeric: 'tabular-nums' } as const;

/**
 * One server-sorted, server-paged list: a table with sortable headers on wide screens, stacked cards at 768 px
 * and below (spec §9 mobile breakpoint; the title column heads each card, the other columns follow as
 * label: value), loading and error states, an optional row menu, and paging with a page size.
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
  title,
  errorTitle,
  actions,
  minWidth = 720,
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
  /** The table's accessible name (default: `label`). */
  title?: string;
  /** The error's title (default: "We could not load your <label>"). */
  errorTitle?: string;
  /** A menu per row: the last, unlabelled column of the table; top right on each card. */
  actions?: (row: T) => ReactNode;
  /** Below this width the table scrolls sideways. */
  minWidth?: number;
}) {
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  if (error) {
    return (
      <Alert color="red" variant="light" role="alert" title={errorTitle ?? `We could not load your ${label}`}>
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
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <div style={{ minWidth: 0 }}>{first?.render(row)}</div>
                  {actions?.(row)}
                </Group>
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
        <Table.ScrollContainer minWidth={minWidth}>
          <Table verticalSpacing="sm" highlightOnHover aria-label={title ?? label}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) =>
                  c.sortKey ? (
                    <SortableTh
                      key={c.key}
                      sortKey={c.sortKey}
                      sort={sort}
                      onSort={onSort}
                      align={c.align}
                      w={c.width}
                    >
                      {c.label}
                    </SortableTh>
                  ) : (
                    <Table.Th key={c.key} ta={c.align ?? 'left'} w={c.width}>
                      {c.label}
                    </Table.Th>
                  ),
                )}
                {actions && (
                  <Table.Th w={56}>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                )}
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
                  {actions && <Table.Td>{actions(row)}</Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListPager
        noun={label}
        page={paging.page}
        items={paging.items}
        total={total}
        onPage={(page) => onPaging({ ...paging, page })}
        onItems={(items) => onPaging({ page: 1, items })}
      />
    </div>
  );
}

/** Sorting by a header: a new column starts with `initial`, the same column flips. */
export function nextSort(current: Sort, sortBy: string, initial: 'asc' | 'desc' = 'desc'): Sort {
  if (current.sortBy !== sortBy) return { sortBy, sortDesc: initial };
  return { sortBy, sortDesc: current.sortDesc === 'asc' ? 'desc' : 'asc' };
}
