import { Group, Pagination, Select, Text } from '@mantine/core';

/** "Showing 11–20 of 43". */
export function rangeLabel(page: number, items: number, total: number): string {
  if (total === 0) return 'No results';
  const from = (page - 1) * items + 1;
  return `Showing ${from}–${Math.min(total, page * items)} of ${total}`;
}

/** Paging under a list: where we are, the page buttons, and the page size. */
export function ListPager({
  page,
  items,
  total,
  onPage,
  onItems,
  noun,
  sizes,
}: {
  page: number;
  items: number;
  total: number;
  onPage: (page: number) => void;
  onItems: (items: number) => void;
  noun: string;
  sizes: readonly number[];
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
          aria-label={`${noun} per page`}
          data={sizes.map((size) => ({ value: String(size), label: `${size} per page` }))}
          value={String(items)}
          onChange={(value) => value && onItems(Number(value))}
          allowDeselect={false}
          size="xs"
          w={120}
        />
      </Group>
    </Group>
  );
}
