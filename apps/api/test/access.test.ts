import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, loginAs, type TestApp } from './harness';

/**
 * Access to every endpoint, as every kind of caller (DESIGN.md §7): the table below says who may call each
 * route the app registers. A route missing from the table (or a stale entry) fails the first test, so a new
 * endpoint cannot ship without deciding who may use it.
 *
 * Roles: A admin, B business, I influencer; `$` = a business also needs a subscription or a trial (402
 * otherwise; other types count as subscribed); `P` = public (no token needed).
 */
const ACCESS: Record<string, string> = {
  'GET /api/v1/health': 'P',
  'GET /api/v1/health/live': 'P',
  'GET /api/v1/health/ready': 'P',
  'POST /api/v1/auth/sign-up': 'P',
  'POST /api/v1/auth/confirm': 'P',
  'POST /api/v1/auth/resend-code': 'P',
  'POST /api/v1/auth/login': 'P',
  'POST /api/v1/auth/refresh': 'P',
  'POST /api/v1/auth/logout': 'P',
  'POST /api/v1/auth/forgot-password': 'P',
  'POST /api/v1/auth/reset-password': 'P',
  'POST /api/v1/auth/change-password': 'ABI',
  'GET /api/v1/auth/providers': 'P',
  'GET /api/v1/auth/google/start': 'P',
  'GET /api/v1/auth/google/callback': 'P',
  'GET /api/v1/auth/facebook/start': 'P',
  'GET /api/v1/auth/facebook/callback': 'P',
  'GET /api/v1/my/user': 'ABI',
  'GET /api/v1/users': 'A',
  'GET /api/v1/admin/users/:id': 'A',
  'POST /api/v1/admin/users/:id/suspend': 'A',
  'POST /api/v1/admin/users/:id/reactivate': 'A',
  'POST /api/v1/admin/users/:id/credits': 'A',
  'PUT /api/v1/my/user': 'ABI',
  'PUT /api/v1/my/business': 'B',
  'PUT /api/v1/my/influencer': 'I',
  'POST /api/v1/my/avatar': 'ABI',
  'DELETE /api/v1/my/avatar': 'ABI',
  'GET /api/v1/states/search': 'ABI',
  'GET /api/v1/countries/search': 'ABI',
  'GET /api/v1/keywords/search': 'ABI',
  'GET /api/v1/admin/keywords': 'A',
  'GET /api/v1/admin/keywords/categories': 'A',
  'POST /api/v1/admin/keywords': 'A',
  'PUT /api/v1/admin/keywords/:id': 'A',
  'DELETE /api/v1/admin/keywords/:id': 'A',
  'GET /api/v1/admin/states': 'A',
  'POST /api/v1/admin/states': 'A',
  'PUT /api/v1/admin/states/:id': 'A',
  'DELETE /api/v1/admin/states/:id': 'A',
  'GET /api/v1/admin/countries': 'A',
  'POST /api/v1/admin/countries': 'A',
  'PUT /api/v1/admin/countries/:id': 'A',
  'DELETE /api/v1/admin/countries/:id': 'A',
  'GET /api/v1/my/notifications/:userId': 'ABI',
  'POST /api/v1/notifications/read': 'ABI',
  'GET /api/v1/my/notification-preferences': 'ABI',
  'PUT /api/v1/my/notification-preferences': 'ABI',
  'GET /api/v1/my/events': 'ABI',
  'POST /api/v1/feedback': 'ABI',
  'GET /api/v1/admin/feedback': 'A',
  'PUT /api/v1/admin/feedback/:id': 'A',
  'GET /api/v1/dashboard/businesses': 'B',
  'GET /api/v1/dashboard/businesses/menu': 'B',
  'GET /api/v1/dashboard/businesses/results': 'B',
  'GET /api/v1/dashboard/influencers': 'I',
  'GET /api/v1/dashboard/influencers/menu': 'I',
  'GET /api/v1/dashboard/admin': 'A',
  'GET /api/v1/dashboard/admin/menu': 'A',
  'GET /api/v1/dashboard/admin/totals': 'A',
  'GET /api/v1/campaign-types/all': 'ABI',
  'GET /api/v1/campaigns/business': 'B$',
  'GET /api/v1/my/campaigns': 'BI$',
  'GET /api/v1/campaigns/browse': 'I',
  'GET /api/v1/campaigns/all': 'A',
  'GET /api/v1/campaigns/active': 'B$',
  'GET /api/v1/campaigns/list': 'BI$',
  'GET /api/v1/campaign/:id': 'ABI$',
  'GET /api/v1/campaign/:id/pipeline': 'AB$',
  'GET /api/v1/campaign/:id/outreach': 'AB$',
  'GET /api/v1/outreach': 'B$',
  'GET /api/v1/campaign/:id/brief-revisions': 'AB$',
  'POST /api/v1/campaigns': 'B$',
  'POST /api/v1/campaigns/ai/draft': 'B$',
  'GET /api/v1/campaigns/ai/provider': 'B$',
  'PUT /api/v1/campaign/:id': 'B$',
  'POST /api/v1/campaign/:id/publish': 'B$',
  'POST /api/v1/campaign/:id/pause': 'B$',
  'POST /api/v1/campaign/:id/resume': 'B$',
  'POST /api/v1/campaign/:id/complete': 'B$',
  'POST /api/v1/campaign/:id/archive': 'B$',
  'POST /api/v1/admin/campaigns/:id/pause': 'A',
  'POST /api/v1/admin/campaigns/:id/archive': 'A',
  'POST /api/v1/campaign/:id/duplicate': 'B$',
  'DELETE /api/v1/campaign/:id': 'B$',
  'POST /api/v1/campaign/:id/media': 'B$',
  'DELETE /api/v1/campaign/:id/media/:mediaId': 'B$',
  'PUT /api/v1/campaign/:id/media/order': 'B$',
  'GET /api/v1/campaigns/:id/messages': 'ABI$',
  'POST /api/v1/campaigns/:id/messages': 'ABI$',
  'GET /api/v1/campaigns/:id/threads': 'ABI$',
  'POST /api/v1/campaign/:id/influencer/import': 'B$',
  'POST /api/v1/campaign/:id/influencer/import/list': 'B$',
  'GET /api/v1/campaign/influencer/import/status': 'B$',
  'GET /api/v1/influencers': 'AB$',
  'GET /api/v1/influencer/:id': 'AB$',
  'GET /api/v1/businesses': 'ABI',
  'GET /api/v1/businesses/list': 'ABI',
  'GET /api/v1/my/businesses': 'I',
  'GET /api/v1/business/:id': 'ABI',
  'GET /api/v1/my/connections': 'BI$',
  'GET /api/v1/my/connections/list': 'BI$',
  'GET /api/v1/my/connections/businesses': 'I',
  'GET /api/v1/connection/:id': 'ABI$',
  'POST /api/v1/connections/invite': 'B$',
  'POST /api/v1/connections/apply': 'I',
  'POST /api/v1/connection/:id/accept': 'BI$',
  'POST /api/v1/connection/:id/decline': 'BI$',
  'POST /api/v1/connection/:id/cancel': 'BI$',
  'POST /api/v1/connection/:id/complete': 'BI$',
  'POST /api/v1/connection/:id/review': 'BI$',
  'GET /api/v1/reviews': 'A',
  'PATCH /api/v1/reviews/:id': 'A',
  'GET /api/v1/invite/generate': 'B$',
  'GET /api/v1/invite/preview': 'P',
  'POST /api/v1/invite/accept': 'I',
  'POST /api/v1/analytics/page-view': 'P',
  'GET /api/v1/admin/analytics/page-views': 'A',
  'GET /api/v1/my/subscription': 'B',
  'POST /api/v1/my/subscription': 'B',
  'POST /api/v1/my/subscription/cancel': 'B',
  'GET /api/v1/coupons/:code': 'B',
  'GET /api/v1/my/invoices': 'B',
  'GET /api/v1/my/invoices/:id/pdf': 'B',
  'GET /api/v1/payments/config': 'ABI',
  'GET /api/v1/my/paymentMethods': 'B',
  'POST /api/v1/my/paymentMethods': 'B',
  'DELETE /api/v1/my/paymentMethods/:id': 'B',
  'POST /api/v1/my/paymentMethods/:id/default': 'B',
  'POST /api/v1/campaign/:id/fund': 'B',
  'GET /api/v1/my/payments/campaigns': 'B',
  'GET /api/v1/my/payments/charges': 'B',
  'GET /api/v1/my/payments/refunds': 'B',
  'GET /api/v1/my/balance': 'I',
  'GET /api/v1/my/balance/history': 'I',
  'GET /api/v1/my/earnings': 'I',
  'GET /api/v1/my/payouts': 'I',
  'POST /api/v1/my/payouts': 'I',
  'PUT /api/v1/my/payoutAccount': 'I',
  'POST /api/v1/stripe/webhooks': 'P',
  'GET /api/v1/posts': 'ABI$',
  'GET /api/v1/posts/:id': 'ABI$',
  'POST /api/v1/posts': 'I',
  'POST /api/v1/posts/:id/approve': 'B$',
  'POST /api/v1/posts/:id/reject': 'B$',
  'POST /api/v1/posts/:id/resubmit': 'I',
  'POST /api/v1/posts/:id/metrics/refresh': 'ABI$',
  'GET /api/v1/facebook/webhooks': 'P',
  'POST /api/v1/facebook/webhooks': 'P',
  'GET /api/v1/facebook/myWebhooks': 'ABI',
  'POST /api/v1/discovery/instagram/search': 'B$',
  'GET /api/v1/discovery/report/:modash_id': 'B$',
  'GET /api/v1/discovery/locations': 'B$',
  'GET /api/v1/discovery/languages': 'B$',
  'GET /api/v1/discovery/list': 'B$',
  'GET /api/v1/discovery/list/all': 'B$',
  'POST /api/v1/discovery/list': 'B$',
  'DELETE /api/v1/discovery/list/delete-list': 'B$',
  'POST /api/v1/discovery/list/add-influencer': 'B$',
  'POST /api/v1/discovery/list/remove-influencer': 'B$',
  'POST /api/v1/discovery/invite/message': 'B$',
  'GET /api/v1/admin/discovery/instagram/:username': 'A',
  'GET /api/v1/discovery/avatar/:file': 'P',
  'GET /api/v1/campaign/:id/attribution': 'B$',
  'GET /api/v1/campaign/:id/conversions': 'B$',
  'PUT /api/v1/campaign/:id/codes/:influencerUserId': 'B$',
  'DELETE /api/v1/campaign/:id/codes/:influencerUserId': 'B$',
  'GET /api/v1/my/attribution/links': 'I',
  'GET /api/v1/my/conversions': 'B$',
  'POST /api/v1/conversions': 'P',
  'POST /api/v1/webhooks/shopify/:token/orders-create': 'P',
  'GET /api/v1/my/api-keys': 'B$',
  'POST /api/v1/my/api-keys': 'B$',
  'DELETE /api/v1/my/api-keys/:id': 'B$',
  'GET /api/v1/my/attribution-settings': 'B$',
  'PUT /api/v1/my/attribution-settings': 'B$',
  'GET /api/v1/campaign/:id/report': 'AB$',
  'GET /api/v1/campaign/:id/report/csv': 'AB$',
  'GET /api/v1/campaign/:id/report/pdf': 'AB$',
  'GET /api/v1/reports/creators/:influencerUserId': 'AB$',
  'GET /api/v1/reports/creators/:influencerUserId/csv': 'AB$',
  'GET /api/v1/my/emv-settings': 'B$',
  'PUT /api/v1/my/emv-settings': 'B$',
};

