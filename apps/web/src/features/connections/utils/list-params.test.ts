import { describe, expect, it } from 'vitest';
import { readConnectionParams, writeConnectionParams } from './list-params';

describe('connection list params', () => {
  it('reads defaults and ignores junk', () => {
    expect(
      readConnectionParams(new URLSearchParams('status=maybe&sortBy=x&items=7&page=-2&campaign=abc')),
    ).toEqual({
      status: null,
      campaign: null,
      business: null,
      sortBy: 'name',
      sortDesc: 'asc',
      page: 1,
      items: 10,
    });
    expect(
      readConnectionParams(
        new URLSearchParams('status=invited&campaign=4&sortBy=updated_at&sortDesc=desc&page=3&items=25'),
      ),
    ).toMatchObject({
      status: 'invited',
      campaign: 4,
      sortBy: 'updated_at',
      sortDesc: 'desc',
      page: 3,
      items: 25,
    });
  });

  it('writes changes, drops defaults and resets the page', () => {
    const next = writeConnectionParams(new URLSearchParams('page=3&status=invited'), {
      status: null,
      sortBy: 'campaign',
    });
    expect(next.toString()).toBe('sortBy=campaign');
    expect(writeConnectionParams(new URLSearchParams('status=invited'), { page: 2 }).toString()).toBe(
      'status=invited&page=2',
    );
  });
});
