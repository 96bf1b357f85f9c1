import crypto from 'node:crypto';
import { API_MESSAGE } from '@reach/contract/messages';
import type { PostsPage, WebhookSubscriptions } from '@reach/contract/posts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGraphSocial, localMetrics, METRICS_METHOD, SocialError } from '../src/adapters/social/index';
import { ledgerProblems } from '../src/modules/payments/ledger';
import { startGraph } from './fakes/graph-server';
import { client, createTestApp, loginAs, type TestApp } from './harness';

/*
 * The Facebook / Instagram webhooks and the Graph adapter, against a local fake Graph API: the verification
 * handshake, the signature checked on the raw body before anything is stored, replays, matching detected media
 * to connected influencers, GET /facebook/myWebhooks.
 */

const V = '/api/v1';
const APP_ID = '1234567890';
const APP_SECRET = 'fb-app-secret-for-tests';
const VERIFY = 'verify-token-for-tests';
const ISABELLA_ACCOUNT = '17841400000000001';
let t: TestApp;
let graph: Awaited<ReturnType<typeof startGraph>>;

beforeAll(async () => {
  graph = await startGraph({ appId: APP_ID, appSecret: APP_SECRET });
  t = await createTestApp({
    demo: true,
    env: {
      FACEBOOK_APP_ID: APP_ID,
      FACEBOOK_APP_SECRET: APP_SECRET,
      FACEBOOK_WEBHOOK_VERIFY_TOKEN: VERIFY,
      FACEBOOK_GRAPH_URL: graph.url,
    },
  });
});
afterEach(async () => {
  expect(await ledgerProblems(t.app.ctx.db)).toEqual([]);
});
afterAll(async () => {
  await t?.close();
  await graph?.close();
});

const sign = (raw: string, secret = APP_SECRET) =>
  `sha256=${crypto.createHmac('sha256', secret).update(raw).digest('hex')}`;

