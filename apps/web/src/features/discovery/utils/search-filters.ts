import {
  ACCURACY_STEPS,
  DEFAULT_LOCATION,
  GENDERS,
  type Gender,
  PLATFORMS,
  type Platform,
  RADIUS_MAX_MILES,
  RADIUS_MIN_MILES,
  RADIUS_STEP_MILES,
} from '@reach/contract/constants';
import {
  ACCOUNT_TYPES,
  AUDIENCE_AGE_BUCKETS,
  type AudienceAgeBucket,
  DISCOVERY_INTERESTS,
  DISCOVERY_MAX_IDS,
  DISCOVERY_MAX_TEXT_TAGS,
  DISCOVERY_SORT_FIELDS,
  type DiscoverySearchBody,
  type DiscoverySortField,
  LOCATION_TYPES,
} from '@reach/contract/discovery';
import { describeLocationScope } from '@reach/contract/location-scope';

/*
 * The search form's state, its place in the URL (so a reload keeps the search) and the request body it
 * becomes. The URL holds the filters of the last search run; `search=1` marks that one was run, so opening the
 * page alone spends no credit and reloading repeats the search (free within 24 h).
 */

export type PickedLocation = {
  id: number;
  name: string;
  type: (typeof LOCATION_TYPES)[number];
  /** The place's country and state (when the provider says), so the panel can tell a place inside another. */
  country_id?: number | null;
  state_id?: number | null;
};
export type PickedLanguage = { code: string; name: string };
export type Accuracy = (typeof ACCURACY_STEPS)[number];
export type SortDirection = 'asc' | 'desc';

export type SearchFilters = {
  platform: Platform;
  locations: PickedLocation[];
  radius: number | null;
  followersMin: number | null;
  followersMax: number | null;
  /** Minimum engagement rate in percent (the body takes a 0..1 fraction). */
  engagementRate: number | null;
  language: PickedLanguage | null;
  gender: Gender | null;
  ageMin: number | null;
  ageMax: number | null;
  interests: number[];
  /** "similar to @username" (the body's `relevance`). */
  lookalike: string;
  sortField: DiscoverySortField;
  sortDirection: SortDirection;
  // Advanced filters
  /** Posted within this many days. */
  lastPosted: number | null;
  bio: string;
  keywords: string;
  hashtags: string[];
  mentions: string[];
  hasContactDetails: boolean;
  verified: boolean;
  accountTypes: number[];
  audienceLocations: { id: number; name: string }[];
  audienceLocationAccuracy: Accuracy;
  audienceGender: 'MALE' | 'FEMALE' | null;
  audienceGenderAccuracy: Accuracy;
  audienceAges: AudienceAgeBucket[];
  audienceAgeAccuracy: Accuracy;
  audienceLanguage: PickedLanguage | null;
  audienceLanguageAccuracy: Accuracy;
  /** Minimum audience credibility in percent. */
  credibility: number | null;
};

export const DEFAULT_FILTERS: SearchFilters = {
  platform: 'instagram',
  locations: [{ id: DEFAULT_LOCATION.id, name: DEFAULT_LOCATION.name, type: 'country' }],
  radius: null,
  followersMin: null,
  followersMax: null,
  engagementRate: null,
  language: null,
  gender: null,
  ageMin: null,
  ageMax: null,
  interests: [],
  lookalike: '',
  sortField: 'followers',
  sortDirection: 'desc',
  lastPosted: null,
  bio: '',
  keywords: '',
  hashtags: [],
  mentions: [],
  hasContactDetails: false,
  verified: false,
  accountTypes: [],
  audienceLocations: [],
  audienceLocationAccuracy: 25,
  audienceGender: null,
  audienceGenderAccuracy: 25,
  audienceAges: [],
  audienceAgeAccuracy: 25,
  audienceLanguage: null,
  audienceLanguageAccuracy: 25,
  credibility: null,
};

/** Choices offered by the filter panel. */
export const FOLLOWER_STEPS = [
  1_000, 5_000, 10_000, 25_000, 50_000, 100_000, 250_000, 500_000, 1_000_000, 5_000_000,
] as const;
export const ENGAGEMENT_STEPS = [1, 2, 3, 4, 5, 6, 8, 10, 15, 20] as const;
export const AGE_STEPS = [13, 18, 25, 35, 45, 65] as const;
export const LAST_POSTED_STEPS = [30, 60, 90, 180, 365] as const;
export const CREDIBILITY_STEPS = [50, 60, 70, 75, 80, 85, 90] as const;
export const RADIUS_STEPS: number[] = [];
for (let r = RADIUS_MIN_MILES; r <= RADIUS_MAX_MILES; r += RADIUS_STEP_MILES) RADIUS_STEPS.push(r);

