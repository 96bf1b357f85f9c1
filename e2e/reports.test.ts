import crypto from 'node:crypto';
import fs from 'node:fs';
import { formatUsd } from '@reach/contract/money';
import {
  type CampaignReport,
  DEFAULT_EMV_RATES,
  emvCents,
  emvFormula,
  postEmvUnits,
} from '@reach/contract/reports';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type Server, startServer } from './lib/harness';
import { apiCall, apiToken, pageScreenshot, settled, signInAs, visible } from './lib/steps';

/*
 * Issue 14, acceptance: the campaign report. The demo's "Glow Serum Launch" (Lumen, business "trial": a
 * combination campaign — cash per post and a product — with URL tracking on) has Isabella accepted and her
 * approved, paid post with metrics. Isabella copies her link and code on her connection page; her link is
 * followed four times (one a repeat within 30 minutes); three orders arrive — one with her code through the
 * API, one with a click id through the API, one through Shopify's signed webhook (the click id in
 * landing_site). Lumen opens the report from the campaign page: the conversions, revenue, EMV (as the formula
 * shown on the page says, recomputed here from each post's figures) and ROAS; downloads the per-creator CSV
 * and the PDF and opens them; opens Isabella's creator report. Screenshots at 1280 and 375 px.
 */

let server: Server;
let browser: Browser;
let campaignId = 0;
let connectionId = 0;
let isabellaId = 0;
let lumen = '';
const SECRET = 'shpss_e2e_reports_4f1a9c';

const follow = async (url: string, userAgent: string, ip: string) => {
  const res = await fetch(url, {
    redirect: 'manual',
    headers: { 'user-agent': userAgent, 'x-forwarded-for': ip },
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') ?? '').searchParams.get('rc_id') ?? '';
};

async function report(): Promise<CampaignReport> {
  return apiCall<CampaignReport>(server.url, lumen, `/campaign/${campaignId}/report`);
}

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_AUTH_MAX: '1000' });
  browser = await launchBrowser();
  const isabella = await apiToken(server.url, 'influencer@reach.local');
  const mine = await apiCall<{
    data: { id: number; campaign: { id: number; title: string | null }; influencer: { user_id: number } }[];
  }>(server.url, isabella, '/my/connections?status=accepted&items=50');
  const glow = mine.data.find((c) => c.campaign.title === 'Glow Serum Launch');
  expect(glow, 'the demo connection on Glow Serum Launch').toBeTruthy();
  connectionId = glow?.id ?? 0;
  campaignId = glow?.campaign.id ?? 0;
  isabellaId = glow?.influencer.user_id ?? 0;
  lumen = await apiToken(server.url, 'trial@reach.local');
  await apiCall(server.url, lumen, `/campaign/${campaignId}/codes/${isabellaId}`, {
    method: 'PUT',
    body: { code: 'isa-report' },
  });
});
afterAll(async () => {
  if (process.env.E2E_SERVER_LOG) fs.writeFileSync(process.env.E2E_SERVER_LOG, server?.output() ?? '');
  await browser?.close();
  await server?.stop();
});

async function copied(page: Page, label: string): Promise<string> {
  await page.getByRole('button', { name: `Copy ${label}` }).click();
  await page.getByRole('button', { name: 'Copied' }).first().waitFor();
  return page.evaluate(() => navigator.clipboard.readText());
}

