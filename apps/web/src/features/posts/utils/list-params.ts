import {
  POST_SORT_KEYS,
  POST_STATUSES,
  type PostSortKey,
  type PostStatus,
} from '@reach/contract/post-constants';
import { PAGE_SIZES } from '../../../lib/paging';

/** The review tabs: the posts waiting for a decision come first (the default), then each outcome, then all. */
export const POST_TABS = ['submitted', 'approved', 'rejected', 'all'] as const;
export type PostTab = (typeof POST_TABS)[number];

/** The /business/posts list state kept in the URL (Back and reload keep it), read defensively. */
export type PostListParams = {
  tab: PostTab;
  campaign: number | null;
  influencer: number | null;
  sortBy: PostSortKey;
  sortDesc: 'asc' | 'desc';
  page: number;
  items: number;
};

const DEFAULTS: Record<string, string> = {
  tab: 'submitted',
  sortBy: 'submitted_at',
  sortDesc: 'asc',
  page: '1',
  items: String(PAGE_SIZES[0]),
};

const positive = (value: string | null): number | null => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : null;
};

export function readPostParams(params: URLSearchParams): PostListParams {
  const tab = params.get('tab');
  const sortBy = params.get('sortBy');
  const items = positive(params.get('items'));
  return {
    tab: (POST_TABS as readonly string[]).includes(tab ?? '') ? (tab as PostTab) : 'submitted',
    campaign: positive(params.get('campaign')),
    influencer: positive(params.get('influencer')),
    sortBy: (POST_SORT_KEYS as readonly string[]).includes(sortBy ?? '')
      ? (sortBy as PostSortKey)
      : 'submitted_at',
    sortDesc: params.get('sortDesc') === 'desc' ? 'desc' : 'asc',
    page: positive(params.get('page')) ?? 1,
    items: items && (PAGE_SIZES as readonly number[]).includes(items) ? items : PAGE_SIZES[0],
  };
}

/** The URL after a change: defaults are left out, and any change but the page goes back to page 1. */
export function writePostParams(current: URLSearchParams, change: Partial<PostListParams>): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(change)) {
    if (value === null || value === undefined || String(value) === '' || String(value) === DEFAULTS[key])
      next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in change)) next.delete('page');
  return next;
}

/** The tab as the API's status filter ("all" sends none). */
export function tabStatus(tab: PostTab): PostStatus | undefined {
  return (POST_STATUSES as readonly string[]).includes(tab) ? (tab as PostStatus) : undefined;
}
