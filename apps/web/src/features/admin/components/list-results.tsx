import type { ReactNode } from 'react';
import { ListPager } from '../../../components/list-pager';
import type { useListState } from '../hooks/use-list-state';

/**
 * An admin list's rows (the table, or the cards on a phone) with the pager under them, dimmed while the next
 * page loads; page and page size go to the URL through `list`.
 */
export function AdminListResults<K extends string>({
  list,
  noun,
  total,
  loading,
  children,
}: {
  list: ReturnType<typeof useListState<K>>;
  /** Plural, lower case: "users". */
  noun: string;
  total: number;
  /** The previous page still shows while the next one loads. */
  loading: boolean;
  children: ReactNode;
}) {
  return (
    <div data-testid="list-results" style={{ opacity: loading ? 0.6 : 1, transition: 'opacity 150ms' }}>
      {children}
      <ListPager
        noun={noun}
        page={list.page}
        items={list.items}
        total={total}
        onPage={(page) => list.update({ page })}
        onItems={(items) => list.update({ items })}
      />
    </div>
  );
}
