import { Group, Pagination, Select, Text } from '@mantine/core';

/** Page sizes offered under a table. */
export const PAGE_SIZES = [10, 25, 50] as const;

/** "Showing 11–20 of 43". */
export function rangeLabel(page: number, items: number, total: number): string {
  if (total === 0) return 'No results';
  const from = (page - 1) * items + 1;
  const to = Math.min(total, page * items);
  return `Showing ${from}–${to} of ${total}`;
}

/** Paging under a list: where we are, the page buttons, and the page size. */
export function ListPager({
  page,
  items,
  total,
  onPage,
  onItems,
  noun = 'campaigns',
  sizes = PAGE_SIZES,
}: {
  page: number;
  items: number;
  total: number;
  onPage: (page: number) => void;
  onItems: (items: number) => void;
  /** What the list holds, plural ("users"): names the page-size control. */
  noun?: string;
  sizes?: readonly number[];
}) {
  const pages = Math.max(1, Math.ceil(total / items));
  return (
    <Group justify="space-between" gap="sm" mt="md" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {rangeLabel(page, items, total)}
      </Text>
      <Group gap="sm" wrap="wrap">
        {pages > 1 && (
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onPage}
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
          aria-label={`${noun[0]!.toUpperCase()}${noun.slice(1)} per page`}
          data={sizes.map((size) => ({ value: String(size), label: `${size} per page` }))}
          value={String(items)}
          onChange={(value) => value && onItems(Number(value))}
          allowDeselect={false}
          size="xs"
          w={120}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
    </Group>
  );
}