async function deliver(raw: string, signature: string | null = sign(raw)) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${V}/facebook/webhooks`,
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'x-hub-signature-256': signature } : {}),
    },
    payload: raw,
  });
  return {
    status: res.statusCode,
    body: res.json() as Record<string, unknown> & { error?: { message: string } },
  };
}

const event = (accountId: string, changes: { field: string; value: Record<string, unknown> }[], time = 1) =>
  JSON.stringify({ object: 'instagram', entry: [{ id: accountId, time, changes }] });

const count = async (table: 'posts' | 'facebook_webhook_events') =>
  Number(
    (
      await t.app.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('verification handshake', () => {
  it('echoes the challenge as text for the right token, else 403', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: `${V}/facebook/webhooks?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1158201444`,
    });
    expect([ok.statusCode, ok.body]).toEqual([200, '1158201444']);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    for (const query of [
      `hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1`,
      `hub.mode=unsubscribe&hub.verify_token=${VERIFY}&hub.challenge=1`,
      'hub.challenge=1',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `${V}/facebook/webhooks?${query}` });
      expect([res.statusCode, res.json().error.message]).toEqual([403, API_MESSAGE.facebookWebhookToken]);
    }
  });
});

describe('signed deliveries', () => {
  it('refuses a missing or bad signature with 401 and stores nothing', async () => {
    graph.media.set('17900000000000101', {
      id: '17900000000000101',
      username: 'bella.glows',
      permalink: 'https://www.instagram.com/p/Sig01/',
      like_count: 1,
      comments_count: 1,
      reach: 10,
    });
    const raw = event(ISABELLA_ACCOUNT, [{ field: 'media', value: { media_id: '17900000000000101' } }]);
    const [posts, events] = [await count('posts'), await count('facebook_webhook_events')];
    for (const signature of [
      null,
      `${sign(raw)}00`,
      `${sign(raw)} trailing`,
      'sha256=',
      'sha1=abcdef',
      sign(raw, 'another-secret'),
      sign(`${raw} `),
      `${sign(raw).slice(0, -2)}00`,
    ]) {
      const res = await deliver(raw, signature);
      expect([res.status, res.body.error?.message]).toEqual([401, API_MESSAGE.webhookSignature]);
    }
    // Not even the body's JSON is looked at before the signature: garbage with a bad signature is a 401 too.
    expect((await deliver('{not json', 'sha256=00')).status).toBe(401);
    expect([await count('posts'), await count('facebook_webhook_events')]).toEqual([posts, events]);
    expect(graph.requests.filter((r) => r.includes('17900000000000101'))).toEqual([]);
  });

  it('turns detected media of a connected influencer into one submitted post; a replay adds nothing', async () => {
    graph.media.set('17900000000000201', {
      id: '17900000000000201',
      username: 'bella.glows',
      permalink: 'https://www.instagram.com/p/Hook01/',
      caption: 'Glow serum, week three #ad',
      like_count: 321,
      comments_count: 12,
      reach: 4_567,
    });
    const raw = event(ISABELLA_ACCOUNT, [{ field: 'media', value: { media_id: '17900000000000201' } }]);
    const first = await deliver(raw);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ received: true, duplicate: false, posts_created: 1 });
    const post = await t.app.ctx.db
      .selectFrom('posts as p')
      .innerJoin('campaigns as c', 'c.id', 'p.campaign_id')
      .select([
        'p.id',
        'p.status',
        'p.source',
        'p.post_url',
        'p.caption',
        'p.likes',
        'p.comments',
        'p.reach',
        'c.title',
      ])
      .where('p.external_media_id', '=', '17900000000000201')
      .executeTakeFirstOrThrow();
    expect(post).toMatchObject({
      status: 'submitted',
      source: 'webhook',
      post_url: 'https://www.instagram.com/p/Hook01/',
      caption: 'Glow serum, week three #ad',
      title: 'Glow Serum Launch',
      likes: 321,
      comments: 12,
      reach: 4_567,
    });
    // Lumen (the campaign's business) is told and sees it to review.
    const trial = client(t.app, await loginAs(t.app, 'trial@reach.local'));
    const list = (await trial.get(`${V}/posts?status=submitted&items=50`)).body as unknown as PostsPage;
    expect(list.data.find((p) => p.id === post.id)).toMatchObject({
      source: 'webhook',
      metrics: { likes: 321, comments: 12, reach: 4_567, source: 'measured', method: METRICS_METHOD.graph },
      abilities: { approve: true, reject: true },
    });
    const note = await t.app.ctx.db
      .selectFrom('notifications as n')
      .innerJoin('users as u', 'u.id', 'n.user_id')
      .select(['n.body', 'u.email'])
      .orderBy('n.id', 'desc')
      .executeTakeFirstOrThrow();
    expect(note).toEqual({
      email: 'trial@reach.local',
      body: 'A new Instagram post by Isabella Reyes for "Glow Serum Launch" was detected. Review it to approve or reject it.',
    });

    const posts = await count('posts');
    const replay = await deliver(raw);
    expect(replay.body).toEqual({ received: true, duplicate: true, posts_created: 0 });
    // The same media in another delivery (another time, a comment on it): still one post.
    const again = await deliver(
      event(
        ISABELLA_ACCOUNT,
        [{ field: 'comments', value: { id: 'c1', text: 'wow', media: { id: '17900000000000201' } } }],
        2,
      ),
    );
    expect(again.body).toEqual({ received: true, duplicate: false, posts_created: 0 });
    expect(await count('posts')).toBe(posts);
    const subscription = await client(t.app, await loginAs(t.app, 'influencer@reach.local')).get(
      `${V}/facebook/myWebhooks`,
    );
    expect((subscription.body as unknown as WebhookSubscriptions).data[0]!.last_event_at).not.toBeNull();
  });

  it('matches a mention by the Instagram username on the profile; ignores people with no active connection', async () => {
    graph.media.set('17900000000000301', {
      id: '17900000000000301',
      username: 'Bella.Glows',
      permalink: 'https://www.instagram.com/p/Mention01/',
      like_count: 5,
      comments_count: 0,
      reach: 50,
    });
    graph.media.set('17900000000000302', {
      id: '17900000000000302',
      username: 'nobody.here',
      permalink: 'https://www.instagram.com/p/Mention02/',
      like_count: 5,
      comments_count: 0,
      reach: 50,
    });
    const res = await deliver(
      event('17841499999999999', [
        { field: 'mentions', value: { media_id: '17900000000000301' } },
        { field: 'mentions', value: { media_id: '17900000000000302' } },
        { field: 'story_insights', value: { media_id: '17900000000000303' } },
      ]),
    );
    expect(res.body).toEqual({ received: true, duplicate: false, posts_created: 1 });
    const made = await t.app.ctx.db
      .selectFrom('posts')
      .select(['external_media_id', 'post_url'])
      .where('external_media_id', 'in', ['17900000000000301', '17900000000000302'])
      .execute();
    expect(made).toEqual([
      { external_media_id: '17900000000000301', post_url: 'https://www.instagram.com/p/Mention01/' },
    ]);

    const page = await deliver(JSON.stringify({ object: 'page', entry: [{ id: '1', changes: [] }] }));
    expect(page.body).toEqual({ received: true, duplicate: false, posts_created: 0 });
    expect((await deliver(JSON.stringify({ entry: 'nope' }))).status).toBe(400);
  });
});

describe('GET /facebook/myWebhooks', () => {
  it("lists the signed-in user's subscriptions only", async () => {
    const mine = await client(t.app, await loginAs(t.app, 'influencer@reach.local')).get(
      `${V}/facebook/myWebhooks`,
    );
    expect(mine.status).toBe(200);
    expect((mine.body as unknown as WebhookSubscriptions).data).toEqual([
      expect.objectContaining({
        object: 'instagram',
        fields: ['media', 'mentions', 'comments'],
        instagram_account_id: ISABELLA_ACCOUNT,
        instagram_username: 'bella.glows',
        active: true,
      }),
    ]);
    const pro = await client(t.app, await loginAs(t.app, 'pro@reach.local')).get(`${V}/facebook/myWebhooks`);
    expect(pro.body).toEqual({ data: [] });
    expect((await client(t.app).get(`${V}/facebook/myWebhooks`)).status).toBe(401);
  });
});

describe('Graph adapter', () => {
  it('reads media and insights with the app token and proof; unknown media fall back to local figures', async () => {
    graph.media.set('17900000000000401', {
      id: '17900000000000401',
      username: 'bella.glows',
      permalink: 'https://www.instagram.com/p/Adapter01/',
      caption: 'hello',
      media_type: 'IMAGE',
      like_count: 77,
      comments_count: 7,
      reach: 900,
      views: 1_300,
      saved: 11,
      shares: 4,
    });
    const social = createGraphSocial({ graphUrl: graph.url, appId: APP_ID, appSecret: APP_SECRET });
    expect(await social.getMedia('17900000000000401')).toEqual({
      id: '17900000000000401',
      caption: 'hello',
      mediaType: 'IMAGE',
      mediaUrl: null,
      permalink: 'https://www.instagram.com/p/Adapter01/',
      username: 'bella.glows',
      timestamp: '2026-11-20T10:00:00+0000',
    });
    const subject = {
      mediaId: '17900000000000401',
      postUrl: null,
      platform: 'instagram',
      influencerUserId: 1,
    };
    expect(await social.getMetrics(subject)).toEqual({
      reach: 900,
      impressions: 1_300,
      likes: 77,
      comments: 7,
      shares: 4,
      saves: 11,
      video_views: null,
      source: 'measured',
      method: METRICS_METHOD.graph,
    });
    expect(await social.getMedia('nope')).toBeNull();
    const unknown = { ...subject, mediaId: 'nope' };
    expect(await social.getMetrics(unknown)).toEqual(localMetrics(unknown));
    graph.failNext();
    await expect(social.getMedia('17900000000000401')).rejects.toBeInstanceOf(SocialError);
    const wrong = createGraphSocial({ graphUrl: graph.url, appId: APP_ID, appSecret: 'not-the-secret' });
    await expect(wrong.getMedia('17900000000000401')).rejects.toThrow(/Invalid OAuth access token/);
  });

  it('local metrics are stable per post and plausible', () => {
    const a = { mediaId: null, postUrl: 'https://x.example/p/1', platform: 'tiktok', influencerUserId: 3 };
    const m = localMetrics(a);
    expect(localMetrics({ ...a })).toEqual(m);
    expect(localMetrics({ ...a, postUrl: 'https://x.example/p/2' })).not.toEqual(m);
    expect(m.reach).toBeGreaterThanOrEqual(m.likes);
    expect(m.likes).toBeGreaterThanOrEqual(m.comments);
  });
});