/** Routes that never end (a live event stream): only the refusals are checked, not an allowed call. */
const STREAMING = new Set(['GET /api/v1/my/events']);

type Caller = 'anonymous' | 'admin' | 'business' | 'unsubscribed' | 'influencer';
const EMAIL: Record<Exclude<Caller, 'anonymous'>, string> = {
  admin: 'admin@reach.local',
  business: 'pro@reach.local',
  unsubscribed: 'free@reach.local',
  influencer: 'influencer@reach.local',
};
const LETTER: Record<Exclude<Caller, 'anonymous'>, string> = {
  admin: 'A',
  business: 'B',
  unsubscribed: 'B',
  influencer: 'I',
};

/**
 * What `caller` must get from a route whose access is `rule`: a status, 'allowed' (not refused), or 'public'
 * (any answer but a 5xx: a public route may refuse on its own terms, e.g. a webhook handshake with a wrong token).
 */
function expected(rule: string, caller: Caller): number | 'allowed' | 'public' {
  if (rule === 'P') return 'public';
  if (caller === 'anonymous') return 401;
  if (!rule.includes(LETTER[caller])) return 403;
  if (caller === 'unsubscribed' && rule.includes('$')) return 402;
  return 'allowed';
}

let t: TestApp;
const tokens: Partial<Record<Caller, string>> = {};
const userIds: Partial<Record<Caller, number>> = {};

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  for (const caller of Object.keys(EMAIL) as (keyof typeof EMAIL)[]) {
    tokens[caller] = await loginAs(t.app, EMAIL[caller]);
    const me = await client(t.app, tokens[caller]).get('/api/v1/my/user');
    userIds[caller] = me.body.id as number;
  }
}, 60_000);
afterAll(async () => t?.close());

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

