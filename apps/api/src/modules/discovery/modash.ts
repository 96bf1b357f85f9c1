import type { Platform } from '@reach/contract/constants';
import type {
  DiscoveryEntry,
  DiscoveryReport,
  DiscoverySearch,
  InfluencerData,
} from '@reach/contract/discovery';
import { API_MESSAGE } from '@reach/contract/messages';
import { AppError } from '../../lib/app-error';
import type { DiscoveryProvider, SearchPage } from './provider';

/*
 * Modash's Discovery API (https://api.modash.io, bearer key) behind the DiscoveryProvider interface:
 *   POST /v1/{platform}/search              body {page, sort, filter}  → {error, total, directs, lookalikes, isExactMatch}
 *   GET  /v1/{platform}/profile/{id}/report                              → {error, profile}
 *   GET  /v1/{platform}/locations?query=    → {error, locations: [{id, name, title}]}
 *   GET  /v1/{platform}/languages?query=    → {error, languages: [{code, name}]}
 * Errors come as {error: true, code, message}: not_enough_credits, retry_later and invalid_body_params map to
 * clear messages (503 / 503 / 400); anything else (or no answer) is "not reachable" (503). Modash's userId is
 * stored as modash_id. Influencer locations go to Modash as picked (it takes any of them): its places come
 * without their parents, so nothing tells a city inside a picked country, and the filter panel says "Any of"
 * for them, where the local index narrows a country to its picked city (location-scope.ts).
 */

type Json = Record<string, unknown>;
type ModashProfile = {
  userId?: string;
  profile?: Json;
  [key: string]: unknown;
};

const TIMEOUT_MS = 15_000;

const str = (v: unknown, fallback = '') => (typeof v === 'string' ? v : fallback);
const num = (v: unknown, fallback = 0) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const named = (v: unknown): string | null =>
  typeof v === 'string'
    ? v
    : v && typeof v === 'object' && 'name' in v
      ? str((v as Json).name) || null
      : null;
const weighted = (v: unknown): { code: string; name: string; weight: number }[] =>
  Array.isArray(v)
    ? v.map((x: Json) => ({ code: str(x.code ?? x.id), name: str(x.name ?? x.code), weight: num(x.weight) }))
    : [];

function toData(item: ModashProfile, platform: Platform): InfluencerData {
  const p = (item.profile ?? {}) as Json;
  const audience = (item.audience ?? {}) as Json;
  const genders = weighted(audience.genders);
  const topGender = [...genders].sort((a, b) => b.weight - a.weight)[0];
  const countries = weighted(audience.geoCountries);
  const userId = str(item.userId ?? p.userId);
  const gender = str(item.gender ?? p.gender).toUpperCase();
  return {
    userId,
    username: str(p.username),
    fullname: str(p.fullname, str(p.username)),
    picture: str(p.picture),
    url: str(p.url),
    platform,
    followers: Math.round(num(p.followers)),
    engagements: Math.round(num(p.engagements)),
    engagementRate: num(p.engagementRate),
    isVerified: Boolean(item.isVerified ?? p.isVerified),
    hasContactDetails: Array.isArray(item.contacts) ? item.contacts.length > 0 : Boolean(p.hasContactDetails),
    country: named(item.country ?? p.country),
    state: named(item.state ?? p.state),
    city: named(item.city ?? p.city),
    language: named(item.language ?? p.language),
    gender: gender === 'MALE' || gender === 'FEMALE' ? gender : 'UNKNOWN',
    ageGroup: typeof item.ageGroup === 'string' ? item.ageGroup : null,
    interests: Array.isArray(item.interests) ? item.interests.map((i) => named(i) ?? '').filter(Boolean) : [],
    audience: {
      topCountry: countries.sort((a, b) => b.weight - a.weight)[0]?.name ?? null,
      topGender: topGender?.code === 'MALE' || topGender?.code === 'FEMALE' ? topGender.code : null,
      topGenderWeight: topGender ? topGender.weight : null,
      credibility: typeof audience.credibility === 'number' ? audience.credibility : null,
    },
  };
}

/** A stable numeric id for an entry: Modash's userId when it is a number, else a 31-bit hash of it. */
function entryId(userId: string): number {
  const n = Number(userId);
  if (/^\d+$/.test(userId) && Number.isSafeInteger(n)) return n;
  let h = 0;
  for (const c of userId) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return Math.abs(h);
}

function toEntry(item: ModashProfile, platform: Platform): DiscoveryEntry {
  const data = toData(item, platform);
  return { id: entryId(data.userId), modash_id: data.userId, influencer_data: data };
}

