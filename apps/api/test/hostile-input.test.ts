import crypto from 'node:crypto';
import { API_MESSAGE } from '@reach/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema';
import { startGraph } from './fakes/graph-server';
import { client, createTestApp, loginAs, PNG_1X1, type TestApp, testCard } from './harness';

/*
 * Issue 11: a NUL byte or an unpaired surrogate anywhere in a request (path, query, JSON body and its keys,
 * multipart fields, a signed webhook) is a 400 that names the field, never a 500, and nothing is stored;
 * numbers past the int4 range are a 400 too; broken JSON, bare JSON values and unknown content types are 4xx
 * with a message. The callers who may not use a route still get 401/402/403 first.
 */

const V = '/api/v1';
const APP_ID = '1234567890';
const APP_SECRET = 'fb-app-secret-for-hostile-tests';
/** NUL, a lone high surrogate, a lone low surrogate: each inside otherwise ordinary text. */
const HOSTILE = ['Ann\u0000a', 'Ann\ud800a', 'Anna\udc00'];

let t: TestApp;
let graph: Awaited<ReturnType<typeof startGraph>>;
let tokens: Record<'admin' | 'pro' | 'free' | 'influencer', string>;

beforeAll(async () => {
  graph = await startGraph({ appId: APP_ID, appSecret: APP_SECRET });
  t = await createTestApp({
    demo: true,
    env: {
      FACEBOOK_APP_ID: APP_ID,
      FACEBOOK_APP_SECRET: APP_SECRET,
      FACEBOOK_WEBHOOK_VERIFY_TOKEN: 'verify-token-for-hostile-tests',
      FACEBOOK_GRAPH_URL: graph.url,
    },
  });
  tokens = {
    admin: await loginAs(t.app, 'admin@reach.local'),
    pro: await loginAs(t.app, 'pro@reach.local'),
    free: await loginAs(t.app, 'free@reach.local'),
    influencer: await loginAs(t.app, 'influencer@reach.local'),
  };
});
afterAll(async () => {
  await t?.close();
  await graph?.close();
});

