import { Group, Pagination, Select, Text } from '@mantine/core';
import { PAGE_SIZES, rangeLabel } from '../lib/paging';

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
