import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local stand-in for Modash's Discovery API, answering the documented shapes:
 *   POST /v1/{platform}/search → {error: false, total, directs, lookalikes, isExactMatch}
 *   GET  /v1/{platform}/profile/{userId}/report → {error: false, profile}
 *   GET  /v1/{platform}/locations, /languages → {error: false, locations | languages}
 * and its errors ({error: true, code, message}): set `nextError` to answer the next call with one of them.
 * Requests without `Authorization: Bearer <key>` get 401.
 */

type Json = Record<string, unknown>;
export type ModashError = 'not_enough_credits' | 'retry_later' | 'invalid_body_params' | 'server_error';
export type FakeModash = {
  url: string;
  key: string;
  requests: { method: string; path: string; body: Json | null }[];
  nextError: ModashError | null;
  close(): Promise<void>;
};

const ERRORS: Record<ModashError, { status: number; message: string }> = {
  not_enough_credits: { status: 402, message: 'You have run out of credits' },
  retry_later: { status: 429, message: 'Too many requests, retry later' },
  invalid_body_params: { status: 400, message: 'filter.influencer.followers.min must be a number' },
  server_error: { status: 500, message: 'Internal error' },
};

/** The profiles the fake knows (Modash's lookalike entries: userId + profile). */
export const MODASH_PROFILES = [1, 2, 3, 4, 5].map((n) => ({
  userId: `17841400000${n}`,
  profile: {
    fullname: `Modash Creator ${n}`,
    username: `modash.creator${n}`,
    url: `https://www.instagram.com/modash.creator${n}/`,
    picture: `https://cdn.modash.example/${n}.jpg`,
    followers: 100_000 * n,
    engagements: 3_000 * n,
    engagementRate: 0.03,
  },
}));

export async function startFakeModash(key = 'modash-test-key'): Promise<FakeModash> {
  const state: FakeModash = {
    url: '',
    key,
    requests: [],
    nextError: null,
    close: async () => {},
  };
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = raw ? (JSON.parse(raw) as Json) : null;
    const url = new URL(req.url ?? '/', 'http://fake');
    state.requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search, body });
    const send = (status: number, json: Json) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    if (req.headers.authorization !== `Bearer ${key}`)
      return send(401, { error: true, code: 'api_token_invalid', message: 'Invalid token' });
    if (state.nextError) {
      const e = ERRORS[state.nextError];
      const code = state.nextError;
      state.nextError = null;
      return send(e.status, { error: true, code, message: e.message });
    }
    const m = url.pathname.match(/^\/v1\/(instagram|tiktok|youtube)\/(.+)$/);
    if (!m) return send(404, { error: true, code: 'not_found', message: 'Not found' });
    const rest = m[2] ?? '';
    if (req.method === 'POST' && rest === 'search') {
      const page = Number(body?.page ?? 0);
      const relevance = ((body?.filter as Json)?.influencer as Json)?.relevance as string[] | undefined;
      const exact = relevance?.[0]
        ? MODASH_PROFILES.filter((p) => `@${p.profile.username}` === relevance[0])
        : [];
      return send(200, {
        error: false,
        total: MODASH_PROFILES.length,
        isExactMatch: exact.length > 0,
        directs: page === 0 ? exact : [],
        lookalikes: page === 0 ? MODASH_PROFILES.filter((p) => !exact.includes(p)) : [],
      });
    }
    const report = rest.match(/^profile\/([^/]+)\/report$/);
    if (req.method === 'GET' && report) {
      const id = decodeURIComponent(report[1]!);
      const p = MODASH_PROFILES.find((x) => x.userId === id || x.profile.username === id);
      if (!p) return send(404, { error: true, code: 'account_not_found', message: 'Account not found' });
      return send(200, {
        error: false,
        profile: {
          userId: p.userId,
          profile: p.profile,
          isVerified: true,
          city: 'Austin',
          state: 'Texas',
          country: 'United States',
          gender: 'FEMALE',
          ageGroup: '25-34',
          language: { code: 'en', name: 'English' },
          interests: [{ id: 1, name: 'Beauty & Cosmetics' }],
          bio: 'Skincare and slow mornings',
          postsCount: 812,
          stats: { avgLikes: { value: 2_800 }, avgComments: { value: 200 } },
          contacts: [{ type: 'email', value: `${p.profile.username}@mail.example` }],
          audience: {
            credibility: 0.83,
            genders: [
              { code: 'FEMALE', weight: 0.71 },
              { code: 'MALE', weight: 0.29 },
            ],
            ages: [
              { code: '18-24', weight: 0.4 },
              { code: '25-34', weight: 0.45 },
            ],
            geoCountries: [{ name: 'United States', code: 'US', weight: 0.62 }],
            languages: [{ code: 'en', name: 'English', weight: 0.9 }],
          },
          recentPosts: [
            { text: 'Morning routine #skincare', likes: 3100, comments: 120, created: '2026-11-20' },
          ],
          hashtags: [{ tag: '#skincare', weight: 0.4 }],
          mentions: [{ tag: '@glossier', weight: 0.1 }],
        },
      });
    }
    if (req.method === 'GET' && rest === 'locations')
      return send(200, {
        error: false,
        total: 1,
        locations: [{ id: 148838, name: 'United States', title: 'United States' }],
      });
    if (req.method === 'GET' && rest === 'languages')
      return send(200, { error: false, total: 1, languages: [{ code: 'en', name: 'English' }] });
    return send(404, { error: true, code: 'not_found', message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