describe('the campaign report', () => {
  it('shows clicks, three conversions (code, click id, Shopify), EMV and ROAS as the formula says; CSV and PDF open', async () => {
    const before = await report();

    // Isabella copies her link and code.
    const creator = await newPage(browser, server.url, 1280);
    await creator.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await signInAs(creator.page, 'influencer@reach.local', '/influencer');
    await creator.page.goto(`/influencer/connections/${connectionId}`);
    await visible(creator.page, 'Your link and code');
    const link = await copied(creator.page, 'tracked link');
    expect(link).toMatch(/\/r\/[A-Za-z0-9_-]{12}$/);
    const code = await copied(creator.page, 'discount code');
    expect(code).toBe('ISA-REPORT');
    await creator.context.close();

    // Her audience: an iPhone twice within 30 minutes (counted once), a laptop, a bot (not counted).
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
    const laptop = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';
    const first = await follow(link, iphone, '203.0.113.20');
    await follow(link, iphone, '203.0.113.20');
    const second = await follow(link, laptop, '203.0.113.21');
    await follow(link, 'Mozilla/5.0 (compatible; Googlebot/2.1)', '66.249.66.1');
    await expect
      .poll(async () => (await report()).totals.clicks.total - before.totals.clicks.total, {
        timeout: 10_000,
      })
      .toBe(3);

    // Three orders: the code through the API, a click id through the API, a signed Shopify order.
    const key = (
      await apiCall<{ key: string }>(server.url, lumen, '/my/api-keys', {
        method: 'POST',
        body: { name: 'E2E shop' },
      })
    ).key;
    const now = new Date().toISOString();
    const post = async (body: object) => {
      const res = await fetch(`${server.url}/api/v1/conversions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { attributed_via: string };
    };
    expect(
      (await post({ order_id: 'E2E-1', amount: '40.00', currency: 'USD', occurred_at: now, code }))
        .attributed_via,
    ).toBe('code');
    expect(
      (
        await post({
          order_id: 'E2E-2',
          amount: '60.00',
          currency: 'USD',
          occurred_at: now,
          click_id: second,
        })
      ).attributed_via,
    ).toBe('click');
    const settings = await apiCall<{ shopify: { webhook_path: string } }>(
      server.url,
      lumen,
      '/my/attribution-settings',
      {
        method: 'PUT',
        body: { shopify_webhook_secret: SECRET },
      },
    );
    const raw = JSON.stringify({
      id: 7_770_001,
      total_price: '25.50',
      currency: 'USD',
      created_at: now,
      discount_codes: [],
      landing_site: `/products/glow?utm_source=reach&rc_id=${first}`,
    });
    const shopify = await fetch(`${server.url}${settings.shopify.webhook_path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-shopify-hmac-sha256': crypto.createHmac('sha256', SECRET).update(raw).digest('base64'),
      },
      body: raw,
    });
    expect(await shopify.json()).toMatchObject({ received: true, attributed_via: 'click' });

    const r = await report();
    expect(r.totals.conversions - before.totals.conversions).toBe(3);
    expect(r.totals.revenue_usd_cents - before.totals.revenue_usd_cents).toBe(12_550);
    expect(r.totals.clicks.unique - before.totals.clicks.unique).toBe(2);
    // EMV as the published formula says, recomputed from each approved post's figures.
    expect(r.method.emv_formula).toBe(emvFormula(DEFAULT_EMV_RATES));
    expect(r.top_posts.length).toBe(r.totals.posts);
    const recomputed = emvCents(
      r.top_posts.reduce(
        (n, p) => n + postEmvUnits({ ...p, reach: null, impressions: p.impressions }, DEFAULT_EMV_RATES),
        0,
      ),
    );
    expect(r.totals.emv_cents).toBe(recomputed);
    expect(r.totals.spend.cents).toBeGreaterThan(0);
    const roas = Math.round((r.totals.revenue_usd_cents / r.totals.spend.cents) * 100) / 100;
    expect(r.totals.ratios.roas.value).toBe(roas);
    const isabella = r.creators.find((c) => c.influencer_user_id === isabellaId);
    expect(isabella?.conversions).toBeGreaterThanOrEqual(3);

    for (const width of [1280, 375]) {
      const { context, page } = await newPage(browser, server.url, width, width === 375 ? 812 : 800);
      await signInAs(page, 'trial@reach.local', '/business');
      await page.goto(`/business/campaigns/${campaignId}`);
      await page.getByRole('link', { name: 'Report' }).click();
      await page.waitForURL(`**/business/campaigns/${campaignId}/report`);
      await visible(page, 'Report: Glow Serum Launch');
      await settled(page);
      const totals = page.getByRole('region', { name: 'Totals' });
      await expect
        .poll(() => totals.getByText(formatUsd(r.totals.emv_cents), { exact: true }).count())
        .toBe(1);
      await expect.poll(() => totals.getByText(`${roas.toFixed(2)}×`, { exact: true }).count()).toBe(1);
      await expect
        .poll(() => totals.getByText(String(r.totals.conversions), { exact: true }).count())
        .toBeGreaterThan(0);
      expect(await page.getByTestId('emv-formula').textContent()).toBe(r.method.emv_formula);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await pageScreenshot(page, `reports-campaign-${width}`);

      if (width === 1280) {
        // The per-creator CSV: Isabella's row with her conversions.
        const csvDownload = page.waitForEvent('download');
        await page.getByRole('region', { name: 'Per creator' }).getByRole('button', { name: 'CSV' }).click();
        const csv = await csvDownload;
        expect(csv.suggestedFilename()).toBe(`campaign-${campaignId}-creators.csv`);
        const text = fs.readFileSync((await csv.path()) as string, 'utf8');
        const [header, ...rows] = text.trim().split('\r\n');
        expect(header).toMatch(/^Creator,Handle,Spend \(USD\),/);
        const row = rows.find((l) => l.startsWith(isabella?.name ?? '?')) ?? '';
        expect(row.split(',')[7]).toBe(String(isabella?.conversions));

        // The PDF.
        const pdfDownload = page.waitForEvent('download');
        await page.getByRole('button', { name: 'PDF' }).click();
        const pdf = await pdfDownload;
        expect(pdf.suggestedFilename()).toBe(`campaign-${campaignId}-report.pdf`);
        const bytes = fs.readFileSync((await pdf.path()) as string);
        expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
        expect(bytes.toString('latin1')).toContain('%%EOF');

        // Isabella's report across Lumen's campaigns.
        await page
          .getByRole('region', { name: 'Per creator' })
          .getByRole('link', { name: isabella?.name ?? '?' })
          .click();
        await page.waitForURL(`**/business/reports/creators/${isabellaId}`);
        await visible(page, `Report: ${isabella?.name}`);
        await visible(page, 'Per campaign');
        await pageScreenshot(page, 'reports-creator-1280');
      }
      await context.close();
    }
  });

  it('lets the business set its EMV values, and the report follows them', async () => {
    const { context, page } = await newPage(browser, server.url, 1280);
    await signInAs(page, 'trial@reach.local', '/business');
    await page.goto('/business/settings/attribution');
    await visible(page, 'Earned media value (EMV)');
    const like = page.getByLabel('Instagram: per like');
    await like.fill('150');
    await page.getByRole('button', { name: 'Save EMV values' }).click();
    await visible(page, 'Enter a value from $0 to $100, with at most 4 decimal places.');
    await like.fill('0.5');
    await page.getByRole('button', { name: 'Save EMV values' }).click();
    await visible(page, 'Your values');
    await visible(page, /likes × \$0\.50/);
    await pageScreenshot(page, 'reports-emv-settings-1280');
    const r = await report();
    expect(r.method.emv_rates.instagram.like).toBe(0.5);
    await page.getByRole('button', { name: 'Use REACH defaults' }).click();
    await visible(page, 'REACH defaults');
    await context.close();
  });
});