export function createModashProvider(options: {
  apiKey: string;
  apiUrl: string;
  fetch?: typeof fetch;
}): DiscoveryProvider {
  const base = options.apiUrl.replace(/\/$/, '');
  const doFetch = options.fetch ?? fetch;

  async function call(path: string, init: { method: 'GET' | 'POST'; body?: unknown } = { method: 'GET' }) {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        method: init.method,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          accept: 'application/json',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new AppError('unavailable', API_MESSAGE.discoveryProviderDown);
    }
    let json: Json = {};
    try {
      json = (await res.json()) as Json;
    } catch {
      throw new AppError('unavailable', API_MESSAGE.discoveryProviderDown);
    }
    if (!res.ok || json.error === true) {
      const code = str(json.code);
      if (code === 'not_enough_credits')
        throw new AppError('unavailable', API_MESSAGE.discoveryProviderCredits);
      if (code === 'retry_later' || res.status === 429)
        throw new AppError('unavailable', API_MESSAGE.discoveryProviderRetry);
      if (code === 'invalid_body_params' || res.status === 400)
        throw new AppError(
          'validation',
          API_MESSAGE.discoveryProviderInvalid(str(json.message, 'invalid filters')),
        );
      if (res.status === 404) throw new AppError('not_found', API_MESSAGE.discoveryInfluencerNotFound);
      throw new AppError('unavailable', API_MESSAGE.discoveryProviderDown);
    }
    return json;
  }

  async function report(id: string, platform: Platform = 'instagram'): Promise<DiscoveryReport> {
    const json = await call(`/v1/${platform}/profile/${encodeURIComponent(id)}/report`);
    const item = (json.profile ?? {}) as ModashProfile;
    const profile = toData(item, platform);
    const audience = (item.audience ?? {}) as Json;
    const stats = (item.stats ?? {}) as Json;
    const value = (v: unknown) => Math.round(num(v && typeof v === 'object' ? (v as Json).value : v));
    const tagList = (v: unknown, prefix: string) =>
      Array.isArray(v) ? v.map((t: Json) => `${prefix}${str(t.tag ?? t.name).replace(/^[#@]/, '')}`) : [];
    return {
      profile,
      bio: str(item.bio),
      accountType: str(item.accountType, 'Regular'),
      lastPosted: typeof item.lastPosted === 'string' ? item.lastPosted : null,
      stats: {
        followers: profile.followers,
        engagements: profile.engagements,
        engagementRate: profile.engagementRate,
        avgLikes: value(stats.avgLikes ?? item.avgLikes),
        avgComments: value(stats.avgComments ?? item.avgComments),
        postsCount: Math.round(num(item.postsCount ?? item.postsCounts)),
      },
      audience: {
        genders: weighted(audience.genders)
          .filter((g) => g.code === 'MALE' || g.code === 'FEMALE')
          .map((g) => ({ code: g.code as 'MALE' | 'FEMALE', weight: g.weight })),
        ages: weighted(audience.ages)
          .filter(
            (
              a,
            ): a is {
              code: DiscoveryReport['audience']['ages'][number]['code'];
              name: string;
              weight: number;
            } => ['13-17', '18-24', '25-34', '35-44', '45-64', '65-'].includes(a.code),
          )
          .map((a) => ({ code: a.code, weight: a.weight })),
        countries: weighted(audience.geoCountries),
        languages: weighted(audience.languages),
        credibility: typeof audience.credibility === 'number' ? audience.credibility : null,
      },
      recentPosts: Array.isArray(item.recentPosts)
        ? item.recentPosts.slice(0, 12).map((p: Json) => ({
            text: str(p.text),
            likes: Math.round(num(p.likes)),
            comments: Math.round(num(p.comments)),
            created: str(p.created),
          }))
        : [],
      hashtags: tagList(item.hashtags, '#'),
      mentions: tagList(item.mentions, '@'),
    };
  }

  return {
    name: 'modash',

    async search(body: DiscoverySearch): Promise<SearchPage> {
      const { platform = 'instagram', ...influencer } = body.filter.influencer;
      const json = await call(`/v1/${platform}/search`, {
        method: 'POST',
        body: { page: body.page, sort: body.sort, filter: { influencer, audience: body.filter.audience } },
      });
      const list = (v: unknown) =>
        Array.isArray(v) ? (v as ModashProfile[]).map((x) => toEntry(x, platform)) : [];
      return {
        total: Math.round(num(json.total)),
        totalCapped: false,
        directs: list(json.directs),
        lookalikes: list(json.lookalikes),
      };
    },

    report: (modashId) => report(modashId),
    lookup: (username) => report(username.trim().replace(/^@+/, '')),

    async locations(query, platform) {
      const json = await call(`/v1/${platform}/locations?query=${encodeURIComponent(query)}&limit=10`);
      const rows = Array.isArray(json.locations) ? (json.locations as Json[]) : [];
      return rows.map((l) => ({
        id: Math.round(num(l.id)),
        name: str(l.name),
        title: str(l.title, str(l.name)),
        type: (['country', 'state', 'city'] as const).find((t) => t === l.type) ?? 'city',
      }));
    },

    async languages(query, platform) {
      const json = await call(`/v1/${platform}/languages?query=${encodeURIComponent(query)}&limit=20`);
      const rows = Array.isArray(json.languages) ? (json.languages as Json[]) : [];
      return rows.map((l) => ({ code: str(l.code), name: str(l.name) }));
    },

    async contactEmail(modashId) {
      const json = await call(`/v1/instagram/profile/${encodeURIComponent(modashId)}/report`);
      const contacts = ((json.profile as Json | undefined)?.contacts ?? []) as Json[];
      const email = Array.isArray(contacts) ? contacts.find((c) => c.type === 'email') : undefined;
      return email ? str(email.value) || null : null;
    },
  };
}
