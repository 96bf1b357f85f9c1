import zlib from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from './harness';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  token = await loginAs(t.app, 'pro@reach.local');
}, 60_000);
afterAll(async () => t?.close());

it('sends JSON over 1 kB compressed when the client accepts it, and plain otherwise', async () => {
  const url = '/api/v1/countries/search?limit=100';
  const headers = { authorization: `Bearer ${token}` };
  const plain = await t.app.inject({ url, headers });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.rawPayload.length).toBeGreaterThan(1024);

  const br = await t.app.inject({ url, headers: { ...headers, 'accept-encoding': 'br' } });
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

  const gz = await t.app.inject({ url, headers: { ...headers, 'accept-encoding': 'gzip' } });
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
});
