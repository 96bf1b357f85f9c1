/** Page sizes offered under a table. */
export const PAGE_SIZES = [10, 25, 50] as const;

/** Page sizes offered under a grid of cards (rows of 3 and 4). */
export const CARD_PAGE_SIZES = [12, 24, 48] as const;

/** "Showing 11–20 of 43". */
export function rangeLabel(page: number, items: number, total: number): string {
  if (total === 0) return 'No results';
  const from = (page - 1) * items + 1;
  const to = Math.min(total, page * items);
  return `Showing ${from}–${to} of ${total}`;
}
