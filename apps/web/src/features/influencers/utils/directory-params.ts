import { GENDERS, type Gender, PLATFORMS, type Platform } from '@reach/contract/constants';
import {
  AGE_PATTERN,
  INFLUENCER_SORT_KEYS,
  type InfluencerSortKey,
  RADIUS_OPTIONS,
  RELATIONSHIPS,
  type Relationship,
} from '@reach/contract/directory';
import { CARD_PAGE_SIZES } from '../../../lib/paging';

/** The directory's filters, sort and page, kept in the URL. */
export type DirectoryParams = {
  name: string;
  tag: number | null;
  state: number | null;
  gender: Gender | null;
  platform: Platform | null;
  age: string | null;
  rating: number | null;
  relationship: Relationship | null;
  campaignId: number | null;
  zipcode: string;
  radius: number | null;
  sortBy: InfluencerSortKey;
  sortDesc: 'asc' | 'desc';
  page: number;
  items: number;
};

const positive = (value: string | null): number | null => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : null;
};
const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null =>
  list.find((item) => item === value) ?? null;

export function readDirectoryParams(params: URLSearchParams): DirectoryParams {
  const radius = positive(params.get('radius'));
  const rating = Number(params.get('rating'));
  const items = positive(params.get('items'));
  const age = params.get('age');
  return {
    name: params.get('name') ?? '',
    tag: positive(params.get('tag')),
    state: positive(params.get('state')),
    gender: oneOf(GENDERS, params.get('gender')),
    platform: oneOf(PLATFORMS, params.get('platform')),
    age: age && AGE_PATTERN.test(age) ? age : null,
    rating: rating >= 1 && rating <= 5 ? rating : null,
    relationship: oneOf(RELATIONSHIPS, params.get('relationship')),
    campaignId: positive(params.get('campaignId')),
    zipcode: params.get('zipcode') ?? '',
    radius: radius && RADIUS_OPTIONS.includes(radius) ? radius : null,
    sortBy: oneOf(INFLUENCER_SORT_KEYS, params.get('sortBy')) ?? 'first_name',
    sortDesc: params.get('sortDesc') === 'desc' ? 'desc' : 'asc',
    page: positive(params.get('page')) ?? 1,
    items: items && (CARD_PAGE_SIZES as readonly number[]).includes(items) ? items : CARD_PAGE_SIZES[0],
  };
}

const DEFAULTS: Record<string, string> = {
  sortBy: 'first_name',
  sortDesc: 'asc',
  page: '1',
  items: String(CARD_PAGE_SIZES[0]),
};

/** The URL after a change: defaults and empty values are left out; any change but the page resets it. */
export function writeDirectoryParams(current: URLSearchParams, change: Partial<DirectoryParams>) {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(change)) {
    const text = value === null || value === undefined ? '' : String(value);
    if (text === '' || text === DEFAULTS[key]) next.delete(key);
    else next.set(key, text);
  }
  if (!('page' in change)) next.delete('page');
  return next;
}

/** The API query of these params: a ZIP search only when both halves are there (the form says what is missing). */
export function directoryQuery(p: DirectoryParams) {
  const located = /^\d{5}$/.test(p.zipcode) && p.radius !== null;
  return {
    sortBy: p.sortBy === 'distance' && !located ? 'first_name' : p.sortBy,
    sortDesc: p.sortDesc,
    items: p.items,
    page: p.page,
    name: p.name || undefined,
    tag: p.tag ?? undefined,
    state: p.state ?? undefined,
    gender: p.gender ?? undefined,
    platform: p.platform ?? undefined,
    age: p.age ?? undefined,
    rating: p.rating ?? undefined,
    relationship: p.relationship ?? undefined,
    campaignId: p.campaignId ?? undefined,
    zipcode: located ? p.zipcode : undefined,
    radius: located ? (p.radius ?? undefined) : undefined,
  };
}

/** What is wrong with the location half of the form, if anything. */
export function locationProblem(p: Pick<DirectoryParams, 'zipcode' | 'radius'>): {
  zipcode?: string;
  radius?: string;
} {
  if (!p.zipcode && p.radius === null) return {};
  if (p.zipcode && !/^\d{5}$/.test(p.zipcode)) return { zipcode: 'Enter a 5-digit US ZIP code.' };
  if (!p.zipcode) return { zipcode: 'Enter a ZIP code to search around.' };
  if (p.radius === null) return { radius: 'Choose a radius.' };
  return {};
}
