import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type Server, startServer } from './lib/harness';
import {
  apiCall,
  apiToken,
  dialogScreenshot,
  loaded,
  pageScreenshot,
  settled,
  signInAs,
  visible,
} from './lib/steps';

/*
 * Issue 14, the business side of links and codes: Lumen (business "trial") owns the demo's "Glow Serum Launch"
 * (URL tracking on) with Isabella accepted. On the campaign page Lumen sees her tracked link and code, replaces
 * the code (a code another Lumen creator holds → the 409 message on the field), creates an API key in
 * Settings › Attribution & API keys (shown once), records an order with it through POST /api/v1/conversions,
 * sees it counted on her row, revokes the key and the next POST is a 401. Screenshots at 1280 and 375 px.
 */

let server: Server;
let browser: Browser;
let campaignId = 0;
let isabellaName = '';

const ORIGIN_RE = () => server.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_AUTH_MAX: '1000' });
  browser = await launchBrowser();
  const lumen = await apiToken(server.url, 'trial@reach.local');
  const accepted = await apiCall<{
    data: { campaign: { id: number; title: string | null }; influencer: { user_id: number } }[];
  }>(server.url, lumen, '/my/connections?status=accepted&items=50');
  const glow = accepted.data.find((c) => c.campaign.title === 'Glow Serum Launch');
  const other = accepted.data.find((c) => c.campaign.title === 'Night Repair Cream Seeding');
  expect(glow, 'Isabella on Glow Serum Launch').toBeTruthy();
  expect(other, 'an accepted creator on Night Repair Cream Seeding').toBeTruthy();
  campaignId = glow?.campaign.id ?? 0;
  // Isabella starts with a code; another creator of Lumen holds TAKEN-CODE (the clash below).
  await apiCall(server.url, lumen, `/campaign/${campaignId}/codes/${glow?.influencer.user_id}`, {
    method: 'PUT',
    body: { code: 'isa-first' },
  });
  await apiCall(server.url, lumen, `/campaign/${other?.campaign.id}/codes/${other?.influencer.user_id}`, {
    method: 'PUT',
    body: { code: 'taken-code' },
  });
  const attribution = await apiCall<{ creators: { influencer_user_id: number; name: string }[] }>(
    server.url,
    lumen,
    `/campaign/${campaignId}/attribution`,
  );
  isabellaName =
    attribution.creators.find((c) => c.influencer_user_id === glow?.influencer.user_id)?.name ?? '';
  expect(isabellaName).not.toBe('');
});
afterAll(async () => {
  if (process.env.E2E_SERVER_LOG) fs.writeFileSync(process.env.E2E_SERVER_LOG, server?.output() ?? '');
  await browser?.close();
  await server?.stop();
});