// ── reading the URL ───────────────────────────────────────────────────────────────────────────────────────

const oneOf = <T extends string | number>(list: readonly T[], value: unknown): T | null =>
  list.find((item) => item === value) ?? null;
const whole = (value: string | null): number | null => {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
};
const accuracy = (value: string | null): Accuracy => oneOf(ACCURACY_STEPS, whole(value)) ?? 25;
/** "id~name" pairs (and "id~type~name" for influencer locations, the type as "city:<country>:<state>"). */
const split = (value: string, parts: number): string[] | null => {
  const items = value.split('~');
  if (items.length < parts) return null;
  return [...items.slice(0, parts - 1), items.slice(parts - 1).join('~')];
};

function readLocations(params: URLSearchParams): PickedLocation[] {
  const result: PickedLocation[] = [];
  for (const raw of params.getAll('loc').slice(0, DISCOVERY_MAX_IDS)) {
    const [id, kind, name] = split(raw, 3) ?? [];
    const [type, country, state] = (kind ?? '').split(':');
    const n = whole(id ?? null);
    const t = oneOf(LOCATION_TYPES, type);
    if (n && t && name && !result.some((l) => l.id === n)) {
      const parents = {
        ...(whole(country ?? null) ? { country_id: whole(country ?? null) } : {}),
        ...(whole(state ?? null) ? { state_id: whole(state ?? null) } : {}),
      };
      result.push({ id: n, type: t, name, ...parents });
    }
  }
  return result;
}

function readPairs(params: URLSearchParams, key: string): { id: number; name: string }[] {
  const result: { id: number; name: string }[] = [];
  for (const raw of params.getAll(key).slice(0, DISCOVERY_MAX_IDS)) {
    const [id, name] = split(raw, 2) ?? [];
    const n = whole(id ?? null);
    if (n && name && !result.some((l) => l.id === n)) result.push({ id: n, name });
  }
  return result;
}

function readLanguage(value: string | null): PickedLanguage | null {
  const [code, name] = value ? (split(value, 2) ?? []) : [];
  return code && name ? { code, name } : null;
}

