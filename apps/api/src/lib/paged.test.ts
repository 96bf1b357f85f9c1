import { describe, expect, it } from 'vitest';
import { pageTotal } from './paged';

describe('pageTotal', () => {
  const counted = (n: number) => {
    const calls: number[] = [];
    return {
      calls,
      count: async () => {
        calls.push(n);
        return n;
      },
    };
  };

  it.each([
    {
      what: 'a full first page',
      rows: [{ full_count: 42 }, { full_count: 42 }],
      page: 1,
      total: 42,
      counts: 0,
    },
    { what: 'a later page, as text (bigint)', rows: [{ full_count: '7' }], page: 3, total: 7, counts: 0 },
    { what: 'an empty first page', rows: [], page: 1, total: 0, counts: 0 },
    { what: 'a page past the end', rows: [], page: 4, total: 31, counts: 1 },
  ])('$what: total $total with $counts count statement(s)', async ({ rows, page, total, counts }) => {
    const c = counted(31);
    expect(await pageTotal(rows, page, c.count)).toBe(total);
    expect(c.calls).toHaveLength(counts);
  });
});
