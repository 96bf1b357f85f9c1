import type { ReactNode } from 'react';
import { type Column, DataTable } from '../../../components/data-table';
import type { useListState } from '../hooks/use-list-state';
import { ListStates } from './list-states';

type Query<T> = {
  data?: { data: T[]; total: number };
  error: unknown;
  isPending: boolean;
  isPlaceholderData: boolean;
};

/**
 * A reference list of the admin (interests, states, countries) on the shared DataTable: sort, page and page size
 * from the URL (`useListState`), a row menu, and "No … match" with Clear filters when a search finds nothing.
 */
export function ReferenceTable<T extends { id: number }, K extends string>({
  noun,
  title,
  list,
  query,
  columns,
  actions,
  minWidth,
}: {
  /** Plural, lower case: "states". */
  noun: string;
  /** The table's accessible name: "States". */
  title: string;
  list: ReturnType<typeof useListState<K>>;
  query: Query<T>;
  columns: Column<T>[];
  actions: (row: T) => ReactNode;
  minWidth?: number;
}) {
  return (
    <DataTable
      label={noun}
      title={title}
      errorTitle={`We could not load the ${noun}`}
      columns={columns}
      rows={query.data?.data}
      rowKey={(row) => row.id}
      total={query.data?.total ?? 0}
      loading={query.isPending}
      error={query.error}
      dimmed={query.isPlaceholderData}
      empty={
        <ListStates
          noun={noun}
          error={null}
          isPending={false}
          total={0}
          filtered={list.filtered}
          onClear={list.clear}
        />
      }
      sort={{ sortBy: list.sortBy, sortDesc: list.sortDesc }}
      onSort={(key) => list.toggleSort(key as K)}
      paging={{ page: list.page, items: list.items }}
      onPaging={({ page, items }) => list.update(items !== list.items ? { items } : { page })}
      actions={actions}
      minWidth={minWidth}
    />
  );
}