describe('access to every endpoint', () => {
  it('every registered route has an access rule, and every rule a route', () => {
    const registered = t.app.routeCatalog.map(key).sort();
    expect(registered).toEqual(Object.keys(ACCESS).sort());
    for (const route of t.app.routeCatalog)
      expect(route.public, `${key(route)} public flag`).toBe(ACCESS[key(route)] === 'P');
  });

  it('each caller is refused or let through exactly as the table says, and nothing answers 5xx', async () => {
    const mismatches: string[] = [];
    for (const route of t.app.routeCatalog) {
      const rule = ACCESS[key(route)];
      if (!rule) continue;
      for (const caller of ['anonymous', 'admin', 'business', 'unsubscribed', 'influencer'] as Caller[]) {
        const want = expected(rule, caller);
        if (want === 'allowed' && STREAMING.has(key(route))) continue;
        // Path ids point at nothing (or at the caller's own user), and bodies are empty: an allowed caller
        // gets an answer about the input (200, 400, 404 …), a refused one the refusal before any of that.
        const own = userIds[caller as keyof typeof userIds] ?? 1;
        const url = route.url
          .replace(':userId', String(own))
          .replace(':code', 'NO-SUCH-COUPON')
          .replace(/:[A-Za-z]+/g, '987654');
        const api = client(t.app, tokens[caller]);
        const method = route.method;
        const res =
          method === 'GET'
            ? await api.get(url)
            : method === 'DELETE'
              ? await api.delete(url)
              : method === 'POST'
                ? await api.post(url, {})
                : method === 'PUT'
                  ? await api.put(url, {})
                  : await api.patch(url, {});
        const ok =
          res.status < 500 &&
          (want === 'public' ||
            (want === 'allowed' ? ![401, 402, 403].includes(res.status) : res.status === want));
        if (!ok) mismatches.push(`${key(route)} as ${caller}: ${res.status} (expected ${want})`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000);
});

/**
 * Another tenant's resources: a business ("trial", entitled by its trial) and an influencer ("new") call every
 * route that names one of business "pro"'s resources — its campaign, media, connection, card, invoice, its
 * notifications — with a well-formed request. Each call is refused (403 or 404) and no row changes.
 */
describe('another tenant', () => {
  const WATCHED = [
    'campaigns',
    'campaign_media',
    'campaign_messages',
    'campaign_imports',
    'campaign_invitations',
    'connections',
    'connection_events',
    'reviews',
    'payment_methods',
    'charges',
    'invoices',
    'ledger_transactions',
    'notifications',
    'posts',
    'post_events',
    'discovery_lists',
    'discovery_list_members',
    'discovery_invites',
    'discount_codes',
    'tracked_links',
    'conversions',
    'credit_transactions',
  ] as const;

  async function fingerprint(): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const table of WATCHED) {
      const { rows } = await t.app.ctx.db.executeQuery<{ h: string | null }>({
        sql: `SELECT md5(string_agg(x::text, '|' ORDER BY x::text)) AS h FROM ${table} x`,
        parameters: [],
        query: { kind: 'RawNode' } as never,
        queryId: { queryId: table },
      });
      out[table] = rows[0]?.h ?? '';
    }
    return out;
  }

  it("refuses every call on business pro's resources, and changes nothing", async () => {
    const db = t.app.ctx.db;
    const pro = userIds.business as number;
    const business = await db
      .selectFrom('businesses')
      .select('id')
      .where('user_id', '=', pro)
      .executeTakeFirstOrThrow();
    const campaign = await db
      .selectFrom('campaigns')
      .select('id')
      .where('business_id', '=', business.id)
      .where('status', '=', 'active')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const media = await db
      .selectFrom('campaign_media')
      .innerJoin('campaigns', 'campaigns.id', 'campaign_media.campaign_id')
      .select(['campaign_media.id', 'campaign_media.campaign_id'])
      .where('campaigns.business_id', '=', business.id)
      .executeTakeFirst();
    const connection = await db
      .selectFrom('connections')
      .innerJoin('campaigns', 'campaigns.id', 'connections.campaign_id')
      .select(['connections.id'])
      .where('campaigns.business_id', '=', business.id)
      .orderBy('connections.id')
      .executeTakeFirstOrThrow();
    const connectionUser = await db
      .selectFrom('connections')
      .select(['campaign_id', 'influencer_user_id'])
      .where('business_id', '=', business.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const card = await db
      .selectFrom('payment_methods')
      .select('id')
      .where('user_id', '=', pro)
      .executeTakeFirstOrThrow();
    const invoice = await db
      .selectFrom('invoices')
      .select('id')
      .where('user_id', '=', pro)
      .executeTakeFirstOrThrow();
    const influencer = await db.selectFrom('influencer_profiles').select('id').executeTakeFirstOrThrow();
    const post = await db
      .selectFrom('posts')
      .innerJoin('campaigns', 'campaigns.id', 'posts.campaign_id')
      .select('posts.id')
      .where('campaigns.business_id', '=', business.id)
      .where('posts.status', '=', 'submitted')
      .orderBy('posts.id')
      .executeTakeFirstOrThrow();
    const list = await db
      .selectFrom('discovery_lists')
      .select('id')
      .where('business_id', '=', business.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const member = await db
      .selectFrom('discovery_list_members')
      .select(['id', 'modash_id', 'influencer_data'])
      .where('list_id', '=', list.id)
      .executeTakeFirstOrThrow();
    const rejected = await db
      .selectFrom('posts')
      .select('id')
      .where('status', '=', 'rejected')
      .executeTakeFirstOrThrow();

    const c = campaign.id;
    const intruderBusiness = await loginAs(t.app, 'trial@reach.local');
    const intruderInfluencer = await loginAs(t.app, 'new@reach.local');
    type Call = [string, string, unknown?];
    const asBusiness: Call[] = [
      ['GET', `/api/v1/campaign/${c}`],
      ['PUT', `/api/v1/campaign/${c}`, { title: 'Taken over' }],
      ['POST', `/api/v1/campaign/${c}/publish`, {}],
      ['POST', `/api/v1/campaign/${c}/pause`, {}],
      ['POST', `/api/v1/campaign/${c}/resume`, {}],
      ['POST', `/api/v1/campaign/${c}/complete`, {}],
      ['POST', `/api/v1/campaign/${c}/archive`, {}],
      ['POST', `/api/v1/campaign/${c}/duplicate`, {}],
      ['DELETE', `/api/v1/campaign/${c}`],
      ['PUT', `/api/v1/campaign/${c}/media/order`, { media_ids: media ? [media.id] : [] }],
      ...(media ? ([['DELETE', `/api/v1/campaign/${media.campaign_id}/media/${media.id}`]] as Call[]) : []),
      ['GET', `/api/v1/campaigns/${c}/messages`],
      ['POST', `/api/v1/campaigns/${c}/messages`, { body: 'Hello from elsewhere', user_id: 1 }],
      ['GET', `/api/v1/campaigns/${c}/threads`],
      ['GET', `/api/v1/campaign/influencer/import/status?campaign_id=${c}&business_id=${business.id}`],
      ['POST', `/api/v1/campaign/${c}/fund`, {}],
      ['GET', `/api/v1/invite/generate?campaign_id=${c}`],
      [
        'POST',
        '/api/v1/connections/invite',
        { campaign_id: c, influencer_id: influencer.id, message: 'Join us' },
      ],
      ['GET', `/api/v1/connection/${connection.id}`],
      ['POST', `/api/v1/connection/${connection.id}/accept`, {}],
      ['POST', `/api/v1/connection/${connection.id}/decline`, {}],
      ['POST', `/api/v1/connection/${connection.id}/cancel`, {}],
      ['POST', `/api/v1/connection/${connection.id}/complete`, {}],
      ['POST', `/api/v1/connection/${connection.id}/review`, { rating: 1, body: 'Never worked with them' }],
      ['DELETE', `/api/v1/my/paymentMethods/${card.id}`],
      ['POST', `/api/v1/my/paymentMethods/${card.id}/default`, {}],
      ['GET', `/api/v1/my/invoices/${invoice.id}/pdf`],
      ['GET', `/api/v1/my/notifications/${pro}`],
      ['GET', `/api/v1/posts/${post.id}`],
      ['POST', `/api/v1/posts/${post.id}/approve`, {}],
      ['POST', `/api/v1/posts/${post.id}/reject`, { reason: 'Not ours to judge' }],
      ['POST', `/api/v1/posts/${post.id}/metrics/refresh`, {}],
      ['DELETE', `/api/v1/discovery/list/delete-list?list_id=${list.id}`],
      [
        'POST',
        '/api/v1/discovery/list/add-influencer',
        { list_id: list.id, modash_id: member.modash_id, influencer_data: member.influencer_data },
      ],
      ['POST', '/api/v1/discovery/list/remove-influencer', { list_id: list.id, influencer_id: member.id }],
      ['GET', `/api/v1/campaign/${c}/attribution`],
      ['GET', `/api/v1/campaign/${c}/conversions`],
      [
        'PUT',
        `/api/v1/campaign/${connectionUser.campaign_id}/codes/${connectionUser.influencer_user_id}`,
        { code: 'TAKEN-1' },
      ],
      ['DELETE', `/api/v1/campaign/${connectionUser.campaign_id}/codes/${connectionUser.influencer_user_id}`],
      ['GET', `/api/v1/campaign/${c}/report`],
      ['GET', `/api/v1/campaign/${c}/report/csv?table=creators`],
      ['GET', `/api/v1/campaign/${c}/report/pdf`],
    ];
    const asInfluencer: Call[] = [
      ['GET', `/api/v1/connection/${connection.id}`],
      ['POST', `/api/v1/connection/${connection.id}/accept`, {}],
      ['POST', `/api/v1/connection/${connection.id}/decline`, {}],
      ['POST', `/api/v1/connection/${connection.id}/cancel`, {}],
      ['POST', `/api/v1/connection/${connection.id}/review`, { rating: 1, body: 'Never worked with them' }],
      ['GET', `/api/v1/my/notifications/${pro}`],
      ['GET', `/api/v1/posts/${post.id}`],
      ['POST', `/api/v1/posts/${post.id}/metrics/refresh`, {}],
      [
        'POST',
        `/api/v1/posts/${rejected.id}/resubmit`,
        { platform: 'instagram', post_url: 'https://www.instagram.com/p/NotMine123/', caption: 'Mine now' },
      ],
    ];
    // An influencer's threads of a campaign are only their own: none here, and nobody else's.
    const threads = await client(t.app, intruderInfluencer).get(`/api/v1/campaigns/${c}/threads`);
    expect(threads.status === 200 ? threads.body.total : threads.status).toSatisfy(
      (v: unknown) => v === 0 || v === 403 || v === 404,
    );

    const before = await fingerprint();
    const wrong: string[] = [];
    for (const [token, calls] of [
      [intruderBusiness, asBusiness],
      [intruderInfluencer, asInfluencer],
    ] as const) {
      for (const [method, url, body] of calls) {
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: { authorization: `Bearer ${token}` },
          ...(body === undefined ? {} : { payload: body as object }),
        });
        if (res.statusCode !== 403 && res.statusCode !== 404)
          wrong.push(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await fingerprint()).toEqual(before);
  }, 60_000);
});
