import {
  CAMPAIGN_SORT_KEYS,
  CAMPAIGN_STATUSES,
  type CampaignSortKey,
  type CampaignStatus,
} from '@reach/contract/campaign-constants';
import type { SORT_DIRECTIONS } from '@reach/contract/constants';
import { PAGE_SIZES } from '../../../lib/paging';

/** Page sizes offered by the business's table, and by the influencer's card grid (rows of 3). */

/** How a list reads and writes its URL: its default sort and the page sizes it offers. */
export type ListParamsOptions = { defaultSort?: CampaignSortKey; sizes?: readonly number[] };

export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** The list state kept in the URL (so Back and reload keep the filters), read defensively. */
export type CampaignListParams = {
  status: CampaignStatus | null;
  search: string;
  sortBy: CampaignSortKey;
  sortDesc: SortDirection;
  page: number;
  items: number;
  tag: number | null;
  business: number | null;
  /** GET /campaigns/browse `myCampaigns`: only the campaigns the influencer has a conversation with. */
  myCampaigns: boolean;
};

const positive = (value: string | null): number | null => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : null;
};

export function readListParams(
  params: URLSearchParams,
  { defaultSort = 'name', sizes = PAGE_SIZES }: ListParamsOptions = {},
): CampaignListParams {
  const status = params.get('status');
  const sortBy = params.get('sortBy');
  const items = positive(params.get('items'));
  return {
    status: (CAMPAIGN_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as CampaignStatus)
      : null,
    search: params.get('search') ?? '',
    sortBy: (CAMPAIGN_SORT_KEYS as readonly string[]).includes(sortBy ?? '')
      ? (sortBy as CampaignSortKey)
      : defaultSort,
    sortDesc: params.get('sortDesc') === 'desc' ? 'desc' : 'asc',
    page: positive(params.get('page')) ?? 1,
    items: items && sizes.includes(items) ? items : sizes[0]!,
    tag: positive(params.get('tag')),
    business: positive(params.get('business')),
    myCampaigns: params.get('myCampaigns') === 'true',
  };
}

/**
 * The URL after a change: defaults are left out, and any change other than the page itself goes back to
 * page 1 (page 3 of the old filter means nothing under the new one).
 */
export function writeListParams(
  current: URLSearchParams,
  change: Partial<CampaignListParams>,
  { defaultSort = 'name', sizes = PAGE_SIZES }: ListParamsOptions = {},
): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string | number | null | undefined, fallback?: string) => {
    if (value === null || value === undefined || value === '' || String(value) === fallback) next.delete(key);
    else next.set(key, String(value));
  };
  for (const [key, value] of Object.entries(change)) {
    if (key === 'sortBy') set(key, value as string, defaultSort);
    else if (key === 'sortDesc') set(key, value as string, 'asc');
    else if (key === 'page') set(key, value as number, '1');
    else if (key === 'items') set(key, value as number, String(sizes[0]));
    else if (key === 'myCampaigns') set(key, value ? 'true' : null);
    else set(key, value as string | number | null);
  }
  if (!('page' in change)) next.delete('page');
  return next;
}
