import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, defaultLogger } from '../src/app';
import { loadConfig } from '../src/config';
import { settleAuthWork } from '../src/modules/auth/service';
import { client, latestCode, openSeededDatabase, testCard } from './harness';

/**
 * Nothing secret reaches the log, at any level: the app runs with a real pino logger at `trace` writing to
 * memory (no redaction configured, so this checks what is logged, not what is masked), through every flow that
 * handles a code, a password, a token or a card.
 */
let app: FastifyInstance;
let close: () => Promise<void>;
const log: string[] = [];

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reach-log-'));
  // Migrated, with the reference data: a copy of the run's plain template.
  const { database, url, drop } = await openSeededDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    RATE_LIMIT_AUTH_MAX: '10000',
    ...(url ? { DATABASE_URL: url } : {}),
  });
  const stream = { write: (line: string) => void log.push(line) };
  // The server's own logger configuration (redaction, request serializer), at trace level, into memory.
  app = await buildApp({
    config,
    database,
    logger: defaultLogger({ ...config, LOG_LEVEL: 'trace' }, stream),
    webDist: '/nonexistent',
  });
  await app.ready();
  close = async () => {
    await app.close();
    await database.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
});
afterAll(() => close?.());

/** Whether `text` holds `digits` as a number of its own (not inside a longer number, a time or an id). */
function containsNumber(text: string, digits: string): boolean {
  return new RegExp(`(?<![\\w.])${digits}(?![\\w.])`).test(text);
}

describe('the log', () => {
  it('holds no code, password, token or card number after a full account journey', async () => {
    const api = client(app);
    const email = 'log-secrets@example.com';
    const passwords = ['Amber-Lantern-4417', 'Cobalt-Meadow-8823', 'Saffron-Ridge-3391'] as const;
    const wrongPassword = 'Wrong-Guess-5510';
    const codes: string[] = [];
    const tokens: string[] = [];
    const keep = (body: Record<string, unknown>) => {
      for (const key of ['access_token', 'refresh_token'] as const) {
        if (typeof body[key] === 'string') tokens.push(body[key]);
      }
      return body;
    };

    const signUp = await api.post('/api/v1/auth/sign-up', {
      email,
      password: passwords[0],
      given_name: 'Log',
      family_name: 'Secrets',
      type: 'business',
    });
    expect(signUp.status).toBe(201);
    codes.push(await latestCode(app, email));
    const confirm = await api.post('/api/v1/auth/confirm', { email, code: codes[0], password: passwords[0] });
    expect(confirm.status).toBe(200);
    keep(confirm.body.tokens as Record<string, unknown>);

    expect((await api.post('/api/v1/auth/login', { email, password: wrongPassword })).status).toBe(401);
    const login = keep((await api.post('/api/v1/auth/login', { email, password: passwords[0] })).body);
    const refreshed = keep(
      (await api.post('/api/v1/auth/refresh', { refresh_token: login.refresh_token })).body,
    );
    // A reused refresh token: the reuse is logged (a warning), the token must not be.
    expect((await api.post('/api/v1/auth/refresh', { refresh_token: login.refresh_token })).status).toBe(401);
    const relogin = keep((await api.post('/api/v1/auth/login', { email, password: passwords[0] })).body);
    const changed = await client(app, relogin.access_token as string).post('/api/v1/auth/change-password', {
      old_password: passwords[0],
      new_password: passwords[1],
    });
    expect(changed.status).toBe(200);
    keep(changed.body);
    // The old access token is refused now: a 401 carrying the token in its Authorization header.
    expect((await client(app, refreshed.access_token as string).get('/api/v1/my/user')).status).toBe(401);

    expect((await api.post('/api/v1/auth/forgot-password', { email })).status).toBe(200);
    await settleAuthWork(app.ctx);
    codes.push(await latestCode(app, email));
    const reset = await api.post('/api/v1/auth/reset-password', {
      email,
      code: codes[1],
      password: passwords[2],
    });
    expect(reset.status).toBe(200);
    const last = keep((await api.post('/api/v1/auth/login', { email, password: passwords[2] })).body);

    const me = client(app, last.access_token as string);
    const card = await me.post('/api/v1/my/paymentMethods', { card: testCard('4242 4242 4242 4242', '987') });
    expect(card.status, JSON.stringify(card.body)).toBe(201);
    expect((await api.post('/api/v1/auth/logout', { refresh_token: last.refresh_token })).status).toBe(200);
    await settleAuthWork(app.ctx);
    // Query strings carry secrets too (an OAuth callback's code and state, a webhook's verify token): a
    // request is logged by its path only.
    const querySecrets = ['oauthcode7Qx93kLm', 'oauthstate2Zt81pWd', 'verifytoken5Hn42sJr'];
    await app.inject({
      url: `/api/v1/auth/google/callback?code=${querySecrets[0]}&state=${querySecrets[1]}`,
    });
    await app.inject({
      url: `/api/v1/facebook/webhooks?hub.mode=subscribe&hub.verify_token=${querySecrets[2]}&hub.challenge=1`,
    });
    tokens.push(...querySecrets);

    const text = log.join('');
    // The logger did capture the journey: requests, the refresh-token reuse warning, the outbox.
    expect(text).toContain('/api/v1/auth/reset-password');
    expect(text).toContain('refresh token reuse detected');
    expect(text).toContain('/api/v1/auth/google/callback');
    expect(tokens.length).toBeGreaterThanOrEqual(10);
    for (const code of codes) expect(containsNumber(text, code), `code ${code} in the log`).toBe(false);
    for (const secret of [...passwords, wrongPassword, ...tokens]) {
      expect(text.includes(secret), `${secret.slice(0, 12)}… in the log`).toBe(false);
    }
    // Refresh tokens are opaque; a fragment of one is as bad as the whole.
    for (const token of tokens) expect(text.includes(token.slice(0, 16))).toBe(false);
    for (const number of ['4242 4242 4242 4242', '4242424242424242'])
      expect(text.includes(number)).toBe(false);
    expect(text).not.toMatch(/"987"|\bcvc\b/i);
  });
});
