import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AiDraft } from '@reach/contract/campaign-ai';
import { API_MESSAGE } from '@reach/contract/messages';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { client, createTestApp, loginAs, signUpAndLogin, type TestApp } from './harness';

const V = '/api/v1';
const KEY = 'sk-test-very-secret-key-123';
const TIMEOUT_MS = 300;

/** A local stand-in for an OpenAI-compatible chat completions API; `mode` picks how it answers. */
type Mode = 'good' | 'fenced' | 'prose' | 'wrong-shape' | 'not-json' | 'slow' | '500' | '401' | '429';
let mode: Mode = 'good';
let received: { url?: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> }[] = [];

const goodAnswer = {
  title: 'Glow Up With Lumen',
  description: ['Meet our vitamin C serum.', 'We want creators who love skincare.'],
  brand_overview: 'Lumen Skincare is an Austin brand.',
  objectives: ['Launch the serum', '- Drive pre-orders'],
  talking_points: '- Vitamin C\n- Vegan',
  post_requirements: '- One Reel\n- Use #ad',
  interests: ['skincare', 'Clean beauty products', 'Quantum Basket Weaving', 'Makeup'],
};
const completion = (content: string) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
});

const fake = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => {
    raw += c;
  });
  req.on('end', () => {
    received.push({ url: req.url, headers: req.headers, body: JSON.parse(raw || '{}') });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    switch (mode) {
      case 'good':
        return json(200, completion(JSON.stringify(goodAnswer)));
      case 'fenced':
        return json(200, completion(`\`\`\`json\n${JSON.stringify(goodAnswer)}\n\`\`\``));
      case 'prose':
        return json(200, completion('Sure! Here is a great campaign for your serum: ...'));
      case 'wrong-shape':
        return json(200, completion(JSON.stringify({ campaign: { name: 'x' } })));
      case 'not-json':
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html>gateway</html>');
      case 'slow':
        setTimeout(() => json(200, completion(JSON.stringify(goodAnswer))), TIMEOUT_MS * 4).unref();
        return;
      case '401':
        // Real providers echo part of the key; none of it may reach the client.
        return json(401, { error: { message: `Incorrect API key provided: ${KEY}` } });
      case '429':
        return json(429, { error: { message: 'Rate limit reached' } });
      default:
        return json(500, { error: { message: 'internal' } });
    }
  });
});

let t: TestApp;
let embedded: TestApp;
let pro: ReturnType<typeof client>;
const brief = {
  type_id: 3,
  product: 'Our new vitamin C glow serum for dull skin, vegan and fragrance-free',
  audience: 'women 25-40 who love skincare',
  goal: 'launch and get 500 pre-orders',
  tone: 'luxury',
};

beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const { port } = fake.address() as AddressInfo;
  [t, embedded] = await Promise.all([
    createTestApp({
      demo: true,
      env: {
        AI_API_URL: `http://127.0.0.1:${port}/v1/`,
        AI_API_KEY: KEY,
        AI_MODEL: 'fake-model-1',
        AI_TIMEOUT_MS: String(TIMEOUT_MS),
        RATE_LIMIT_AI_MAX: '1000',
      },
    }),
    createTestApp({ demo: true, env: { RATE_LIMIT_AI_MAX: '4' } }),
  ]);
  pro = client(t.app, await loginAs(t.app, 'pro@reach.local'));
});
afterAll(async () => {
  fake.closeAllConnections();
  await new Promise((resolve) => fake.close(resolve));
  await Promise.all([t?.close(), embedded?.close()]);
});
beforeEach(() => {
  mode = 'good';
  received = [];
});