const count = async (table: keyof DB) =>
  Number(
    (
      await t.app.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

type Answer = {
  status: number;
  body: { error?: { code: string; message: string; fields?: Record<string, string> } };
};

/** Any request through inject; the JSON answer parsed when there is one. */
async function send(options: {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  token?: string;
  payload?: string | object | Buffer;
  headers?: Record<string, string>;
}): Promise<Answer> {
  const res = await t.app.inject({
    method: options.method,
    url: options.url,
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    ...(options.payload === undefined ? {} : { payload: options.payload }),
  });
  let body: Answer['body'] = {};
  try {
    body = res.json();
  } catch {}
  return { status: res.statusCode, body };
}

/** The answer is the project's 400 for a hostile character in `field`. */
function expectRefused(res: Answer, field: string) {
  const message = API_MESSAGE.characterNotAllowed(field);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error).toEqual({ code: 'validation', message, fields: { [field]: message } });
  expect(message).toContain(`"${field}"`);
}

describe('a NUL or an unpaired surrogate is a 400 naming the field, and nothing is stored', () => {
  it('public sign-up: a name, and an object key', async () => {
    const [users, mails] = [await count('users'), await count('mail_outbox')];
    for (const name of HOSTILE) {
      const res = await client(t.app).post(`${V}/auth/sign-up`, {
        email: `hostile-${crypto.randomUUID()}@example.com`,
        password: 'Correct-Horse-42',
        given_name: name,
        family_name: 'Smith',
        type: 'influencer',
      });
      expectRefused(res, 'given_name');
    }
    const key = await client(t.app).post(`${V}/auth/sign-up`, {
      email: `hostile-${crypto.randomUUID()}@example.com`,
      password: 'Correct-Horse-42',
      given_name: 'Anna',
      family_name: 'Smith',
      type: 'influencer',
      'referrer\u0000': 'x',
    });
    expectRefused(key, 'referrer\\u0000');
    expect([await count('users'), await count('mail_outbox')]).toEqual([users, mails]);
  });

  it('feedback: the message and the page it was sent from', async () => {
    const before = await count('feedback');
    for (const text of HOSTILE) {
      expectRefused(await client(t.app, tokens.pro).post(`${V}/feedback`, { content: text }), 'content');
      expectRefused(
        await client(t.app, tokens.pro).post(`${V}/feedback`, { content: 'Fine', reported_page: text }),
        'reported_page',
      );
    }
    expect(await count('feedback')).toBe(before);
  });

  it('profile update: names, and a nested array item of the influencer profile', async () => {
    const me = await client(t.app, tokens.influencer).get(`${V}/my/user`);
    for (const text of HOSTILE) {
      expectRefused(
        await client(t.app, tokens.influencer).put(`${V}/my/user`, {
          given_name: text,
          family_name: 'Reyes',
        }),
        'given_name',
      );
      expectRefused(
        await client(t.app, tokens.influencer).put(`${V}/my/influencer`, { bio: 'Hi', tags: [1, text] }),
        'tags.1',
      );
    }
    expect((await client(t.app, tokens.influencer).get(`${V}/my/user`)).body).toEqual(me.body);
  });

  it('a card holder name', async () => {
    const before = await count('payment_methods');
    for (const text of HOSTILE) {
      const res = await client(t.app, tokens.pro).post(`${V}/my/paymentMethods`, {
        card: { ...testCard('5555 5555 5555 4444'), holder_name: text },
      });
      expectRefused(res, 'card.holder_name');
    }
    expect(await count('payment_methods')).toBe(before);
  });

  it('a discovery search `query` (NUL, and a lone surrogate as its only possible encoding)', async () => {
    const credits = await count('credit_transactions');
    for (const q of ['Aus%00tin', '%00', 'Aus%ED%A0%80', '%ED%B0%80tin'])
      expectRefused(
        await send({ method: 'GET', url: `${V}/discovery/locations?query=${q}`, token: tokens.pro }),
        'query',
      );
    // The same in a JSON search body, which spends credits when it runs.
    const search = await client(t.app, tokens.pro).post(`${V}/discovery/instagram/search`, {
      filter: { influencer: { bio: 'coffee\ud800' } },
    });
    expectRefused(search, 'filter.influencer.bio');
    expect(await count('credit_transactions')).toBe(credits);
  });

  it('a path id, on a read and on a write', async () => {
    const campaign = await t.app.ctx.db
      .selectFrom('campaigns')
      .selectAll()
      .where('title', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expectRefused(await send({ method: 'GET', url: `${V}/campaign/%00`, token: tokens.pro }), 'id');
    expectRefused(await send({ method: 'GET', url: `${V}/campaign/1%00`, token: tokens.pro }), 'id');
    expectRefused(
      await send({
        method: 'PUT',
        url: `${V}/campaign/%00`,
        token: tokens.pro,
        payload: { title: 'Renamed' },
      }),
      'id',
    );
    // Bytes that are not UTF-8 (a lone surrogate as it would be encoded) are refused by the router itself.
    const undecodable = await send({ method: 'GET', url: `${V}/campaign/%ED%A0%80`, token: tokens.pro });
    expect(undecodable.status).toBe(400);
    expect(undecodable.body.error).toEqual({ code: 'validation', message: API_MESSAGE.badUrl });
    expect(
      await t.app.ctx.db.selectFrom('campaigns').selectAll().where('id', '=', campaign.id).executeTakeFirst(),
    ).toEqual(campaign);
  });

  it('the Instagram webhook caption (signed) stores no event and no post', async () => {
    const [events, posts] = [await count('facebook_webhook_events'), await count('posts')];
    for (const caption of HOSTILE) {
      const raw = JSON.stringify({
        object: 'instagram',
        entry: [
          {
            id: '17841400000000001',
            time: 1,
            changes: [{ field: 'mentions', value: { media_id: `m-${crypto.randomUUID()}`, caption } }],
          },
        ],
      });
      const res = await send({
        method: 'POST',
        url: `${V}/facebook/webhooks`,
        payload: raw,
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': `sha256=${crypto.createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`,
        },
      });
      expectRefused(res, 'entry.0.changes.0.value.caption');
    }
    expect([await count('facebook_webhook_events'), await count('posts')]).toEqual([events, posts]);
    // The control: the same delivery with a clean caption is verified and recorded.
    const raw = JSON.stringify({
      object: 'instagram',
      entry: [
        { id: '17841400000000001', time: 1, changes: [{ field: 'mentions', value: { caption: 'Hi' } }] },
      ],
    });
    const clean = await send({
      method: 'POST',
      url: `${V}/facebook/webhooks`,
      payload: raw,
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${crypto.createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`,
      },
    });
    expect(clean.status, JSON.stringify(clean.body)).toBe(200);
    expect(await count('facebook_webhook_events')).toBe(events + 1);
  });

  it('a multipart upload field (a post submitted with its media)', async () => {
    const connection = await acceptedConnection();
    const boundary = '----reach-hostile-boundary';
    const form = (fields: Record<string, string>) => ({
      payload: Buffer.concat([
        ...Object.entries(fields).map(([name, value]) =>
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
        ),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        PNG_1X1,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const fields = {
      connection_id: String(connection),
      platform: 'instagram',
      post_url: `https://www.instagram.com/p/hostile${crypto.randomBytes(4).toString('hex')}/`,
    };
    const [posts, media] = [await count('posts'), await count('post_media')];
    // Multipart text is UTF-8 on the wire: a lone surrogate cannot be sent there, a NUL can.
    const caption = await send({
      method: 'POST',
      url: `${V}/posts`,
      token: tokens.influencer,
      ...form({ ...fields, caption: 'Loving it\u0000' }),
    });
    expectRefused(caption, 'caption');
    const name = await send({
      method: 'POST',
      url: `${V}/posts`,
      token: tokens.influencer,
      ...form({ ...fields, caption: 'Fine', 'cap\u0000tion': 'x' }),
    });
    expectRefused(name, 'cap\\u0000tion');
    expect([await count('posts'), await count('post_media')]).toEqual([posts, media]);
    // The control: the same form with a clean caption is stored, with its media.
    const clean = await send({
      method: 'POST',
      url: `${V}/posts`,
      token: tokens.influencer,
      ...form({ ...fields, caption: 'Loving it' }),
    });
    expect(clean.status, JSON.stringify(clean.body)).toBe(201);
    expect([await count('posts'), await count('post_media')]).toEqual([posts + 1, media + 1]);
  });
});

/** An accepted connection of influencer@ on an active campaign (the demo has some). */
async function acceptedConnection(): Promise<number> {
  const row = await t.app.ctx.db
    .selectFrom('connections as cn')
    .innerJoin('campaigns as c', 'c.id', 'cn.campaign_id')
    .innerJoin('users as u', 'u.id', 'cn.influencer_user_id')
    .select('cn.id')
    .where('u.email', '=', 'influencer@reach.local')
    .where('cn.status', '=', 'accepted')
    .where('c.status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

describe('the access checks still answer first', () => {
  it('401 without a session, 403 for the wrong kind of account, 402 without a plan — then 400', async () => {
    const url = `${V}/discovery/locations?query=%00`;
    expect((await send({ method: 'GET', url })).status).toBe(401);
    expect((await send({ method: 'GET', url, token: tokens.influencer })).status).toBe(403);
    expect((await send({ method: 'GET', url, token: tokens.free })).status).toBe(402);
    expectRefused(await send({ method: 'GET', url, token: tokens.pro }), 'query');
    const body = await send({ method: 'PUT', url: `${V}/my/user`, payload: { given_name: 'A\u0000' } });
    expect(body.status).toBe(401);
  });
});

describe('numbers past the int4 range are a 400, not a database error', () => {
  it('in a path id', async () => {
    for (const id of ['2147483648', '99999999999999999999', '9007199254740993', '1e309', '-0']) {
      const res = await send({ method: 'GET', url: `${V}/campaign/${id}`, token: tokens.pro });
      expect(res.status, id).toBe(400);
      expect(res.body.error?.fields?.id, id).toBeTruthy();
    }
    expect((await send({ method: 'GET', url: `${V}/campaign/2147483647`, token: tokens.pro })).status).toBe(
      404,
    );
  });

  it('in a query id and a page number', async () => {
    for (const q of ['campaign_id=2147483648&business_id=1', 'campaign_id=1&business_id=1e309']) {
      const res = await send({
        method: 'GET',
        url: `${V}/campaign/influencer/import/status?${q}`,
        token: tokens.pro,
      });
      expect(res.status, q).toBe(400);
    }
    const page = await send({
      method: 'GET',
      url: `${V}/my/payments/charges?page=99999999999999999999`,
      token: tokens.pro,
    });
    expect(page.status).toBe(400);
    expect(page.body.error?.fields?.page).toBeTruthy();
  });

  it('in a JSON body, as a number, as text, and as a literal JSON cannot hold', async () => {
    for (const payload of [
      '{"id":2147483648}',
      '{"id":"2147483648"}',
      '{"id":1e309}',
      '{"id":9007199254740993}',
    ]) {
      const res = await send({
        method: 'POST',
        url: `${V}/notifications/read`,
        token: tokens.pro,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, payload).toBe(400);
    }
    const before = await count('campaigns');
    // 2^53 + 1 cents, written as JSON text: a JavaScript number cannot hold it.
    const money = await send({
      method: 'POST',
      url: `${V}/campaigns`,
      token: tokens.pro,
      payload: '{"type_id":2,"title":"Too rich","total_budget_cents":9007199254740993}',
      headers: { 'content-type': 'application/json' },
    });
    expect(money.status).toBe(400);
    expect(money.body.error?.fields?.total_budget_cents).toBeTruthy();
    expect(await count('campaigns')).toBe(before);
  });
});

describe('bodies that are not a JSON object', () => {
  it('broken JSON, a bare value, an empty body and an unknown content type are 4xx with a message', async () => {
    const before = await count('feedback');
    const cases: [string, string, number][] = [
      ['{"content":', 'application/json', 400],
      ['{"content":"a",}', 'application/json', 400],
      ['"just text"', 'application/json', 400],
      ['42', 'application/json', 400],
      ['', 'application/json', 400],
      ['<content>hi</content>', 'application/xml', 415],
      ['content=hi', 'application/x-www-form-urlencoded', 415],
      ['hi\u0000', 'text/plain', 400],
    ];
    for (const [payload, type, status] of cases) {
      const res = await send({
        method: 'POST',
        url: `${V}/feedback`,
        token: tokens.pro,
        payload,
        headers: { 'content-type': type },
      });
      expect(res.status, `${type} ${payload}`).toBe(status);
      expect(res.body.error?.message, `${type} ${payload}`).toMatch(/\w/);
    }
    expect(await count('feedback')).toBe(before);
  });
});
