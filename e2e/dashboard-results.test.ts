import fs from 'node:fs';
import type { BusinessResults, PlatformTotals } from '@reach/contract/dashboard';
import { formatUsd } from '@reach/contract/money';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type Server, startServer } from './lib/harness';
import { apiCall, apiToken, loaded, pageScreenshot, signInAs, visible } from './lib/steps';

/*
 * Issue 14, the dashboards' results. Lumen (business "trial") owns the demo's "Glow Serum Launch" with Isabella
 * accepted: a click on her tracked link and an order with her code (through an API key) raise Lumen's results
 * across active campaigns by one click and one conversion of $49.90 this week, and the business dashboard shows
 * them as the API answers them, results first on a phone. The admin dashboard shows the platform totals from the
 * ledger for the period chosen. Screenshots at 1280 and 375 px.
 */

let server: Server;
let browser: Browser;
let lumen = '';
let admin = '';
let before: BusinessResults;
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

const results = () => apiCall<BusinessResults>(server.url, lumen, '/dashboard/businesses/results');

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_AUTH_MAX: '1000' });
  browser = await launchBrowser();
  lumen = await apiToken(server.url, 'trial@reach.local');
  admin = await apiToken(server.url, 'admin@reach.local');
  before = await results();

  const accepted = await apiCall<{
    data: { campaign: { id: number; title: string | null }; influencer: { user_id: number } }[];
  }>(server.url, lumen, '/my/connections?status=accepted&items=50');
  const glow = accepted.data.find((c) => c.campaign.title === 'Glow Serum Launch');
  expect(glow, 'Isabella on Glow Serum Launch').toBeTruthy();
  const campaignId = glow?.campaign.id ?? 0;
  const creator = glow?.influencer.user_id ?? 0;
  await apiCall(server.url, lumen, `/campaign/${campaignId}/codes/${creator}`, {
    method: 'PUT',
    body: { code: 'dash-isa' },
  });
  const attribution = await apiCall<{
    creators: { influencer_user_id: number; link: { code: string } | null }[];
  }>(server.url, lumen, `/campaign/${campaignId}/attribution`);
  const link = attribution.creators.find((c) => c.influencer_user_id === creator)?.link;
  expect(link, 'her tracked link').toBeTruthy();

  // One click by a person's browser (stored after the redirect answers), one order with her code.
  const click = await fetch(`${server.url}/r/${link?.code}`, {
    redirect: 'manual',
    headers: { 'user-agent': DESKTOP },
  });
  expect(click.status).toBe(302);
  const { key } = await apiCall<{ key: string }>(server.url, lumen, '/my/api-keys', {
    method: 'POST',
    body: { name: 'Dashboard e2e' },
  });
  const order = await fetch(`${server.url}/api/v1/conversions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      order_id: 'DASH-1',
      amount: '49.90',
      currency: 'USD',
      occurred_at: new Date().toISOString(),
      code: 'dash-isa',
    }),
  });
  expect(order.status, await order.clone().text()).toBeLessThan(300);
  // The click is stored just after the redirect answered: wait for it (bounded: 100 × 100 ms).
  for (let i = 0; i < 100 && (await results()).clicks.total === before.clicks.total; i++)
    await new Promise((resolve) => setTimeout(resolve, 100));
});
afterAll(async () => {
  if (process.env.E2E_SERVER_LOG) fs.writeFileSync(process.env.E2E_SERVER_LOG, server?.output() ?? '');
  await browser?.close();
  await server?.stop();
});

const usdOf = (r: BusinessResults) => r.revenue.find((x) => x.currency === 'USD');

async function noSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The figure tile's text, once its region has loaded. */
async function tile(region: Locator, name: string) {
  const group = region.getByRole('group', { name, exact: true });
  await group.waitFor();
  return group;
}

describe('dashboard results', () => {
  it('the business dashboard shows the results across active campaigns as the API computes them (1280 px)', async () => {
    const after = await results();
    expect(after.clicks.total).toBe(before.clicks.total + 1);
    expect(after.clicks.last_7_days).toBe(before.clicks.last_7_days + 1);
    expect(after.conversions.total).toBe(before.conversions.total + 1);
    expect(after.conversions.last_7_days).toBe(before.conversions.last_7_days + 1);
    expect((usdOf(after)?.total_cents ?? 0) - (usdOf(before)?.total_cents ?? 0)).toBe(4990);

    const { context, page } = await newPage(browser, server.url, 1280);
    await signInAs(page, 'trial@reach.local', '/business');
    const region = page.getByRole('region', { name: 'Results across active campaigns' });
    await region.waitFor();
    await loaded(page);
    const clicks = await tile(region, 'Clicks');
    await clicks.getByText(after.clicks.total.toLocaleString('en-US'), { exact: true }).waitFor();
    await clicks.getByText(`Last 7 days: ${after.clicks.last_7_days.toLocaleString('en-US')}`).waitFor();
    const conversions = await tile(region, 'Conversions');
    await conversions.getByText(after.conversions.total.toLocaleString('en-US'), { exact: true }).waitFor();
    const revenue = await tile(region, 'Revenue');
    await revenue.getByText(formatUsd(usdOf(after)?.total_cents ?? 0), { exact: true }).waitFor();
    await revenue.getByText(`Last 7 days: ${formatUsd(usdOf(after)?.last_7_days ?? 0)}`).waitFor();
    const spend = await tile(region, 'Spend');
    await spend.getByText(formatUsd(after.spend_cents.total), { exact: true }).waitFor();
    const emv = await tile(region, 'EMV');
    await emv.getByText(formatUsd(after.emv_cents.total), { exact: true }).waitFor();
    const roas = await tile(region, 'ROAS');
    if (after.roas.total.value === null) {
      await roas.getByText('—', { exact: true }).waitFor();
      await roas.getByText(after.roas.total.reason ?? '').waitFor();
    } else {
      await roas.getByText(`${after.roas.total.value.toFixed(2)}×`, { exact: true }).waitFor();
    }
    // The weeks in MM/DD/YYYY, and where each figure comes from.
    await region.getByText(/this week is \d{2}\/\d{2}\/\d{4} – \d{2}\/\d{2}\/\d{4}, compared with/).waitFor();
    await region.getByRole('button', { name: 'How these figures are computed' }).click();
    await region.getByText(after.definitions.spend).waitFor();
    // The EMV formula with Lumen's values, as the campaign report publishes it.
    expect(await region.locator('pre').textContent()).toBe(after.emv_formula);
    await pageScreenshot(page, 'dashboard-results-business-1280');
    await context.close();
  });

  it('puts the results first on a phone, without sideways scroll (375 px)', async () => {
    const { context, page } = await newPage(browser, server.url, 375, 812);
    await signInAs(page, 'trial@reach.local', '/business');
    const region = page.getByRole('region', { name: 'Results across active campaigns' });
    await tile(region, 'Clicks');
    await loaded(page);
    const resultsTop = (await region.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    const creditsTop = (await page.getByRole('heading', { name: 'Discovery credits' }).boundingBox())?.y ?? 0;
    expect(resultsTop).toBeLessThan(creditsTop);
    await noSidewaysScroll(page, 375);
    await pageScreenshot(page, 'dashboard-results-business-375');
    await context.close();
  });

  it('the admin dashboard shows the platform totals of the chosen period with their definitions', async () => {
    const totals = (period: string) =>
      apiCall<PlatformTotals>(server.url, admin, `/dashboard/admin/totals?period=${period}`);
    const last30 = await totals('last_30_days');
    const allTime = await totals('all_time');
    expect(allTime.figures.find((f) => f.key === 'gmv')?.previous_cents).toBeNull();

    for (const width of [1280, 375]) {
      const { context, page } = await newPage(browser, server.url, width);
      await signInAs(page, 'admin@reach.local', '/admin');
      const region = page.getByRole('region', { name: 'Platform totals' });
      await region.waitFor();
      for (const figure of last30.figures) {
        const group = await tile(region, figure.label);
        await group.getByText(formatUsd(figure.cents), { exact: true }).waitFor();
        await group.getByText(`Previous period: ${formatUsd(figure.previous_cents ?? 0)}`).waitFor();
        await group.getByText(figure.definition).waitFor();
      }
      await region.getByText(/^From \d{2}\/\d{2}\/\d{4} to \d{2}\/\d{2}\/\d{4}, compared with/).waitFor();
      if (width === 375) await noSidewaysScroll(page, 375);
      await pageScreenshot(page, `dashboard-results-admin-${width}`);

      await region.getByLabel('Period').selectOption('all_time');
      await visible(page, /^Everything in the ledger up to \d{2}\/\d{2}\/\d{4}/);
      await loaded(page);
      for (const figure of allTime.figures) {
        const group = await tile(region, figure.label);
        await group.getByText(formatUsd(figure.cents), { exact: true }).waitFor();
        expect(await group.getByText('Previous period').count()).toBe(0);
      }
      if (width === 1280) await pageScreenshot(page, 'dashboard-results-admin-all-time-1280');
      await context.close();
    }
  });
});
