import {
  CONNECTION_SORT_KEYS,
  CONNECTION_STATUSES,
  type ConnectionSortKey,
  type ConnectionStatus,
} from '@reach/contract/connections';
import { PAGE_SIZES } from '../../../lib/paging';

/** The connections list state kept in the URL (Back and reload keep it), read defensively. */
export type ConnectionListParams = {
  status: ConnectionStatus | null;
  campaign: number | null;
  business: number | null;
  sortBy: ConnectionSortKey;
  sortDesc: 'asc' | 'desc';
  page: number;
  items: number;
};

const positive = (value: string | null): number | null => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : null;
};

export function readConnectionParams(params: URLSearchParams): ConnectionListParams {
  const status = params.get('status');
  const sortBy = params.get('sortBy');
  const items = positive(params.get('items'));
  return {
    status: (CONNECTION_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as ConnectionStatus)
      : null,
    campaign: positive(params.get('campaign')),
    business: positive(params.get('business')),
    sortBy: (CONNECTION_SORT_KEYS as readonly string[]).includes(sortBy ?? '')
      ? (sortBy as ConnectionSortKey)
      : 'name',
    sortDesc: params.get('sortDesc') === 'desc' ? 'desc' : 'asc',
    page: positive(params.get('page')) ?? 1,
    items: items && (PAGE_SIZES as readonly number[]).includes(items) ? items : PAGE_SIZES[0],
  };
}

/** The URL after a change: defaults are left out, and any change but the page goes back to page 1. */
export function writeConnectionParams(current: URLSearchParams, change: Partial<ConnectionListParams>) {
  const next = new URLSearchParams(current);
  const defaults: Record<string, string> = {
    sortBy: 'name',
    sortDesc: 'asc',
    page: '1',
    items: String(PAGE_SIZES[0]),
  };
  for (const [key, value] of Object.entries(change)) {
    if (value === null || value === undefined || String(value) === '' || String(value) === defaults[key])
      next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in change)) next.delete('page');
  return next;
}