function postConversion(key: string, orderId: string, code: string) {
  return fetch(`${server.url}/api/v1/conversions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      order_id: orderId,
      amount: '49.90',
      currency: 'USD',
      occurred_at: new Date().toISOString(),
      code,
    }),
  });
}

async function noSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe('attribution: the business’s links, codes and API keys', () => {
  it('replaces a code, records an order with an API key, sees it counted, revokes the key (1280 px)', async () => {
    const { context, page } = await newPage(browser, server.url, 1280);
    await signInAs(page, 'trial@reach.local', '/business');
    await page.goto(`/business/campaigns/${campaignId}`);
    await visible(page, 'Links and codes');
    const row = page.getByRole('group', { name: isabellaName });
    await row.getByText('ISA-FIRST', { exact: true }).waitFor();
    await row.getByText(new RegExp(`^${ORIGIN_RE()}/r/[A-Za-z0-9_-]{12}$`)).waitFor();
    await row.getByText('0 unique · 0 total clicks').waitFor();
    await row.getByText('0 conversions · —').waitFor();

    // Replace the code: one another creator holds is refused on the field, then a free one is saved.
    await row.getByRole('button', { name: 'Replace code' }).click();
    const dialog = page.getByRole('dialog', { name: `Replace ${isabellaName}’s code` });
    await dialog.getByLabel('Discount code').fill('taken-code');
    await dialog.getByRole('button', { name: 'Save code' }).click();
    await dialog
      .getByText(
        'The discount code TAKEN-CODE is already used by another creator of your business. Choose another code.',
      )
      .waitFor();
    await dialogScreenshot(page, 'attribution-business-code-clash-1280');
    await dialog.getByLabel('Discount code').fill('isa-glow-2');
    await dialog.getByRole('button', { name: 'Save code' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('ISA-GLOW-2', { exact: true }).waitFor();

    // Settings › Attribution & API keys: set the window, create a key (shown once).
    await page.goto('/business/settings');
    await page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'Attribution & API keys' })
      .click();
    await page.waitForURL((url) => url.pathname === '/business/settings/attribution');
    await visible(page, 'A discount code beats a link');
    const window = page.getByLabel('Attribution window (days)');
    await expect.poll(() => window.inputValue()).toBe('30');
    await window.fill('120');
    await page.getByRole('button', { name: 'Save window' }).click();
    await visible(page, 'The attribution window is 1 to 90 days.');
    await window.fill('14');
    await page.getByRole('button', { name: 'Save window' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Save window' }).isDisabled()).toBe(true);
    await page.reload();
    await expect.poll(() => window.inputValue()).toBe('14');
    // The Shopify webhook: the secret is write-only, the address appears once it is set.
    await page.getByText('Not set', { exact: true }).waitFor();
    await page.getByLabel('Signing secret', { exact: true }).fill('shpss_e2e_secret');
    await page.getByRole('button', { name: 'Save secret' }).click();
    await page.getByText('Set', { exact: true }).waitFor();
    await page
      .getByText(new RegExp(`^${ORIGIN_RE()}/api/v1/webhooks/shopify/[A-Za-z0-9_-]+/orders-create$`))
      .waitFor();
    expect(await page.getByLabel('Replace the signing secret').inputValue()).toBe('');
    expect(await page.getByText('shpss_e2e_secret').count()).toBe(0);

    await page.getByLabel('Key name').fill('E2E shop');
    await page.getByRole('button', { name: 'Create key' }).click();
    const keyDialog = page.getByRole('dialog', { name: 'Your new API key' });
    await keyDialog.getByText('Copy this key now: it is shown only once.', { exact: false }).waitFor();
    const key = ((await keyDialog.locator('code').textContent()) ?? '').trim();
    expect(key).toMatch(/^rk_/);
    await dialogScreenshot(page, 'attribution-business-key-once-1280');
    await keyDialog.getByRole('button', { name: 'I have copied it' }).click();
    await keyDialog.waitFor({ state: 'hidden' });
    const keys = page.getByRole('table', { name: 'API keys' });
    await keys.getByText('E2E shop').waitFor();
    // The key itself is nowhere on the page any more: only its prefix.
    expect(await page.getByText(key).count()).toBe(0);
    await keys.getByText('Never').waitFor();

    // The shop records an order with Isabella's new code.
    const recorded = await postConversion(key, 'E2E-1001', 'isa-glow-2');
    const body = (await recorded.json()) as { attributed_via: string; amount: string };
    expect(recorded.ok, JSON.stringify(body)).toBe(true);
    expect(body).toMatchObject({ attributed_via: 'code', amount: '49.90' });

    await page.goto(`/business/campaigns/${campaignId}`);
    await row.getByText('1 conversion · $49.90').waitFor();
    await visible(page, '0 unique clicks (0 in all) · 1 conversion · $49.90');
    await visible(page, 'Attribution window: 14 days.');
    await pageScreenshot(page, 'attribution-business-campaign-1280');

    // Revoke the key: the next order with it is refused.
    await page.goto('/business/settings/attribution');
    await keys.getByText('E2E shop').waitFor();
    await loaded(page);
    await page.getByRole('button', { name: 'Revoke E2E shop' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke this API key?' });
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await visible(page, 'No API keys yet.');
    const refused = await postConversion(key, 'E2E-1002', 'isa-glow-2');
    expect(refused.status).toBe(401);
    await settled(page);
    await pageScreenshot(page, 'attribution-business-settings-1280');
    await context.close();
  });

  it('fits the links card and the settings page into 375 px', async () => {
    const { context, page } = await newPage(browser, server.url, 375);
    await signInAs(page, 'trial@reach.local', '/business');
    await page.goto(`/business/campaigns/${campaignId}`);
    const row = page.getByRole('group', { name: isabellaName });
    await row.getByText('ISA-GLOW-2', { exact: true }).waitFor();
    await row.getByText('1 conversion · $49.90').waitFor();
    await noSidewaysScroll(page, 375);
    await pageScreenshot(page, 'attribution-business-campaign-375');
    await row.getByRole('button', { name: 'Remove code' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove the discount code?' });
    await dialogScreenshot(page, 'attribution-business-remove-code-375');
    await confirm.getByRole('button', { name: 'Remove code' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await row.getByText('No code yet').waitFor();

    await page.goto('/business/settings/attribution');
    await visible(page, 'A discount code beats a link');
    await page.getByLabel('Key name').waitFor();
    await noSidewaysScroll(page, 375);
    await pageScreenshot(page, 'attribution-business-settings-375');
    await context.close();
  });
});