const tags = (params: URLSearchParams, key: string) =>
  [...new Set(params.getAll(key).map((t) => t.trim().replace(/^[#@]/, '')))]
    .filter(Boolean)
    .slice(0, DISCOVERY_MAX_TEXT_TAGS);

/** Whether the URL holds a search that was run. */
export function isSearchRun(params: URLSearchParams): boolean {
  return params.get('search') === '1';
}

/** The filters in the URL; anything unreadable falls back to its default rather than failing. */
export function readFilters(params: URLSearchParams): SearchFilters {
  const [sortField, sortDirection] = (params.get('sort') ?? '').split(':');
  const locations = params.has('loc') ? readLocations(params) : DEFAULT_FILTERS.locations;
  const radius = oneOf(RADIUS_STEPS, whole(params.get('radius')));
  const interestIds = DISCOVERY_INTERESTS.map((i) => i.id) as number[];
  return {
    platform: oneOf(PLATFORMS, params.get('platform')) ?? 'instagram',
    locations,
    radius: radius && hasOneCity(locations) ? radius : null,
    followersMin: whole(params.get('fmin')),
    followersMax: whole(params.get('fmax')),
    engagementRate: oneOf(ENGAGEMENT_STEPS, whole(params.get('er'))),
    language: readLanguage(params.get('lang')),
    gender: oneOf(GENDERS, params.get('gender')),
    ageMin: oneOf(AGE_STEPS, whole(params.get('amin'))),
    ageMax: oneOf(AGE_STEPS, whole(params.get('amax'))),
    interests: [
      ...new Set(
        params
          .getAll('int')
          .map(whole)
          .filter((n): n is number => interestIds.includes(n ?? -1)),
      ),
    ],
    lookalike: (params.get('like') ?? '').trim(),
    sortField: oneOf(DISCOVERY_SORT_FIELDS, sortField) ?? DEFAULT_FILTERS.sortField,
    sortDirection: sortDirection === 'asc' ? 'asc' : 'desc',
    lastPosted: oneOf(LAST_POSTED_STEPS, whole(params.get('lp'))),
    bio: params.get('bio') ?? '',
    keywords: params.get('kw') ?? '',
    hashtags: tags(params, 'tag'),
    mentions: tags(params, 'mention'),
    hasContactDetails: params.get('contact') === '1',
    verified: params.get('verified') === '1',
    accountTypes: [
      ...new Set(
        params
          .getAll('acct')
          .map(whole)
          .filter((n): n is number => ACCOUNT_TYPES.some((t) => t.id === n)),
      ),
    ],
    audienceLocations: readPairs(params, 'aloc'),
    audienceLocationAccuracy: accuracy(params.get('alocw')),
    audienceGender: oneOf(['MALE', 'FEMALE'] as const, params.get('agender')),
    audienceGenderAccuracy: accuracy(params.get('agenderw')),
    audienceAges: AUDIENCE_AGE_BUCKETS.filter((b) => params.getAll('aage').includes(b)),
    audienceAgeAccuracy: accuracy(params.get('aagew')),
    audienceLanguage: readLanguage(params.get('alang')),
    audienceLanguageAccuracy: accuracy(params.get('alangw')),
    credibility: oneOf(CREDIBILITY_STEPS, whole(params.get('cred'))),
  };
}

/**
 * Which creators the picked locations find, as the search applies it (location-scope.ts): "Creators in Los
 * Angeles (within United States)" when a place narrows another, "Any of: Los Angeles, New York" otherwise.
 */
export function locationScopeLine(locations: PickedLocation[]): string {
  // The short name ("Los Angeles" of "Los Angeles, California, United States").
  return describeLocationScope(locations.map((l) => ({ ...l, name: l.name.split(', ')[0] || l.name })));
}

/** A location's type with its parents when known: "city:148838:44", "state:148838", "country". */
function locationKind(l: PickedLocation): string {
  if (!l.country_id || l.type === 'country') return l.type;
  return l.state_id && l.type === 'city'
    ? `${l.type}:${l.country_id}:${l.state_id}`
    : `${l.type}:${l.country_id}`;
}

/** A radius needs exactly one location, and it must be a city (spec §2/§9). */
export function hasOneCity(locations: PickedLocation[]): boolean {
  return locations.length === 1 && locations[0]?.type === 'city';
}

// ── writing the URL ───────────────────────────────────────────────────────────────────────────────────────

/** The URL of a search run with `filters`: defaults and empty values are left out. */
export function writeFilters(f: SearchFilters): URLSearchParams {
  const p = new URLSearchParams();
  p.set('search', '1');
  if (f.platform !== 'instagram') p.set('platform', f.platform);
  const defaultLocation =
    f.locations.length === 1 &&
    f.locations[0]?.id === DEFAULT_LOCATION.id &&
    f.locations[0].type === 'country';
  if (!defaultLocation) {
    // An explicit empty marker keeps "anywhere" apart from the default location.
    if (f.locations.length === 0) p.set('loc', '');
    for (const l of f.locations) p.append('loc', `${l.id}~${locationKind(l)}~${l.name}`);
  }
  const set = (key: string, value: string | number | null | undefined, skip?: string | number) => {
    if (value !== null && value !== undefined && value !== '' && value !== skip) p.set(key, String(value));
  };
  if (hasOneCity(f.locations)) set('radius', f.radius);
  set('fmin', f.followersMin);
  set('fmax', f.followersMax);
  set('er', f.engagementRate);
  if (f.language) p.set('lang', `${f.language.code}~${f.language.name}`);
  set('gender', f.gender);
  set('amin', f.ageMin);
  set('amax', f.ageMax);
  for (const i of f.interests) p.append('int', String(i));
  set('like', f.lookalike.trim());
  const sort = `${f.sortField}:${f.sortDirection}`;
  set('sort', sort, `${DEFAULT_FILTERS.sortField}:${DEFAULT_FILTERS.sortDirection}`);
  set('lp', f.lastPosted);
  set('bio', f.bio.trim());
  set('kw', f.keywords.trim());
  for (const t of f.hashtags) p.append('tag', t);
  for (const m of f.mentions) p.append('mention', m);
  if (f.hasContactDetails) p.set('contact', '1');
  if (f.verified) p.set('verified', '1');
  for (const a of f.accountTypes) p.append('acct', String(a));
  for (const l of f.audienceLocations) p.append('aloc', `${l.id}~${l.name}`);
  if (f.audienceLocations.length) set('alocw', f.audienceLocationAccuracy, 25);
  set('agender', f.audienceGender);
  if (f.audienceGender) set('agenderw', f.audienceGenderAccuracy, 25);
  for (const a of f.audienceAges) p.append('aage', a);
  if (f.audienceAges.length) set('aagew', f.audienceAgeAccuracy, 25);
  if (f.audienceLanguage) p.set('alang', `${f.audienceLanguage.code}~${f.audienceLanguage.name}`);
  if (f.audienceLanguage) set('alangw', f.audienceLanguageAccuracy, 25);
  set('cred', f.credibility);
  return p;
}

// ── the request body ──────────────────────────────────────────────────────────────────────────────────────

/** Problems the form shows before sending (the API refuses the same with 400). */
export function filterProblems(f: SearchFilters): Partial<Record<'followers' | 'age' | 'tags', string>> {
  const problems: Partial<Record<'followers' | 'age' | 'tags', string>> = {};
  if (f.followersMin !== null && f.followersMax !== null && f.followersMin > f.followersMax)
    problems.followers = 'The minimum followers cannot be more than the maximum.';
  if (f.ageMin !== null && f.ageMax !== null && f.ageMin > f.ageMax)
    problems.age = 'The minimum age cannot be more than the maximum.';
  if (f.hashtags.length + f.mentions.length > DISCOVERY_MAX_TEXT_TAGS)
    problems.tags = `Choose at most ${DISCOVERY_MAX_TEXT_TAGS} hashtags and mentions.`;
  return problems;
}

const weight = (a: Accuracy) => a / 100;
const range = (min: number | null, max: number | null) =>
  min === null && max === null ? undefined : { min: min ?? undefined, max: max ?? undefined };

/** The body of POST /discovery/instagram/search for these filters (without `page`). */
export function searchBody(f: SearchFilters): Omit<DiscoverySearchBody, 'page'> {
  const lookalike = f.lookalike.trim().replace(/^@*/, '');
  const textTags = [
    ...f.hashtags.map((value) => ({ type: 'hashtag' as const, value })),
    ...f.mentions.map((value) => ({ type: 'mention' as const, value })),
  ];
  const influencer: NonNullable<NonNullable<DiscoverySearchBody['filter']>['influencer']> = {
    platform: f.platform,
    location: f.locations.length ? f.locations.map((l) => l.id) : undefined,
    radius: hasOneCity(f.locations) && f.radius ? f.radius : undefined,
    followers: range(f.followersMin, f.followersMax),
    engagementRate: f.engagementRate === null ? undefined : f.engagementRate / 100,
    language: f.language?.code,
    gender: f.gender ?? undefined,
    age: range(f.ageMin, f.ageMax),
    interests: f.interests.length ? f.interests : undefined,
    relevance: lookalike ? [`@${lookalike}`] : undefined,
    lastposted: f.lastPosted ?? undefined,
    bio: f.bio.trim() || undefined,
    keywords: f.keywords.trim() || undefined,
    textTags: textTags.length ? textTags : undefined,
    hasContactDetails: f.hasContactDetails || undefined,
    isVerified: f.verified || undefined,
    accountTypes: f.accountTypes.length ? f.accountTypes : undefined,
  };
  const audience: NonNullable<NonNullable<DiscoverySearchBody['filter']>['audience']> = {
    location: f.audienceLocations.length
      ? f.audienceLocations.map((l) => ({ id: l.id, weight: weight(f.audienceLocationAccuracy) }))
      : undefined,
    gender: f.audienceGender ? { id: f.audienceGender, weight: weight(f.audienceGenderAccuracy) } : undefined,
    age: f.audienceAges.length
      ? f.audienceAges.map((id) => ({ id, weight: weight(f.audienceAgeAccuracy) }))
      : undefined,
    language: f.audienceLanguage
      ? { id: f.audienceLanguage.code, weight: weight(f.audienceLanguageAccuracy) }
      : undefined,
    credibility: f.credibility === null ? undefined : f.credibility / 100,
  };
  return {
    sort: { field: lookalike ? 'relevance' : f.sortField, direction: f.sortDirection },
    filter: { influencer: dropUndefined(influencer), audience: dropUndefined(audience) },
  };
}

/** Leaves out unset keys, so equal searches have equal bodies (and share the query cache and the free repeat). */
function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** How many advanced filters are set (shown on the Advanced filters toggle). */
export function advancedCount(f: SearchFilters): number {
  return [
    f.lastPosted !== null,
    f.bio.trim() !== '',
    f.keywords.trim() !== '',
    f.hashtags.length + f.mentions.length > 0,
    f.hasContactDetails,
    f.verified,
    f.accountTypes.length > 0,
    f.audienceLocations.length > 0,
    f.audienceGender !== null,
    f.audienceAges.length > 0,
    f.audienceLanguage !== null,
    f.credibility !== null,
  ].filter(Boolean).length;
}
