import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type Server, startServer } from './lib/harness';
import { apiCall, apiToken, pageScreenshot, signInAs, visible } from './lib/steps';

/*
 * Issue 12, outreach you can follow: a discovery invite and a CSV of two addresses become outreach records
 * with their status on the campaign page, the admin's campaign page and the business's connections page;
 * the CSV card's "invited" figure is what was recorded and mailed. Screenshots at 1280 and 375 px.
 */

let server: Server;
let browser: Browser;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reach-e2e-outreach-'));

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_AUTH_MAX: '1000' });
  browser = await launchBrowser();
}, 600_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const outreachCard = (page: Page) => page.getByRole('region', { name: 'Outreach' });

describe('outreach', () => {
  it('a discovery invite and a CSV of two show on the campaign and connections pages with their status', {
    timeout: 600_000,
  }, async () => {
    const pro = await apiToken(server.url, 'pro@reach.local');
    const campaigns = await apiCall<{ data: { id: number; title: string | null }[] }>(
      server.url,
      pro,
      '/campaigns/active',
    );
    const campaign = campaigns.data[0]!;
    const invite = await apiCall<{ id: number; email: string }>(
      server.url,
      pro,
      '/discovery/invite/message',
      {
        method: 'POST',
        body: {
          modash_id: 'e2e-outreach-creator',
          campaign_id: campaign.id,
          email: 'river.stone@example.com',
          message: 'We would love to have you on this campaign.',
        },
      },
    );
    expect(invite.email).toBe('river.stone@example.com');

    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'pro@reach.local', '/business');
    await page.goto(`/business/campaigns/${campaign.id}`);
    const card = outreachCard(page);
    await card.getByText('river.stone@example.com').waitFor();
    await expect.poll(() => card.getByText('Sent', { exact: true }).count()).toBeGreaterThan(0);

    // A CSV of two addresses: two invited, two records mailed.
    const csv = path.join(tmp, 'two.csv');
    fs.writeFileSync(csv, 'email\nlake.one@example.com\nlake.two@example.com\n');
    await page.getByLabel('CSV file of influencers to invite').setInputFiles(csv);
    await visible(page, /2 invited · 0 failed/, 30_000);
    await card.getByText('lake.one@example.com').waitFor();
    await card.getByText('lake.two@example.com').waitFor();
    const mailed = await apiCall<{ data: { email: string | null; status: string; source: string }[] }>(
      server.url,
      pro,
      `/campaign/${campaign.id}/outreach?items=50`,
    );
    expect(
      mailed.data
        .filter((r) => r.email?.startsWith('lake.'))
        .map((r) => [r.email, r.source, r.status])
        .sort(),
    ).toEqual([
      ['lake.one@example.com', 'csv', 'sent'],
      ['lake.two@example.com', 'csv', 'sent'],
    ]);
    await card.scrollIntoViewIfNeeded();
    await pageScreenshot(page, 'outreach-campaign-1280');

    await page.goto('/business/connections');
    const panel = outreachCard(page);
    await panel
      .getByText('river.stone@example.com')
      .waitFor()
      .catch(async (error) => {
        await pageScreenshot(page, 'outreach-connections-debug');
        throw error;
      });
    await panel.getByText('lake.two@example.com').waitFor();
    await pageScreenshot(page, 'outreach-connections-1280');
    await context.close();

    const admin = await newPage(browser, server.url);
    await signInAs(admin.page, 'admin@reach.local', '/admin');
    await admin.page.goto(`/admin/campaigns/${campaign.id}`);
    await outreachCard(admin.page).getByText('lake.one@example.com').waitFor();
    await pageScreenshot(admin.page, 'outreach-admin-campaign-1280');
    await admin.context.close();

    const mobile = await newPage(browser, server.url, 375, 812);
    await signInAs(mobile.page, 'pro@reach.local', '/business');
    await mobile.page.goto(`/business/campaigns/${campaign.id}`);
    await outreachCard(mobile.page).getByText('river.stone@example.com').waitFor();
    const overflow = await mobile.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await pageScreenshot(mobile.page, 'outreach-campaign-375');
    await mobile.page.goto('/business/connections');
    await outreachCard(mobile.page).getByText('lake.one@example.com').waitFor();
    await pageScreenshot(mobile.page, 'outreach-connections-375');
    await mobile.context.close();
  });
});
