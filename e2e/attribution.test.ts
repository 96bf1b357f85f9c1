import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type Server, startServer } from './lib/harness';
import { apiCall, apiToken, pageScreenshot, settled, signInAs, visible } from './lib/steps';

/*
 * Issue 14 (first part): the creator's tracked link and discount code on her connection page. The demo's
 * "Glow Serum Launch" (Lumen, business "trial", URL tracking on) has Isabella's accepted connection; the business gives
 * her a code through the API; she sees her link and code, copies the link, and the link redirects to the
 * campaign's tracker URL with the UTM parameters and a click id. Screenshots at 1280 and 375 px.
 */

let server: Server;
let browser: Browser;
let connectionId = 0;
let campaignId = 0;

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_AUTH_MAX: '1000' });
  browser = await launchBrowser();
  const isabella = await apiToken(server.url, 'influencer@reach.local');
  const page = await apiCall<{
    data: { id: number; campaign: { id: number; title: string | null }; influencer: { user_id: number } }[];
  }>(server.url, isabella, '/my/connections?status=accepted&items=50');
  const glow = page.data.find((c) => c.campaign.title === 'Glow Serum Launch');
  expect(glow, 'the demo connection on Glow Serum Launch').toBeTruthy();
  connectionId = glow?.id ?? 0;
  campaignId = glow?.campaign.id ?? 0;
  const lumen = await apiToken(server.url, 'trial@reach.local');
  await apiCall(server.url, lumen, `/campaign/${campaignId}/codes/${glow?.influencer.user_id}`, {
    method: 'PUT',
    body: { code: 'isabella-glow' },
  });
});
afterAll(async () => {
  if (process.env.E2E_SERVER_LOG) fs.writeFileSync(process.env.E2E_SERVER_LOG, server?.output() ?? '');
  await browser?.close();
  await server?.stop();
});

describe('attribution: the creator’s link and code', () => {
  for (const width of [1280, 375]) {
    it(`shows the link and the code on the connection page and copies them (${width} px)`, async () => {
      const { context, page } = await newPage(browser, server.url, width);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
      await signInAs(page, 'influencer@reach.local', '/influencer');
      await page.goto(`/influencer/connections/${connectionId}`);
      await visible(page, 'Your link and code');
      const code = page.getByText('ISABELLA-GLOW', { exact: true });
      await code.waitFor();
      const link = page.getByText(
        new RegExp(`^${server.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/r/[A-Za-z0-9_-]{12}$`),
      );
      await link.waitFor();
      const url = (await link.textContent()) ?? '';

      await page.getByRole('button', { name: 'Copy tracked link' }).click();
      await page.getByRole('button', { name: 'Copied' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

      // No sideways scroll at either width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await settled(page);
      await pageScreenshot(page, `attribution-creator-link-${width}`);

      // The link itself: a 302 to the tracker URL with the UTM parameters and a click id.
      const res = await fetch(url, { redirect: 'manual', headers: { 'user-agent': 'Mozilla/5.0 (iPhone)' } });
      expect(res.status).toBe(302);
      const target = new URL(res.headers.get('location') ?? '');
      expect(`${target.origin}${target.pathname}`).toBe('https://lumenskincare.example/glow');
      expect(target.searchParams.get('ref')).toBe('reach');
      expect(target.searchParams.get('utm_source')).toBe('reach');
      expect(target.searchParams.get('utm_medium')).toBe('influencer');
      expect(target.searchParams.get('utm_campaign')).toBe(`glow-serum-launch-${campaignId}`);
      expect(target.searchParams.get('rc_id')).toMatch(/^[0-9a-f-]{36}$/);
      await context.close();
    });
  }
});