describe('the writer a business is told about', () => {
  it('says which writer drafts and how long it takes: an AI model 5–10 s, the built-in writer about a second', async () => {
    const model = await pro.get(`${V}/campaigns/ai/provider`);
    expect(model.status).toBe(200);
    expect(model.body).toEqual({ source: 'ai', typical_seconds: { min: 5, max: 10 } });
    const builtIn = client(embedded.app, await loginAs(embedded.app, 'pro@reach.local'));
    const res = await builtIn.get(`${V}/campaigns/ai/provider`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ source: 'embedded', typical_seconds: { min: 0, max: 1 } });
    // Like the builder itself: a business without a plan is refused.
    const free = client(embedded.app, await loginAs(embedded.app, 'free@reach.local'));
    expect((await free.get(`${V}/campaigns/ai/provider`)).status).toBe(402);
  });
});

describe('OpenAI-compatible adapter', () => {
  it('sends the brief and the business profile, and maps the answer', async () => {
    const res = await pro.post(`${V}/campaigns/ai/draft`, brief);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const draft = res.body as unknown as AiDraft;
    expect(draft).toMatchObject({
      source: 'ai',
      title: 'Glow Up With Lumen',
      description: 'Meet our vitamin C serum.\n\nWe want creators who love skincare.',
      objectives: '- Launch the serum\n- Drive pre-orders',
      talking_points: '- Vitamin C\n- Vegan',
    });
    // Exact (any case), containment, unknown (dropped), and at most 3.
    expect(draft.interests.map((i) => i.name)).toEqual(['Skincare', 'Clean Beauty', 'Makeup']);
    const ids = await t.app.ctx.db
      .selectFrom('interests')
      .select('id')
      .where('name', 'in', ['Skincare', 'Clean Beauty', 'Makeup'])
      .execute();
    expect(draft.interests.map((i) => i.id).sort()).toEqual(ids.map((i) => i.id).sort());

    const [call] = received;
    expect(call?.url).toBe('/v1/chat/completions');
    expect(call?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(call?.body).toMatchObject({
      model: 'fake-model-1',
      response_format: { type: 'json_object' },
      temperature: 0.7,
    });
    const messages = call?.body.messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(messages[0]?.content).toContain('"post_requirements"');
    expect(messages[0]?.content).toContain('Skincare');
    expect(messages[1]?.content).toContain(brief.product);
    expect(messages[1]?.content).toContain('Audience: women 25-40 who love skincare');
    expect(messages[1]?.content).toContain('Tone: luxury');
    expect(messages[1]?.content).toContain('Name: Peak Outdoor Co.');
    expect(messages[1]?.content).toContain('City: Denver, CO');
    expect(messages[1]?.content).toContain('Combination');
  });

  it('accepts JSON wrapped in a Markdown fence', async () => {
    mode = 'fenced';
    const res = await pro.post(`${V}/campaigns/ai/draft`, brief);
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('Glow Up With Lumen');
  });

  it.each([
    ['prose', API_MESSAGE.aiMalformed],
    ['wrong-shape', API_MESSAGE.aiMalformed],
    ['not-json', API_MESSAGE.aiMalformed],
    ['500', API_MESSAGE.aiUnavailable],
    ['401', API_MESSAGE.aiMisconfigured],
    ['429', API_MESSAGE.aiBusy],
  ] as const)('answers %s with a clear message and never the key', async (m, message) => {
    mode = m;
    const res = await t.app.inject({
      method: 'POST',
      url: `${V}/campaigns/ai/draft`,
      headers: { authorization: `Bearer ${await loginAs(t.app, 'trial@reach.local')}` },
      payload: brief,
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toEqual({ code: 'unavailable', message });
    expect(res.body).not.toContain('sk-test');
  });

  it('gives up after AI_TIMEOUT_MS', async () => {
    mode = 'slow';
    const started = Date.now();
    const res = await pro.post(`${V}/campaigns/ai/draft`, brief);
    expect(res.status).toBe(503);
    expect(res.body.error?.message).toBe(API_MESSAGE.aiTimeout);
    expect(API_MESSAGE.aiTimeout).toBe(
      'The AI assistant took too long. Please try again or write the details yourself.',
    );
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 4);
  });

  it('reports an unreachable provider', async () => {
    // Port 9 (discard) has no listener: the connection is refused.
    const down = await createTestApp({
      env: { AI_API_URL: 'http://127.0.0.1:9/v1', AI_API_KEY: KEY, AI_MODEL: 'm', AI_TIMEOUT_MS: '2000' },
    });
    try {
      // A new business is on its trial: entitled.
      const { access } = await signUpAndLogin(down.app, 'business');
      const res = await client(down.app, access).post(`${V}/campaigns/ai/draft`, brief);
      expect(res.status).toBe(503);
      expect(res.body.error?.message).toBe(API_MESSAGE.aiUnavailable);
    } finally {
      await down.close();
    }
  });
});

describe('embedded generator', () => {
  it('drafts from the brief and the business profile, with up to 3 real interests', async () => {
    const api = client(embedded.app, await loginAs(embedded.app, 'trial@reach.local'));
    const res = await api.post(`${V}/campaigns/ai/draft`, brief);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const draft = res.body as unknown as AiDraft;
    expect(draft.source).toBe('embedded');
    expect(draft.title.length).toBeLessThan(50);
    expect(draft.title).toContain('Vitamin C Glow Serum');
    expect(draft.description).toContain('Vitamin C Glow Serum from Lumen Skincare');
    expect(draft.brand_overview).toContain('Lumen Skincare is a brand based in Austin, TX');
    expect(draft.post_requirements).toContain('#ad');
    expect(draft.interests.length).toBeGreaterThan(0);
    expect(draft.interests.length).toBeLessThanOrEqual(3);
    const known = await embedded.app.ctx.db.selectFrom('interests').select(['id', 'name']).execute();
    for (const i of draft.interests) expect(known).toContainEqual(i);
    // Nothing is stored.
    const campaigns = await embedded.app.ctx.db
      .selectFrom('campaigns')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('title', '=', draft.title)
      .executeTakeFirstOrThrow();
    expect(Number(campaigns.n)).toBe(0);
  });

  it('validates the brief', async () => {
    const api = client(embedded.app, await loginAs(embedded.app, 'pro@reach.local'));
    const missing = await api.post(`${V}/campaigns/ai/draft`, { audience: 'hikers' });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.fields?.product).toBe(API_MESSAGE.aiProductRequired);
    expect((await api.post(`${V}/campaigns/ai/draft`, { product: '  ' })).status).toBe(400);
    expect((await api.post(`${V}/campaigns/ai/draft`, { product: 'x'.repeat(501) })).status).toBe(400);
    expect(
      (await api.post(`${V}/campaigns/ai/draft`, { product: 'tent', tone: 'x'.repeat(51) })).status,
    ).toBe(400);
    expect((await api.post(`${V}/campaigns/ai/draft`, { product: 'tent', type_id: 9 })).status).toBe(400);
  });

  it('is for subscribed businesses only, and rate limited per user', async () => {
    const as = async (email: string) => client(embedded.app, await loginAs(embedded.app, email));
    expect((await (await as('free@reach.local')).post(`${V}/campaigns/ai/draft`, brief)).status).toBe(402);
    expect((await (await as('influencer@reach.local')).post(`${V}/campaigns/ai/draft`, brief)).status).toBe(
      403,
    );
    expect((await client(embedded.app).post(`${V}/campaigns/ai/draft`, brief)).status).toBe(401);
    // RATE_LIMIT_AI_MAX=4 in this app (requests refused by validation above do not count).
    const pro = await as('pro@reach.local');
    for (let i = 0; i < 4; i++)
      expect((await pro.post(`${V}/campaigns/ai/draft`, { product: 'tent' })).status).toBe(200);
    const res = await pro.post(`${V}/campaigns/ai/draft`, { product: 'tent' });
    expect(res.status).toBe(429);
    expect(res.body.error?.message).toBe(API_MESSAGE.rateLimited);
    // The limit is the draft endpoint's own: the rest of the campaign API still answers.
    for (let i = 0; i < 6; i++) expect((await pro.get(`${V}/campaigns/business`)).status).toBe(200);
    // Another user has their own budget.
    expect((await (await as('trial@reach.local')).post(`${V}/campaigns/ai/draft`, brief)).status).toBe(200);
  });
});
