import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webApp from '../src/plugins/external/web-app';

/**
 * How the API serves the built web app: index.html for the app's paths, and for `/`, /auth/login and
 * /auth/register the HTML the build rendered for them (dist/pages), unless the browser holds a session (its
 * cookie) or, on the sign-in and sign-up pages, a query comes with the path.
 */
let dist: string;
let app: FastifyInstance;

const html = { accept: 'text/html' };
const SIGNED_IN = { ...html, cookie: 'other=2; reach-signed-in=1' };

function write(file: string, text: string | Buffer) {
  fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  fs.writeFileSync(path.join(dist, file), text);
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'reach-web-app-'));
  write('index.html', '<div id="root"></div>');
  write('pages/index.html', '<div id="root" data-prerendered>landing</div>');
  write('pages/index.html.br', zlib.brotliCompressSync('<div id="root" data-prerendered>landing</div>'));
  write('pages/auth/login.html', '<div id="root" data-prerendered>sign in</div>');
  write('pages/auth/register.html', '<div id="root" data-prerendered>sign up</div>');
  write('pages/signed-in/business.html', '<div id="root"></div><!-- dashboard chunks -->');
  write('pages/signed-in/business/campaigns.html', '<div id="root"></div><!-- campaigns chunks -->');
  write(
    'pages/signed-in/business/campaigns.html.br',
    zlib.brotliCompressSync('<div id="root"></div><!-- campaigns chunks -->'),
  );
  write('assets/app-1234.js', 'console.log(1)');
  app = Fastify();
  await app.register(webApp, { dist });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the web app', () => {
  it("sends a visitor without a session the public pages' prerendered HTML, not to be cached unchecked", async () => {
    for (const [url, text] of [
      ['/', 'landing'],
      ['/?utm_source=mail', 'landing'],
      ['/auth/login', 'sign in'],
      ['/auth/register', 'sign up'],
    ] as const) {
      const res = await app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(`<div id="root" data-prerendered>${text}</div>`);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.vary, url).toMatch(/cookie/i);
    }
  });

  it('sends the Brotli copy of a prerendered page to a browser that takes it', async () => {
    const res = await app.inject({ url: '/', headers: { ...html, 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/cookie.*accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(
      '<div id="root" data-prerendered>landing</div>',
    );
  });

  it('sends index.html to a browser with a session, and for the sign-in and sign-up pages with a query', async () => {
    for (const [url, headers] of [
      ['/', SIGNED_IN],
      ['/auth/login', SIGNED_IN],
      ['/auth/register', SIGNED_IN],
      ['/auth/login?email=a%40b.example', html],
      ['/auth/login?error=Denied', html],
      ['/auth/register?type=business', html],
    ] as const) {
      const res = await app.inject({ url, headers });
      expect(res.body, url).toBe('<div id="root"></div>');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.vary, url).toMatch(/cookie/i);
    }
  });

  it("sends a browser with a session the signed-in page's HTML with its chunks linked, with or without a query", async () => {
    for (const [url, text] of [
      ['/business', 'dashboard'],
      ['/business/', 'dashboard'],
      ['/business/campaigns', 'campaigns'],
      ['/business/campaigns/', 'campaigns'],
      ['/business/campaigns?page=2&items=25', 'campaigns'],
    ] as const) {
      const res = await app.inject({ url, headers: SIGNED_IN });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(`<div id="root"></div><!-- ${text} chunks -->`);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.vary, url).toMatch(/cookie/i);
    }
    const br = await app.inject({
      url: '/business/campaigns',
      headers: { ...SIGNED_IN, 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(
      '<div id="root"></div><!-- campaigns chunks -->',
    );
  });

  it('sends index.html on a signed-in page to a browser without a session, varying on the cookie', async () => {
    for (const url of ['/business', '/business/campaigns']) {
      const res = await app.inject({ url, headers: html });
      expect(res.body, url).toBe('<div id="root"></div>');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.vary, url).toMatch(/cookie/i);
    }
  });

  it("sends index.html for the app's other paths, and a 404 to what does not accept HTML", async () => {
    const page = await app.inject({
      url: '/business/campaigns/12',
      headers: { ...html, cookie: 'reach-signed-in=1' },
    });
    expect(page.body).toBe('<div id="root"></div>');
    expect(page.headers.vary ?? '').not.toMatch(/cookie/i);
    const guest = await app.inject({ url: '/auth/forgot-password', headers: html });
    expect(guest.body).toBe('<div id="root"></div>');
    const api = await app.inject({ url: '/auth/login' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('serves hashed assets as immutable', async () => {
    const res = await app.inject({ url: '/assets/app-1234.js' });
    expect(res.body).toBe('console.log(1)');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves index.html for every page when the build has no prerendered pages', async () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'reach-web-app-bare-'));
    fs.writeFileSync(path.join(bare, 'index.html'), '<div id="root"></div>');
    const other = Fastify();
    try {
      await other.register(webApp, { dist: bare });
      for (const url of ['/', '/auth/login']) {
        const res = await other.inject({ url, headers: html });
        expect(res.body, url).toBe('<div id="root"></div>');
      }
    } finally {
      await other.close();
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });
});
